// Unit tests of server-commands.ts: titles, context keys, advertised commands, triage arguments,
// result lines and the choice of "Add failing test" actions.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';

import {
  addTestActions, advertisedCommands, contextKeyOf, describeResult, titleOf, triageArguments, triageInputProblem,
} from '../src/server-commands';

test('titleOf: known titles, readable names for the others', () => {
  const cases: [string, string][] = [
    ['pt2bb.triage', 'Triage a log (file, selection or clipboard)'],
    ['pt2bb.collectLogs', 'Collect logs'],
    ['pt2bb.validate_on_main', 'Validate on main'],
    ['pt2bb.jobs.cancelAll', 'Jobs cancel all'],
    ['other', 'Other'],
    ['pt2bb.', 'pt2bb.'],
  ];
  for (const [name, want] of cases) assert.equal(titleOf(name), want, name);
});

test('contextKeyOf', () => {
  assert.equal(contextKeyOf('pt2bb.triage'), 'pt2bb.serverCommand.triage');
  assert.equal(contextKeyOf('x.y'), 'pt2bb.serverCommand.x.y');
});

test('advertisedCommands reads executeCommandProvider, tolerating bad shapes', () => {
  const cases: [unknown, string[]][] = [
    [{ executeCommandProvider: { commands: ['pt2bb.triage', 'pt2bb.reproduce', 'pt2bb.triage'] } }, ['pt2bb.triage', 'pt2bb.reproduce']],
    [{ executeCommandProvider: { commands: ['a', 3, '', null] } }, ['a']],
    [{ executeCommandProvider: {} }, []],
    [{ executeCommandProvider: { commands: 'pt2bb.triage' } }, []],
    [{}, []],
    [undefined, []],
  ];
  for (const [caps, want] of cases) assert.deepEqual(advertisedCommands(caps), want, JSON.stringify(caps));
});

test('triage arguments and input problems', () => {
  assert.deepEqual(triageArguments({ path: '/tmp/fail.log' }), [{ path: '/tmp/fail.log' }]);
  assert.deepEqual(triageArguments({ text: 'Traceback', name: 'clipboard' }), [{ text: 'Traceback', name: 'clipboard' }]);
  assert.equal(triageInputProblem({ path: '/tmp/fail.log' }), undefined);
  assert.match(triageInputProblem({ text: ' \n ' }) ?? '', /no text/);
  assert.match(triageInputProblem({ path: '' }) ?? '', /no path/);
});

test('describeResult', () => {
  const cases: [unknown, string][] = [
    [null, 'Triage a log (file, selection or clipboard): done.'],
    ['3 findings', '3 findings'],
    [{ summary: 'graph break in f (GB0007)' }, 'graph break in f (GB0007)'],
    [{ message: '' , title: 'Report ready' }, 'Report ready'],
    [{ category: 'graph_break', findings: [{}, {}] }, 'Triage a log (file, selection or clipboard): graph_break (2 findings).'],
    [{ category: 'recompilation', findings: [{}] }, 'Triage a log (file, selection or clipboard): recompilation (1 finding).'],
    [[1, 2], 'Triage a log (file, selection or clipboard): done.'],
  ];
  for (const [result, want] of cases) assert.equal(describeResult('pt2bb.triage', result), want, JSON.stringify(result));
});

test('addTestActions keeps the add-test actions, preferred first', () => {
  const actions = [
    { title: 'Remove debug print', isPreferred: true },
    { title: 'Add failing test to test/dynamo/test_repros.py (ReproTests)' },
    { title: 'Add failing test to test/dynamo/test_recompiles.py (RecompileTests)', isPreferred: true },
    { title: 'Use torch.testing._internal.common_utils.TestCase' },
  ];
  assert.deepEqual(addTestActions(actions).map((a) => a.title), [
    'Add failing test to test/dynamo/test_recompiles.py (RecompileTests)',
    'Add failing test to test/dynamo/test_repros.py (ReproTests)',
  ]);
  assert.deepEqual(addTestActions([{ title: 'Add a failing test here' }]).length, 1);
  assert.deepEqual(addTestActions([{ title: 'Failing tests: rerun' }]), []);
});
