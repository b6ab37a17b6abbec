// "Run a Server Command…": a quick pick of every command the running server advertises in its
// initialize result (read at run time, so commands a newer server adds appear here without a new
// extension). Triage and add-test go to their own palette entries; the others run with the
// arguments the server gives at the cursor (its code actions and lenses), else the current file.
// Extension host main thread.
import * as vscode from 'vscode';

import { serverArgumentsAt } from './command-sites';
import { Pt2bbContext } from './context';
import { describeResult, titleOf } from './server-commands';

// Server commands that need input the quick pick cannot give: they map to palette entries.
const DEDICATED: Readonly<Record<string, string>> = {
  'pt2bb.triage': 'pt2bb.triageFile',
  'pt2bb.addFailingTest': 'pt2bb.addFailingTestFromSelection',
};

export function activate(ctx: Pt2bbContext): void {
  ctx.subscriptions.push(
    vscode.commands.registerCommand('pt2bb.runServerCommand', async () => {
      const commands = ctx.serverCommands();
      if (commands.length === 0) {
        void vscode.window.showInformationMessage('PT2: the server advertises no commands (is it running?).');
        return;
      }
      const pick = await vscode.window.showQuickPick(
        commands.map((c) => ({ label: titleOf(c), description: c, command: c })),
        { placeHolder: 'pt2bb server command' },
      );
      if (!pick) return;
      const dedicated = DEDICATED[pick.command];
      if (dedicated) {
        await vscode.commands.executeCommand(dedicated);
        return;
      }
      try {
        const result = await ctx.executeServerCommand(pick.command, await serverArgumentsAt(pick.command));
        void vscode.window.showInformationMessage(describeResult(pick.command, result));
      } catch (err) {
        void vscode.window.showErrorMessage(`PT2: ${pick.command} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }),
  );
}
