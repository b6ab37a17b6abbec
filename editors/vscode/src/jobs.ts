// Palette entries for the server's workflow jobs (check the environment, reproduce, collect
// logs, inspect artifacts, minimise, validate on main, verify, celebrate, list jobs). Each runs
// its server command on the test or script at the cursor; the server reports progress (shown
// with a Cancel button by the language client) and opens its Markdown report when done.
// Extension host main thread.
import * as vscode from 'vscode';

import { serverArgumentsAt } from './command-sites';
import { Pt2bbContext } from './context';
import { describeResult, JOB_PALETTE, titleOf } from './server-commands';

interface JobRow {
  jobId: number;
  title: string;
  state?: string;
  summary?: string;
}

export function activate(ctx: Pt2bbContext): void {
  for (const [id, command] of Object.entries(JOB_PALETTE)) {
    ctx.subscriptions.push(
      vscode.commands.registerCommand(id, async () => {
        if (!ctx.serverCommands().includes(command)) {
          void vscode.window.showWarningMessage(`PT2: this pt2bb server has no ${command} command.`);
          return;
        }
        try {
          const result = await ctx.executeServerCommand(command, await serverArgumentsAt(command));
          if (command === 'pt2bb.listJobs' && Array.isArray(result)) await showJobs(ctx, result as JobRow[]);
          else void vscode.window.showInformationMessage(describeResult(command, result));
        } catch (err) {
          void vscode.window.showErrorMessage(`PT2: ${titleOf(command)} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
    );
  }
}

// The job table as a quick pick; picking a running job offers to cancel it.
async function showJobs(ctx: Pt2bbContext, rows: JobRow[]): Promise<void> {
  if (rows.length === 0) {
    void vscode.window.showInformationMessage('PT2: no jobs yet.');
    return;
  }
  const pick = await vscode.window.showQuickPick(
    rows.map((r) => ({ label: r.title, description: r.state ?? '', detail: r.summary ?? '', row: r })),
    { placeHolder: 'pt2bb jobs (pick a running one to cancel it)' },
  );
  if (!pick || !/running|queued/i.test(pick.row.state ?? '')) return;
  if ((await vscode.window.showWarningMessage(`Cancel "${pick.row.title}"?`, 'Cancel Job')) !== 'Cancel Job') return;
  await ctx.executeServerCommand('pt2bb.cancelJob', [{ jobId: pick.row.jobId }]);
}
