// Unit tests of server-path.ts on real temporary folders (real files, real execute bits).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';

import { expandPath, findServer, Lookup } from '../src/server-path';

function isExecutable(file: string): boolean {
  try {
    return fs.statSync(file).isFile() && (fs.accessSync(file, fs.constants.X_OK), true);
  } catch {
    return false;
  }
}

function tree(): { root: string; exe: (rel: string, mode?: number) => string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pt2bb-path-'));
  return {
    root,
    exe: (rel, mode = 0o755) => {
      const p = path.join(root, rel);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, '#!/bin/sh\n');
      fs.chmodSync(p, mode);
      return p;
    },
  };
}

test('findServer: setting, then PATH, then the bundled binary', () => {
  const t = tree();
  const onPath = t.exe('bin/pt2bb');
  const bundled = t.exe('ext/server/pt2bb');
  const custom = t.exe('ws/build/pt2bb');
  t.exe('noexec/pt2bb', 0o644);
  const lookup = (PATH: string, workspaceFolder?: string): Lookup => ({
    env: { PATH, HOME: path.join(t.root, 'home') }, extensionDir: path.join(t.root, 'ext'), workspaceFolder, isExecutable,
  });
  const cases: { name: string; setting: string; lookup: Lookup; want: string | RegExp; source?: string }[] = [
    { name: 'PATH first', setting: '', lookup: lookup(`${t.root}/noexec:${t.root}/bin`), want: onPath, source: 'PATH' },
    { name: 'empty PATH entries are skipped', setting: '', lookup: lookup(`::${t.root}/bin`), want: onPath, source: 'PATH' },
    { name: 'bundled when not on PATH', setting: '', lookup: lookup(`${t.root}/noexec`), want: bundled, source: 'bundled' },
    { name: 'absolute setting', setting: custom, lookup: lookup(''), want: custom, source: 'setting' },
    { name: '${workspaceFolder}', setting: '${workspaceFolder}/build/pt2bb', lookup: lookup('', `${t.root}/ws`), want: custom, source: 'setting' },
    { name: 'relative to the workspace', setting: 'build/pt2bb', lookup: lookup('', `${t.root}/ws`), want: custom, source: 'setting' },
    { name: 'bare name looked up on PATH', setting: 'pt2bb', lookup: lookup(`${t.root}/bin`), want: onPath, source: 'setting' },
    { name: 'setting not executable', setting: `${t.root}/noexec/pt2bb`, lookup: lookup(`${t.root}/bin`), want: /is not an executable file/ },
    { name: 'unknown variable', setting: '${env:X}/pt2bb', lookup: lookup(''), want: /cannot be expanded/ },
    { name: 'nothing found', setting: '', lookup: { ...lookup(''), extensionDir: `${t.root}/none` }, want: /not on PATH and not bundled/ },
  ];
  for (const c of cases) {
    const got = findServer(c.setting, c.lookup);
    if (typeof c.want === 'string') {
      assert.deepEqual(got, { path: c.want, source: c.source }, c.name);
    } else {
      assert.ok('error' in got && c.want.test(got.error), `${c.name}: ${JSON.stringify(got)}`);
    }
  }
});

test('expandPath', () => {
  const l = { env: { HOME: '/home/u' }, workspaceFolder: '/src/pytorch' };
  assert.equal(expandPath('~/bin/pt2bb', l), '/home/u/bin/pt2bb');
  assert.equal(expandPath('${userHome}/x', l), '/home/u/x');
  assert.equal(expandPath('${workspaceFolder}/build/pt2bb', l), '/src/pytorch/build/pt2bb');
  assert.equal(expandPath('a~/b', l), 'a~/b');
});
