// The extension's entry point: makes the context (which owns the language client), activates each
// feature, and starts the server. Only restart and show-output live here; every other feature is
// its own file with an activate(ctx). Extension host main thread.
import * as vscode from 'vscode';

import * as addTest from './add-test';
import * as commandContext from './command-context';
import { Pt2bbContext } from './context';
import * as jobs from './jobs';
import * as runCommand from './run-command';
import * as statusBar from './status-bar';
import * as triage from './triage';

let ctx: Pt2bbContext | undefined;

export async function activate(extension: vscode.ExtensionContext): Promise<void> {
  ctx = new Pt2bbContext(extension);
  extension.subscriptions.push(ctx);
  const c = ctx;
  c.subscriptions.push(
    vscode.commands.registerCommand('pt2bb.restart', () => c.restart()),
    vscode.commands.registerCommand('pt2bb.showOutput', () => c.output.show(true)),
  );
  for (const feature of [statusBar, commandContext, triage, addTest, jobs, runCommand]) feature.activate(c);
  await c.start();
}

export async function deactivate(): Promise<void> {
  await ctx?.stop();
  ctx = undefined;
}
