// The server's extensions to LSP that the extension listens to, typed (no `any` payloads).
// Pure type declarations plus method names; shared by the features and the unit tests.

// `pt2bb/status` (server -> client notification), sent after each environment check: the
// environment the server's jobs run in and the torch version found there. Fields may be missing
// (an older server) and torchVersion is null when torch does not import.
export interface StatusParams {
  environment?: string;          // e.g. "conda env pt-nightly" or "/usr/bin/python3"
  torchVersion?: string | null;  // e.g. "2.6.0a0+git1a2b3c"
  state?: 'ready' | 'noPython' | 'noTorch' | string;
  message?: string;              // A sentence for the tooltip (e.g. which environment to activate).
}

export const STATUS_NOTIFICATION = 'pt2bb/status';
