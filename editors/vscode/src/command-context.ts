// Context keys for package.json `when` clauses: `pt2bb.running`, and one
// `pt2bb.serverCommand.<name>` per command the running server advertises, so the palette shows
// the named entries (Triage the Current File, …) only when the server can run them.
// Extension host main thread.
import * as vscode from 'vscode';

import { Pt2bbContext } from './context';
import { contextKeyOf } from './server-commands';

export function activate(ctx: Pt2bbContext): void {
  let set: string[] = [];
  const update = () => {
    const running = ctx.state === 'running';
    const keys = running ? ctx.serverCommands().map(contextKeyOf) : [];
    for (const key of set) if (!keys.includes(key)) void vscode.commands.executeCommand('setContext', key, false);
    for (const key of keys) void vscode.commands.executeCommand('setContext', key, true);
    void vscode.commands.executeCommand('setContext', 'pt2bb.running', running);
    set = keys;
  };
  ctx.subscriptions.push(ctx.onDidChangeState(update));
  update();
}
