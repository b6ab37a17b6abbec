// What the extension knows about the server's workspace/executeCommand commands: a palette title
// for each known one, a readable title for the others, the context keys that show the palette
// entries, the arguments of pt2bb.triage, and how a command's result is shown. Pure (no `vscode`
// import) so the unit tests run in plain Node. Extension host main thread.

// Titles of the commands we know; any other command the server advertises is shown under a title
// made from its name, so new server commands appear without a new extension.
export const KNOWN_COMMANDS: Readonly<Record<string, string>> = {
  'pt2bb.triage': 'Triage a log (file, selection or clipboard)',
  'pt2bb.addFailingTest': 'Add a failing test from a repro',
  'pt2bb.checkEnvironment': 'Check the Python environment',
  'pt2bb.minimize': 'Minimize the repro',
  'pt2bb.validateOnMain': 'Validate the test on main',
};

// Palette entries of the server's workflow jobs (package.json ids -> server commands). Each runs
// its server command with the arguments the server itself gives at the cursor (from its code
// actions or code lenses), else with the current file.
export const JOB_PALETTE: Readonly<Record<string, string>> = {
  'pt2bb.palette.checkEnvironment': 'pt2bb.checkEnvironment',
  'pt2bb.palette.reproduce': 'pt2bb.reproduce',
  'pt2bb.palette.collectLogs': 'pt2bb.collectLogs',
  'pt2bb.palette.inspectArtifacts': 'pt2bb.inspectArtifacts',
  'pt2bb.palette.minimize': 'pt2bb.minimize',
  'pt2bb.palette.validateOnMain': 'pt2bb.validateOnMain',
  'pt2bb.palette.verify': 'pt2bb.verify',
  'pt2bb.palette.celebrate': 'pt2bb.celebrate',
  'pt2bb.palette.listJobs': 'pt2bb.listJobs',
};

// A server command found in the document (a code action at the cursor or a code lens).
export interface CommandSite {
  line: number;  // 0-based line of the lens or action.
  command: string;
  arguments?: unknown[];
}

// The arguments for `command` at `cursorLine`: those of the nearest site at or above the cursor
// (a test method's lens sits on its `def` line), else the first site, else the current file.
export function argumentsAt(sites: readonly CommandSite[], command: string, cursorLine: number, uri: string | undefined): unknown[] {
  const mine = sites.filter((s) => s.command === command && Array.isArray(s.arguments));
  const above = mine.filter((s) => s.line <= cursorLine).sort((a, b) => b.line - a.line);
  const best = above[0] ?? mine[0];
  if (best) return best.arguments as unknown[];
  return uri ? [{ uri }] : [];
}

// "pt2bb.collectLogs" -> "Collect logs"; "pt2bb.validate_on_main" -> "Validate on main".
export function titleOf(command: string): string {
  const known = KNOWN_COMMANDS[command];
  if (known) return known;
  const name = command.replace(/^pt2bb[./:]/, '');
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._\-/]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : command;
}

// The context key that says the server advertises `command` (used in package.json `when`
// clauses): "pt2bb.triage" -> "pt2bb.serverCommand.triage".
export function contextKeyOf(command: string): string {
  return 'pt2bb.serverCommand.' + command.replace(/^pt2bb\./, '');
}

// The commands listed in the initialize result, deduplicated, in the server's order. Tolerates a
// missing or malformed capability (then there is nothing to run).
export function advertisedCommands(capabilities: unknown): string[] {
  const provider = (capabilities as { executeCommandProvider?: { commands?: unknown } } | undefined)?.executeCommandProvider;
  const list = provider?.commands;
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((c): c is string => typeof c === 'string' && c !== ''))];
}

// The argument of pt2bb.triage: a file on disk is sent by path (the server streams it, however
// large); text that is not on disk (a selection, the clipboard, an unsaved buffer) is sent as is.
export type TriageInput = { path: string } | { text: string; name?: string };

export function triageArguments(input: TriageInput): unknown[] {
  return [input];
}

// Why a triage request cannot be sent, or undefined when it can.
export function triageInputProblem(input: TriageInput): string | undefined {
  if ('path' in input) return input.path === '' ? 'The file has no path on disk.' : undefined;
  return input.text.trim() === '' ? 'There is no text to triage (empty selection or clipboard).' : undefined;
}

// One line for a command's result: the server answers null, a string, or an object with a
// summary / message / title (and for triage a category).
export function describeResult(command: string, result: unknown): string {
  const title = titleOf(command);
  if (result === null || result === undefined) return `${title}: done.`;
  if (typeof result === 'string') return result;
  if (Array.isArray(result) && result.every((r) => typeof r === 'object' && r !== null && 'title' in r)) {
    if (result.length === 0) return `${title}: none.`;
    return `${title}: ` + result.map((r) => `${(r as { title: string }).title}${(r as { state?: string }).state ? ` (${(r as { state: string }).state})` : ''}`).join('; ');
  }
  if (typeof result === 'object' && !Array.isArray(result)) {
    const r = result as Record<string, unknown>;
    const str = (k: string) => (typeof r[k] === 'string' && r[k] !== '' ? (r[k] as string) : undefined);
    // A triage report: its category (or title), how many findings, and its one-line summary.
    if (str('category')) {
      const n = Array.isArray(r.findings) ? ` (${r.findings.length} finding${r.findings.length === 1 ? '' : 's'})` : '';
      return `${str('title') ?? str('category')}${n}${str('summary') ? `: ${str('summary')}` : '.'}`;
    }
    for (const key of ['summary', 'headline', 'message', 'title']) {
      if (str(key)) return str(key) as string;
    }
  }
  return `${title}: done.`;
}

// A code action as the add-test command sees it (VS Code's CodeAction and Command both fit).
export interface ActionLike {
  title: string;
  isPreferred?: boolean;
}

// The "Add failing test" actions among the code actions at the selection, preferred first (the
// server marks its best target file as preferred and offers the next ones as alternatives).
export function addTestActions<T extends ActionLike>(actions: readonly T[]): T[] {
  return actions
    .filter((a) => /\badd\b.*\bfailing test\b/i.test(a.title))
    .sort((a, b) => Number(!!b.isPreferred) - Number(!!a.isPreferred));
}
