// "Add Failing Test from the Selection": asks the server's code actions at the selection for its
// "Add failing test" actions (best target file first, alternatives after), lets the user pick one
// when there are several, and applies it. Falls back to a `pt2bb.addFailingTest` server command
// when the server offers one instead. Extension host main thread.
import * as vscode from 'vscode';

import { Pt2bbContext } from './context';
import { addTestActions, describeResult } from './server-commands';

const ADD_TEST = 'pt2bb.addFailingTest';

export function activate(ctx: Pt2bbContext): void {
  ctx.subscriptions.push(
    vscode.commands.registerCommand('pt2bb.addFailingTestFromSelection', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showWarningMessage('PT2: open the repro (or select it) first.');
        return;
      }
      const doc = editor.document;
      // No selection means the whole repro script.
      const range = editor.selection.isEmpty ? new vscode.Range(0, 0, doc.lineCount, 0) : editor.selection;
      const all = (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
        'vscode.executeCodeActionProvider', doc.uri, range)) ?? [];
      const actions = addTestActions(all.map((a) => ({ title: a.title, isPreferred: 'isPreferred' in a ? a.isPreferred : false, action: a })));
      if (actions.length > 0) {
        const pick = actions.length === 1 ? actions[0]
          : await vscode.window.showQuickPick(actions.map((a) => ({ label: a.title, description: a.isPreferred ? 'best match' : '', a })),
            { placeHolder: 'Where should the failing test go?' }).then((p) => p?.a);
        if (pick) await apply(pick.action);
        return;
      }
      if (ctx.serverCommands().includes(ADD_TEST)) {
        try {
          const result = await ctx.executeServerCommand(ADD_TEST, [{ uri: doc.uri.toString(), range: toLsp(range) }]);
          void vscode.window.showInformationMessage(describeResult(ADD_TEST, result));
        } catch (err) {
          void vscode.window.showErrorMessage(`PT2: adding the test failed: ${err instanceof Error ? err.message : String(err)}`);
        }
        return;
      }
      void vscode.window.showInformationMessage('PT2: the server offers no "Add failing test" action for this selection.');
    }),
  );
}

// vscode.executeCodeActionProvider returns CodeActions and bare Commands; a Command's `command`
// is its id (a string), a CodeAction's is an optional Command object run after its edit.
async function apply(action: vscode.CodeAction | vscode.Command): Promise<void> {
  if (typeof action.command === 'string') {
    const cmd = action as vscode.Command;
    await vscode.commands.executeCommand(cmd.command, ...(cmd.arguments ?? []));
    return;
  }
  const ca = action as vscode.CodeAction;
  if (ca.edit && !(await vscode.workspace.applyEdit(ca.edit))) {
    void vscode.window.showErrorMessage('PT2: the test could not be inserted (the file changed?).');
    return;
  }
  if (ca.command) await vscode.commands.executeCommand(ca.command.command, ...(ca.command.arguments ?? []));
}

function toLsp(r: vscode.Range) {
  return { start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } };
}
