'use strict';
// End-to-end: the built binary over real pipes. initialize -> didOpen a broken file ->
// diagnostics -> didChange fixing it -> empty diagnostics -> shutdown -> exit code 0; plus bad
// input on the wire. Every server message is validated against the LSP meta model.
// Usage: node stdio_session.js <pt2bb> <shared dir>
const fs = require('fs');
const os = require('os');
const path = require('path');
const { LspClient, runChecks, assert } = require('./lsp_client');

const [binary, sharedDir] = process.argv.slice(2);
const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'pt2bb-e2e-'));
const file = path.join(ws, 'test', 'dynamo', 'test_repros_e2e.py');
fs.mkdirSync(path.dirname(file), { recursive: true });
const broken = 'import torch\n\n\ndef fn(x):\n    return torch.sin(x\n\n\nxdef other():\n    pass\n';
fs.writeFileSync(file, broken);
const uri = 'file://' + file;

function frame(body) { return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`; }

async function session(initParams) {
  const c = new LspClient(binary, sharedDir);
  const init = await c.request('initialize', initParams);
  c.notify('initialized', {});
  return [c, init];
}

const baseInit = { processId: process.pid, rootUri: 'file://' + ws, capabilities: {},
                   workspaceFolders: [{ uri: 'file://' + ws, name: 'ws' }] };

runChecks([
  ['the whole edit cycle ends with exit code 0 and conforming messages', async () => {
    const [c, init] = await session(baseInit);
    assert(init.result.capabilities.positionEncoding === 'utf-16', 'utf-16 by default');
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text: broken } });
    const d1 = await c.waitNotification('textDocument/publishDiagnostics', p => p.uri === uri && p.version === 1);
    const codes = d1.diagnostics.map(d => `${d.range.start.line + 1}:${d.code}`);
    assert(codes.includes('5:syntax-error'), 'syntax error on line 5, got ' + JSON.stringify(codes));
    // Fix both problems with incremental edits.
    c.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        { range: { start: { line: 4, character: 22 }, end: { line: 4, character: 22 } }, text: ')' },
        { range: { start: { line: 7, character: 0 }, end: { line: 7, character: 1 } }, text: '' },
      ],
    });
    const d2 = await c.waitNotification('textDocument/publishDiagnostics', p => p.uri === uri && p.version === 2);
    const errors = d2.diagnostics.filter(d => d.code === 'syntax-error');
    assert(errors.length === 0, 'no syntax errors after the fix, got ' + JSON.stringify(d2.diagnostics));
    const down = await c.request('shutdown', null);
    assert(down.result === null, 'shutdown answers null');
    c.notify('exit', null);
    const { code } = await c.exited;
    assert(code === 0, 'exit code 0 after shutdown, got ' + code);
    assert(c.violations.length === 0, 'meta-model violations:\n' + c.violations.join('\n'));
  }],
  ['exit without shutdown ends with code 1', async () => {
    const [c] = await session(baseInit);
    c.notify('exit', null);
    const { code } = await c.exited;
    assert(code === 1, 'exit code 1, got ' + code);
  }],
  ['bad input on the wire never kills the server', async () => {
    const [c] = await session(baseInit);
    c.proc.stdin.write('Content-Length: nope\r\n\r\n');          // Malformed header.
    c.proc.stdin.write('Content-Type: x\r\n\r\n');                // No Content-Length.
    c.proc.stdin.write(frame('{"jsonrpc":"2.0","id":'));          // Not JSON.
    c.proc.stdin.write(frame('[]'));                              // Not an object.
    c.proc.stdin.write(frame('{"jsonrpc":"2.0","id":99,"method":"textDocument/hover","params":{}}'));
    const r = await c.request('pt2bb/noSuchMethod', {});
    assert(r.error && r.error.code === -32601, 'still serving after bad frames');
    const errs = c.messages.filter(m => m.error).map(m => m.error.code);
    assert(errs.includes(-32700) && errs.includes(-32600) && errs.includes(-32602),
           'parse, invalid-request and invalid-params errors, got ' + JSON.stringify(errs));
    c.notify('exit', null);
    await c.exited;
  }],
  ['a 2 GiB Content-Length claim is refused and the client vanishing ends the server', async () => {
    const [c] = await session(baseInit);
    c.proc.stdin.write('Content-Length: 2147483648\r\n\r\n{"jsonrpc":');
    c.proc.stdin.end();
    const { code, signal } = await c.exited;
    assert(signal === null && code === 1, `clean exit 1, got code=${code} signal=${signal}`);
    assert(/exceeds the limit/.test(c.stderr), 'the refusal is logged on stderr');
  }],
  ['stdout carries protocol only, even at trace log level', async () => {
    const c = new LspClient(binary, sharedDir, ['--log-level', 'trace', 'lsp']);
    await c.request('initialize', baseInit);
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text: broken } });
    await c.waitNotification('textDocument/publishDiagnostics', p => p.uri === uri);
    await c.request('shutdown', null);
    c.notify('exit', null);
    const { code } = await c.exited;
    assert(code === 0, 'exit 0');
    assert(c.stderr.includes('<-- initialize'), 'the message trace goes to stderr');
  }],
]);
