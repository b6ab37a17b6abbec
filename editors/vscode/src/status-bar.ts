// The status bar item: the server's state, and once the server reports it (`pt2bb/status`), the
// environment its jobs run in and the torch version. Clicking it shows the server output.
// Extension host main thread.
import * as vscode from 'vscode';
import { NotificationType } from 'vscode-languageclient/node';

import { Pt2bbContext } from './context';
import { STATUS_NOTIFICATION, StatusParams } from './protocol';
import { statusView } from './status-model';

const StatusNotification = new NotificationType<StatusParams>(STATUS_NOTIFICATION);

export function activate(ctx: Pt2bbContext): void {
  const item = vscode.window.createStatusBarItem('pt2bb.status', vscode.StatusBarAlignment.Left, 0);
  item.name = 'PT2 Bug Basher';
  item.command = 'pt2bb.showOutput';
  let status: StatusParams | undefined;
  const render = () => {
    const view = statusView(ctx.state, status, ctx.trusted, ctx.stateDetail);
    item.text = view.text;
    item.tooltip = view.tooltip;
    item.backgroundColor = view.error ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    item.show();
  };
  ctx.subscriptions.push(
    item,
    ctx.onDidChangeState(render),
    ctx.onWillStartClient((client) => {
      status = undefined;  // A new server reports its own environment.
      client.onNotification(StatusNotification, (params) => {
        status = params;
        render();
      });
    }),
  );
  render();
}
