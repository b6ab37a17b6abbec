'use strict';
// Replays the `initialize` params that real clients sent (captured in ../shared/probes/fixtures:
// VS Code 1.100.3 with vscode-languageclient 9.0.1, Neovim 0.7.2 / 0.10.4 / 0.12.4, Emacs eglot
// 1.9) against the real binary, and checks what each of those clients relies on:
//   - unknown properties are accepted (the captures have some; we add more);
//   - positions are UTF-16 unless the client offers UTF-8 (checked on a line with é and an emoji);
//   - the server never asks for workspace/configuration (Neovim 0.7.2 cannot answer it);
//   - hover is Markdown only for clients that take Markdown (eglot takes plain text only);
//   - `$/` notifications it does not know are ignored, unknown requests get MethodNotFound;
//   - shutdown + exit ends the process with status 0.
// Every message the server sends is validated against the LSP 3.17 meta model (tests/e2e's client).
// Usage: node replay_initialize.js <pt2bb> <shared dir>
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');
const { LspClient, runChecks, assert } = require('../e2e/lsp_client.js');

const [binary, sharedDir] = process.argv.slice(2);
const fixturesDir = path.join(sharedDir, 'probes', 'fixtures');
const fixtures = fs.readdirSync(fixturesDir).filter(f => /^initialize-.*\.json$/.test(f)).sort();

// A workspace with a broken line after non-ASCII text, and a hover target.
const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'pt2bb-replay-'));
const brokenLine = 'print("é😀", 1 +)';
const brokenText = `import torch\n${brokenLine}\n`;
const hoverText = 'import torch\n\n\ndef f(x):\n    torch._dynamo.graph_break()\n    return x\n';
fs.writeFileSync(path.join(ws, 'broken.py'), brokenText);
fs.writeFileSync(path.join(ws, 'hover.py'), hoverText);
const uri = f => pathToFileURL(path.join(ws, f)).href;

// The capture with its paths pointed at our workspace, its pid at a live process (the server may
// watch it), and extra properties no spec declares.
function paramsOf(file) {
  const p = JSON.parse(fs.readFileSync(path.join(fixturesDir, file), 'utf8'));
  p.processId = process.pid;
  p.rootUri = pathToFileURL(ws).href;
  p.rootPath = ws;
  if (p.workspaceFolders) p.workspaceFolders = [{ uri: pathToFileURL(ws).href, name: path.basename(ws) }];
  p.xUnknownTopLevel = { nested: [1, 'two'] };
  p.capabilities.xUnknownCapability = true;
  return p;
}

const utf16Length = s => s.length;                      // JS strings are UTF-16.
const utf8Length = s => Buffer.byteLength(s, 'utf8');
const columns = {};  // fixture -> { encoding, character } of the syntax error.

const checks = [];
for (const file of fixtures) {
  const name = file.replace(/^initialize-|\.json$/g, '');
  checks.push([`${name}: a session behaves for this client`, async () => {
    const params = paramsOf(file);
    const c = new LspClient(binary, sharedDir);
    try {
      const init = await c.request('initialize', params);
      assert(!init.error, `initialize failed: ${JSON.stringify(init.error)}`);
      const caps = init.result.capabilities;
      const offered = (params.capabilities.general || {}).positionEncodings || [];
      const want = offered.includes('utf-8') ? 'utf-8' : 'utf-16';
      assert((caps.positionEncoding || 'utf-16') === want, `positionEncoding ${caps.positionEncoding}, want ${want}`);
      assert(init.result.serverInfo && init.result.serverInfo.name === 'pt2bb', 'serverInfo.name is not pt2bb');
      c.notify('initialized', {});
      c.notify('$/setTrace', { value: 'verbose' });
      c.notify('$/pt2bbNoSuchNotification', { x: 1 });
      if (name.startsWith('emacs')) c.notify('workspace/didChangeConfiguration', { settings: null });  // eglot sends this

      // Diagnostics, with columns in the negotiated encoding.
      c.notify('textDocument/didOpen', { textDocument: { uri: uri('broken.py'), languageId: 'python', version: 1, text: brokenText } });
      const diags = await c.waitNotification('textDocument/publishDiagnostics', p => p.uri === uri('broken.py') && p.diagnostics.length > 0);
      const d = diags.diagnostics.find(x => x.code === 'syntax-error');
      assert(d, `no syntax-error diagnostic: ${JSON.stringify(diags.diagnostics)}`);
      const lineLen = (want === 'utf-8' ? utf8Length : utf16Length)(brokenLine);
      assert(d.range.start.line === 1 && d.range.start.character <= lineLen && d.range.end.character <= lineLen + 1,
        `diagnostic range ${JSON.stringify(d.range)} does not fit line 1 (${lineLen} ${want} units)`);
      columns[name] = { encoding: want, character: d.range.start.character };

      // Hover: Markdown only when the client lists it.
      c.notify('textDocument/didOpen', { textDocument: { uri: uri('hover.py'), languageId: 'python', version: 1, text: hoverText } });
      const formats = ((params.capabilities.textDocument || {}).hover || {}).contentFormat || ['plaintext'];
      const hover = await c.request('textDocument/hover', { textDocument: { uri: uri('hover.py') }, position: { line: 4, character: 20 } });
      assert(!hover.error && hover.result, `no hover on torch._dynamo.graph_break: ${JSON.stringify(hover.error || hover.result)}`);
      const kind = hover.result.contents.kind;
      assert(kind === (formats[0] === 'markdown' || formats.includes('markdown') ? 'markdown' : 'plaintext'),
        `hover kind ${kind} for a client taking ${formats.join(',')}`);
      if (kind === 'plaintext') assert(!/[`*]{1,2}\w/.test(hover.result.contents.value), `plaintext hover has Markdown: ${hover.result.contents.value}`);

      const unknown = await c.request('pt2bb/noSuchRequest', {});
      assert(unknown.error && unknown.error.code === -32601, `unknown request answered ${JSON.stringify(unknown)}`);

      const asked = c.messages.filter(m => m.method === 'workspace/configuration');
      assert(asked.length === 0, 'the server asked for workspace/configuration');
      const shut = await c.request('shutdown', null);
      assert(!shut.error, 'shutdown failed');
      c.notify('exit');
      const { code } = await c.exited;
      assert(code === 0, `exit status ${code}`);
      assert(c.violations.length === 0, `messages outside the LSP meta model:\n  ${c.violations.join('\n  ')}`);
    } finally {
      c.proc.kill('SIGKILL');
    }
  }]);
}

// The same error seen by a UTF-8 and a UTF-16 client: é is 2 bytes / 1 unit, 😀 4 bytes / 2 units.
checks.push(['UTF-8 and UTF-16 clients get the same place in their own units', async () => {
  const u8 = Object.values(columns).find(c => c.encoding === 'utf-8');
  const u16 = Object.values(columns).filter(c => c.encoding === 'utf-16');
  assert(u8 && u16.length > 0, `need both kinds of client: ${JSON.stringify(columns)}`);
  for (const c of u16) assert(u8.character - c.character === 3, `utf-8 column ${u8.character} vs utf-16 ${c.character}`);
}]);

runChecks(checks).finally(() => fs.rmSync(ws, { recursive: true, force: true }));
