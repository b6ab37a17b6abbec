// The status bar item's text and tooltip, from the client's state and the server's optional
// `pt2bb/status` notification (the environment the jobs run in and its torch version). Pure, for
// the unit tests. Extension host main thread.
import { StatusParams } from './protocol';

export type ClientState = 'starting' | 'running' | 'stopped' | 'failed';

export interface StatusView {
  text: string;
  tooltip: string;
  error: boolean;
}

export function statusView(state: ClientState, status: StatusParams | undefined, trusted: boolean, detail = ''): StatusView {
  const icon = { starting: '$(sync~spin)', running: '$(bug)', stopped: '$(circle-slash)', failed: '$(error)' }[state];
  let text = `${icon} PT2`;
  const lines = [`PT2 Bug Basher: server ${state}${detail ? ` (${detail})` : ''}`];
  const envProblem = state === 'running' && status?.state !== undefined && status.state !== 'ready';
  if (state === 'running' && status) {
    const env = status.environment ?? '';
    const torch = status.torchVersion ? `torch ${status.torchVersion}` : '';
    const label = [env, torch].filter((s) => s !== '').join(' · ');
    if (label) text += ` ${label}`;
    if (envProblem) text += ' $(warning)';
    if (env) lines.push(`Environment: ${env}`);
    if (torch) lines.push(`PyTorch: ${status.torchVersion}`);
    if (status.message) lines.push(status.message);
  }
  if (!trusted) {
    text += ' $(shield)';
    lines.push('Restricted mode: the workspace is not trusted, so the server runs no processes.');
  }
  lines.push('Click to show the server output.');
  return { text, tooltip: lines.join('\n'), error: state === 'failed' || envProblem };
}
