// The extension's settings (the `pt2bb.*` section) and what the server is told from them.
// Pure: no `vscode` import, so the unit tests run in plain Node. Called on the extension host's
// main thread.

// What settings.ts needs from a configuration source: VS Code's WorkspaceConfiguration fits.
export interface SettingsSource {
  get<T>(key: string): T | undefined;
}

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'off';

export interface Settings {
  serverPath: string;
  condaEnv: string;
  pythonPath: string;
  logGlobs: string[];
  language: string;  // '' = the editor's display language.
  serverLogLevel: LogLevel;
}

const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'off'];
export const DEFAULT_LOG_GLOBS: readonly string[] = ['**/*.log', '**/*.txt'];

function str(source: SettingsSource, key: string): string {
  const v = source.get<unknown>(key);
  return typeof v === 'string' ? v.trim() : '';
}

// Reads the settings, replacing values of the wrong type by their defaults (settings.json is
// edited by hand, and a bad value must not stop the server from starting).
export function readSettings(source: SettingsSource): Settings {
  const globs = source.get<unknown>('logGlobs');
  const level = str(source, 'serverLogLevel') as LogLevel;
  return {
    serverPath: str(source, 'serverPath'),
    condaEnv: str(source, 'condaEnv'),
    pythonPath: str(source, 'pythonPath'),
    logGlobs: Array.isArray(globs)
      ? globs.filter((g): g is string => typeof g === 'string' && g.trim() !== '').map((g) => g.trim())
      : [...DEFAULT_LOG_GLOBS],
    language: str(source, 'language'),
    serverLogLevel: LOG_LEVELS.includes(level) ? level : 'warn',
  };
}

// The server's initializationOptions (merged into its settings). `trusted` is false in a
// workspace VS Code has not trusted: the server then runs no processes.
export interface InitializationOptions {
  trusted: boolean;
  language: string;
  pythonPath: string;
  condaEnv: string;
  logGlobs: string[];
}

export function initializationOptions(settings: Settings, trusted: boolean, displayLanguage: string): InitializationOptions {
  return {
    trusted,
    language: settings.language || displayLanguage,
    // An untrusted workspace must not choose which interpreter runs: VS Code already drops the
    // workspace's own values of these restricted settings; this also drops the user's, because
    // the server will not run them anyway.
    pythonPath: trusted ? settings.pythonPath : '',
    condaEnv: trusted ? settings.condaEnv : '',
    logGlobs: settings.logGlobs,
  };
}

// The command line of the server process.
export function serverArgs(settings: Settings): string[] {
  return ['lsp', '--log-level', settings.serverLogLevel];
}

// Settings whose change needs a new server process (the others reach the running server through
// workspace/didChangeConfiguration).
export const RESTART_KEYS: readonly string[] = ['serverPath', 'serverLogLevel', 'language', 'logGlobs'];
