// Unit tests of server-commands.ts: titles, context keys, advertised commands, triage arguments,
// result lines and the choice of "Add failing test" actions.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';

import * as fs from 'node:fs';
import * as path from 'node:path';

import {
  addTestActions, advertisedCommands, argumentsAt, contextKeyOf, describeResult, JOB_PALETTE, titleOf, triageArguments,
  triageInputProblem,
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
    [{ category: 'graph_break', findings: [{}, {}] }, 'graph_break (2 findings).'],
    [{ category: 'recompilation', title: 'Recompilation', summary: 'A guard failed.', findings: [{}] }, 'Recompilation (1 finding): A guard failed.'],
    [[1, 2], 'Triage a log (file, selection or clipboard): done.'],
    [{ headline: 'reproduces 3/3 (consistent): graph_break' }, 'reproduces 3/3 (consistent): graph_break'],
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

test('describeResult lists job tables', () => {
  assert.equal(describeResult('pt2bb.listJobs', []), 'List jobs: none.');
  assert.equal(describeResult('pt2bb.listJobs', [{ jobId: 1, title: 'Reproduce T.test_a (3 runs)', state: 'done' }, { jobId: 2, title: 'Verify' }]),
    'List jobs: Reproduce T.test_a (3 runs) (done); Verify');
});

test('argumentsAt: the server\'s own arguments nearest above the cursor, else the file', () => {
  const a = (cls: string, test: string) => [{ uri: 'file:///w/t.py', testClass: cls, testName: test }];
  const sites = [
    { line: 10, command: 'pt2bb.reproduce', arguments: a('T', 'test_a') },
    { line: 30, command: 'pt2bb.reproduce', arguments: a('T', 'test_b') },
    { line: 31, command: 'pt2bb.verify', arguments: a('T', 'test_b') },
    { line: 50, command: 'pt2bb.reproduce' },  // No arguments: not a usable site.
  ];
  const cases: [string, number, unknown[]][] = [
    ['pt2bb.reproduce', 35, a('T', 'test_b')],
    ['pt2bb.reproduce', 30, a('T', 'test_b')],
    ['pt2bb.reproduce', 12, a('T', 'test_a')],
    ['pt2bb.reproduce', 2, a('T', 'test_a')],   // Above every lens: the first one.
    ['pt2bb.verify', 31, a('T', 'test_b')],
    ['pt2bb.minimize', 5, [{ uri: 'file:///w/t.py' }]],
  ];
  for (const [cmd, line, want] of cases) assert.deepEqual(argumentsAt(sites, cmd, line, 'file:///w/t.py'), want, `${cmd}@${line}`);
  assert.deepEqual(argumentsAt([], 'pt2bb.listJobs', 0, undefined), []);
});

// package.json and the code must agree: every palette entry runs a known server command, and is
// shown only when the server advertises that command.
test('package.json job palette entries match JOB_PALETTE and its when clauses', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
  const declared: string[] = pkg.contributes.commands.map((c: { command: string }) => c.command);
  const when = new Map<string, string>(pkg.contributes.menus.commandPalette.map((m: { command: string; when: string }) => [m.command, m.when]));
  const palette = declared.filter((c) => c.startsWith('pt2bb.palette.'));
  assert.deepEqual(palette.sort(), Object.keys(JOB_PALETTE).sort());
  for (const id of palette) assert.equal(when.get(id), contextKeyOf(JOB_PALETTE[id]), id);
  // No contributed id may equal a server command: the language client registers those itself.
  for (const server of Object.values(JOB_PALETTE).concat(['pt2bb.triage', 'pt2bb.addFailingTest'])) assert.ok(!declared.includes(server), server);
});
