// Palette commands that triage failure output with the server's `pt2bb.triage` command: the
// current file (by path when it is saved, else its text), the selection, or the clipboard. The
// server runs it as a background job with LSP progress (shown by the language client) and
// publishes the findings as diagnostics on the source lines they concern.
// Extension host main thread.
import * as vscode from 'vscode';

import { Pt2bbContext } from './context';
import { describeResult, triageArguments, TriageInput, triageInputProblem } from './server-commands';

const TRIAGE = 'pt2bb.triage';

export function activate(ctx: Pt2bbContext): void {
  const run = async (input: TriageInput | undefined) => {
    if (!input) return;
    const problem = triageInputProblem(input);
    if (problem) {
      void vscode.window.showWarningMessage(`PT2 triage: ${problem}`);
      return;
    }
    if (!ctx.serverCommands().includes(TRIAGE)) {
      void vscode.window.showWarningMessage('PT2 triage: this pt2bb server has no triage command (update pt2bb).');
      return;
    }
    try {
      const result = await ctx.executeServerCommand(TRIAGE, triageArguments(input));
      void vscode.window.showInformationMessage(describeResult(TRIAGE, result));
    } catch (err) {
      void vscode.window.showErrorMessage(`PT2 triage failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  ctx.subscriptions.push(
    vscode.commands.registerCommand('pt2bb.triageFile', (uri?: vscode.Uri) => run(fileInput(uri))),
    vscode.commands.registerCommand('pt2bb.triageSelection', () => run(selectionInput())),
    vscode.commands.registerCommand('pt2bb.triageClipboard', async () =>
      run({ text: await vscode.env.clipboard.readText(), name: 'clipboard' }),
    ),
  );
}

// The explorer passes the file's URI; the palette means the active editor.
function fileInput(uri: vscode.Uri | undefined): TriageInput | undefined {
  const doc = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) : vscode.window.activeTextEditor?.document;
  if (!doc) {
    if (uri?.scheme === 'file') return { path: uri.fsPath };
    void vscode.window.showWarningMessage('PT2 triage: open the log file first.');
    return undefined;
  }
  // Unsaved changes or a buffer that is not on disk: what the user sees is the text to triage.
  if (doc.uri.scheme === 'file' && !doc.isDirty) return { path: doc.uri.fsPath };
  return { text: doc.getText(), name: doc.uri.path.split('/').pop() };
}

function selectionInput(): TriageInput | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const text = editor.selections.map((s) => editor.document.getText(s)).join('\n');
  return { text, name: 'selection' };
}
