// Finds the pt2bb executable: the `pt2bb.serverPath` setting, else `pt2bb` on PATH, else the
// binary bundled in the extension's `server/` folder. Pure apart from the `isExecutable` probe it
// is given, so the unit tests can run it on a temporary folder. Extension host main thread.
import * as path from 'path';

export interface ServerLocation {
  path: string;
  source: 'setting' | 'PATH' | 'bundled';
}

export interface LookupEnv {
  PATH?: string;
  HOME?: string;
}

export interface Lookup {
  env: LookupEnv;
  extensionDir: string;
  workspaceFolder?: string;
  isExecutable(file: string): boolean;
}

export const SERVER_NAME = 'pt2bb';

// Expands `~` and `${workspaceFolder}` / `${userHome}` as VS Code users expect in a path setting.
export function expandPath(value: string, lookup: Pick<Lookup, 'env' | 'workspaceFolder'>): string {
  let p = value.trim();
  const home = lookup.env.HOME ?? '';
  if (home && (p === '~' || p.startsWith('~/'))) p = home + p.slice(1);
  p = p.replace(/\$\{userHome\}/g, home);
  if (lookup.workspaceFolder !== undefined) p = p.replace(/\$\{workspaceFolder\}/g, lookup.workspaceFolder);
  return p;
}

// The executable to start, or an error message that says what was tried.
export function findServer(configured: string, lookup: Lookup): ServerLocation | { error: string } {
  if (configured.trim() !== '') {
    const p = expandPath(configured, lookup);
    if (p.includes('${')) return { error: `pt2bb.serverPath "${configured}" has a variable that cannot be expanded here` };
    // A bare name ("pt2bb-dev") is looked up on PATH like a shell would.
    if (!p.includes('/')) {
      const onPath = searchPath(p, lookup);
      if (onPath) return { path: onPath, source: 'setting' };
      return { error: `pt2bb.serverPath "${configured}" was not found on PATH` };
    }
    const abs = path.isAbsolute(p) ? p : path.resolve(lookup.workspaceFolder ?? lookup.extensionDir, p);
    if (lookup.isExecutable(abs)) return { path: abs, source: 'setting' };
    return { error: `pt2bb.serverPath "${configured}" (${abs}) is not an executable file` };
  }
  const onPath = searchPath(SERVER_NAME, lookup);
  if (onPath) return { path: onPath, source: 'PATH' };
  const bundled = path.join(lookup.extensionDir, 'server', SERVER_NAME);
  if (lookup.isExecutable(bundled)) return { path: bundled, source: 'bundled' };
  return {
    error: `no ${SERVER_NAME} executable: not on PATH and not bundled in ${path.join(lookup.extensionDir, 'server')}; set pt2bb.serverPath`,
  };
}

function searchPath(name: string, lookup: Lookup): string | undefined {
  for (const dir of (lookup.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;  // An empty entry would mean the extension host's cwd: never wanted.
    const candidate = path.join(dir, name);
    if (lookup.isExecutable(candidate)) return candidate;
  }
  return undefined;
}
