'use strict';
// A minimal LSP client for the end-to-end tests: spawns `pt2bb lsp`, frames messages with
// Content-Length, answers the server's own requests, and validates every message the server
// sends against the LSP 3.17 meta model (strict: no properties outside the model).
//
//   const c = new LspClient(binary, sharedDir);
//   await c.request('initialize', {...});
//   const d = await c.waitNotification('textDocument/publishDiagnostics', p => p.uri === u);
//   c.violations  -> [] when every message conformed
const { spawn } = require('child_process');
const path = require('path');

class LspClient {
  constructor(binary, sharedDir, args = ['lsp'], env = process.env) {
    this.validator = require(path.resolve(sharedDir, 'probes', 'lsp-validate.js'))
      .load(path.join(sharedDir, 'lsp', 'metaModel.json'), { strict: true });
    this.proc = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    this.stderr = '';
    this.proc.stderr.on('data', d => { this.stderr += d.toString(); });
    this.buffer = Buffer.alloc(0);
    this.nextId = 1;
    this.pending = new Map();      // id -> {resolve, method}
    this.messages = [];            // Everything received, in order.
    this.waiters = [];
    this.violations = [];
    this.sentMethods = new Map();  // id -> method, to validate results.
    this.exited = new Promise(resolve => this.proc.on('exit', (code, signal) => resolve({ code, signal })));
    this.proc.stdout.on('data', d => this.onData(d));
  }

  onData(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const m = /Content-Length: *(\d+)/i.exec(header);
      if (!m) throw new Error('server sent a frame without Content-Length: ' + header);
      const len = Number(m[1]);
      if (this.buffer.length < headerEnd + 4 + len) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + len).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + len);
      this.onMessage(JSON.parse(body));
    }
  }

  validate(msg) {
    let errs = [];
    if (msg.method && msg.id !== undefined) {
      errs = this.validator.checkParams(msg.method, msg.params);
    } else if (msg.method) {
      errs = this.validator.checkParams(msg.method, msg.params);
    } else if (msg.result !== undefined && this.sentMethods.has(msg.id)) {
      const method = this.sentMethods.get(msg.id);
      if (!method.startsWith('pt2bb/') && !method.startsWith('test/')) errs = this.validator.checkResult(method, msg.result);
    }
    for (const e of errs) this.violations.push(`${msg.method || 'reply:' + this.sentMethods.get(msg.id)}: ${e}`);
  }

  onMessage(msg) {
    this.validate(msg);
    this.messages.push(msg);
    if (msg.method && msg.id !== undefined) {
      // A server request (progress create, showDocument, ...): accept it.
      this.write({ jsonrpc: '2.0', id: msg.id, result: null });
    } else if (!msg.method && this.pending.has(msg.id)) {
      this.pending.get(msg.id)(msg);
      this.pending.delete(msg.id);
    }
    this.waiters = this.waiters.filter(w => !w(msg));
  }

  write(obj) { this.writeRaw(JSON.stringify(obj)); }
  writeRaw(body) {
    const b = Buffer.from(body, 'utf8');
    this.proc.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${b.length}\r\n\r\n`, 'ascii'), b]));
  }

  request(method, params, timeoutMs = 10000) {
    const id = this.nextId++;
    this.sentMethods.set(id, method);
    const p = new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no reply to ${method} within ${timeoutMs} ms`)), timeoutMs);
      this.pending.set(id, msg => { clearTimeout(t); resolve(msg); });
    });
    this.write({ jsonrpc: '2.0', id, method, params });
    return p;
  }

  notify(method, params) { this.write({ jsonrpc: '2.0', method, params }); }

  waitNotification(method, pred = () => true, timeoutMs = 10000) {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no ${method} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push(msg => {
        if (msg.method === method && msg.id === undefined && pred(msg.params)) {
          clearTimeout(t);
          resolve(msg.params);
          return true;
        }
        return false;
      });
    });
  }
}

// Runs named async checks in order; prints PASS/FAIL lines and exits non-zero on any failure.
async function runChecks(checks) {
  let failed = 0;
  for (const [name, fn] of checks) {
    try {
      await fn();
      console.log(`PASS ${name}`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${name}: ${e && e.stack || e}`);
    }
  }
  console.log(`${checks.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

function assert(cond, message) { if (!cond) throw new Error(message); }

module.exports = { LspClient, runChecks, assert };
