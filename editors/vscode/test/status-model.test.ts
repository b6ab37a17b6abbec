// Unit tests of status-model.ts: the status bar text and tooltip.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';

import { statusView } from '../src/status-model';

test('statusView', () => {
  const cases: { name: string; view: ReturnType<typeof statusView>; text: string; tooltip: RegExp[]; error: boolean }[] = [
    { name: 'starting', view: statusView('starting', undefined, true), text: '$(sync~spin) PT2', tooltip: [/server starting/], error: false },
    { name: 'running, no status yet', view: statusView('running', undefined, true), text: '$(bug) PT2', tooltip: [/server running/], error: false },
    { name: 'running with env + torch',
      view: statusView('running', { environment: 'conda env pt-nightly', torchVersion: '2.6.0a0+git1a2b3c', state: 'ready', message: 'PyTorch 2.6.0a0+git1a2b3c in conda env pt-nightly' }, true),
      text: '$(bug) PT2 conda env pt-nightly · torch 2.6.0a0+git1a2b3c',
      tooltip: [/Environment: conda env pt-nightly/, /PyTorch: 2\.6\.0a0/], error: false },
    { name: 'torch missing', view: statusView('running', { environment: '/usr/bin/python3', torchVersion: null, state: 'noTorch', message: 'torch does not import: activate your env' }, true),
      text: '$(bug) PT2 /usr/bin/python3 $(warning)', tooltip: [/torch does not import/], error: true },
    { name: 'an older server without state', view: statusView('running', { environment: 'py' }, true), text: '$(bug) PT2 py', tooltip: [/Environment: py/], error: false },
    { name: 'failed with detail', view: statusView('failed', undefined, true, 'no pt2bb executable'), text: '$(error) PT2',
      tooltip: [/server failed \(no pt2bb executable\)/], error: true },
    { name: 'status ignored when stopped', view: statusView('stopped', { torchVersion: '2.5.1' }, true), text: '$(circle-slash) PT2', tooltip: [/stopped/], error: false },
    { name: 'untrusted', view: statusView('running', undefined, false), text: '$(bug) PT2 $(shield)', tooltip: [/Restricted mode/], error: false },
  ];
  for (const c of cases) {
    assert.equal(c.view.text, c.text, c.name);
    for (const re of c.tooltip) assert.match(c.view.tooltip, re, c.name);
    assert.equal(c.view.error, c.error, c.name);
  }
});
