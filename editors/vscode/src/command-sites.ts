// Where the server offers a command in the active editor: its code actions at the cursor and its
// code lenses, with the arguments it gave them. The palette uses these to run a job on the test
// at the cursor with exactly the arguments the server expects. Extension host main thread.
import * as vscode from 'vscode';

import { argumentsAt, CommandSite } from './server-commands';

export async function serverArgumentsAt(command: string): Promise<unknown[]> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return [];
  const uri = editor.document.uri;
  const cursor = editor.selection.active;
  const sites: CommandSite[] = [];
  const actions = (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
    'vscode.executeCodeActionProvider', uri, new vscode.Range(cursor, cursor))) ?? [];
  for (const a of actions) {
    const cmd = typeof a.command === 'string' ? (a as vscode.Command) : (a as vscode.CodeAction).command;
    if (cmd) sites.push({ line: cursor.line, command: cmd.command, arguments: cmd.arguments });
  }
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  for (const l of lenses) {
    if (l.command) sites.push({ line: l.range.start.line, command: l.command.command, arguments: l.command.arguments });
  }
  return argumentsAt(sites, command, cursor.line, uri.toString());
}
