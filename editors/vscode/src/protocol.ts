// The server's extensions to LSP that the extension listens to, typed (no `any` payloads).
// Pure type declarations plus method names; shared by the features and the unit tests.

// `pt2bb/status` (server -> client notification): the environment the server's jobs run in.
// Every field is optional: the server sends what it knows, and an older server sends nothing.
export interface StatusParams {
  environment?: string;   // e.g. "conda: pt-nightly" or "python: /usr/bin/python3"
  python?: string;        // The interpreter's path.
  torchVersion?: string;  // e.g. "2.5.0a0+git1234abc"
  ok?: boolean;           // false when torch does not import or the environment is not active.
  message?: string;       // A sentence for the tooltip (e.g. which environment to activate).
}

export const STATUS_NOTIFICATION = 'pt2bb/status';
