// Unit tests of settings.ts: what the server is told from the pt2bb.* settings.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';

import { initializationOptions, readSettings, serverArgs, SettingsSource } from '../src/settings';

function source(values: Record<string, unknown>): SettingsSource {
  return { get: <T>(key: string) => values[key] as T | undefined };
}

test('readSettings keeps good values and replaces bad ones by defaults', () => {
  const cases: { name: string; values: Record<string, unknown>; check: (s: ReturnType<typeof readSettings>) => void }[] = [
    { name: 'empty', values: {}, check: (s) => {
      assert.equal(s.serverPath, '');
      assert.deepEqual(s.logGlobs, ['**/*.log', '**/*.txt']);
      assert.equal(s.serverLogLevel, 'warn');
    } },
    { name: 'trimmed strings', values: { pythonPath: '  /opt/py/bin/python ', condaEnv: 'pt ' }, check: (s) => {
      assert.equal(s.pythonPath, '/opt/py/bin/python');
      assert.equal(s.condaEnv, 'pt');
    } },
    { name: 'wrong types', values: { serverPath: 42, logGlobs: 'x.log', serverLogLevel: 'loud' }, check: (s) => {
      assert.equal(s.serverPath, '');
      assert.deepEqual(s.logGlobs, ['**/*.log', '**/*.txt']);
      assert.equal(s.serverLogLevel, 'warn');
    } },
    { name: 'globs filtered', values: { logGlobs: ['**/*.out', '', 3, ' ci/*.txt '] }, check: (s) => {
      assert.deepEqual(s.logGlobs, ['**/*.out', 'ci/*.txt']);
    } },
    { name: 'an explicit empty glob list stays empty', values: { logGlobs: [] }, check: (s) => assert.deepEqual(s.logGlobs, []) },
  ];
  for (const c of cases) {
    try {
      c.check(readSettings(source(c.values)));
    } catch (e) {
      throw new Error(`case "${c.name}": ${(e as Error).message}`);
    }
  }
});

test('initializationOptions: trust and language', () => {
  const s = readSettings(source({ pythonPath: '/venv/bin/python', condaEnv: 'nightly', language: '' }));
  const trusted = initializationOptions(s, true, 'fr');
  assert.deepEqual(trusted, { trusted: true, language: 'fr', pythonPath: '/venv/bin/python', condaEnv: 'nightly', logGlobs: ['**/*.log', '**/*.txt'] });
  // Untrusted: the server is told so, and is given no interpreter to run.
  const untrusted = initializationOptions(s, false, 'en');
  assert.equal(untrusted.trusted, false);
  assert.equal(untrusted.pythonPath, '');
  assert.equal(untrusted.condaEnv, '');
  // The setting wins over the display language.
  assert.equal(initializationOptions(readSettings(source({ language: 'en' })), true, 'fr').language, 'en');
});

test('serverArgs starts the LSP subcommand with the log level', () => {
  assert.deepEqual(serverArgs(readSettings(source({}))), ['lsp', '--log-level', 'warn']);
  assert.deepEqual(serverArgs(readSettings(source({ serverLogLevel: 'trace' }))), ['lsp', '--log-level', 'trace']);
});
