'use strict';
// Validates every server message recorded by the in-process LSP tests (tests/lsp/harness.cpp,
// $PT2BB_LSP_TRACE) against the LSP 3.17 meta model, strictly (no properties outside the model).
// Usage: node validate_trace.js <trace.jsonl> <shared dir>
const fs = require('fs');
const path = require('path');
const [traceFile, sharedDir] = process.argv.slice(2);
const v = require(path.resolve(sharedDir, 'probes', 'lsp-validate.js'))
  .load(path.resolve(sharedDir, 'lsp', 'metaModel.json'), { strict: true });
if (!fs.existsSync(traceFile)) {
  console.log(`no trace at ${traceFile}: run the lsp test first`);
  process.exit(1);
}
let n = 0;
const problems = [];
for (const line of fs.readFileSync(traceFile, 'utf8').split('\n').filter(Boolean)) {
  const m = JSON.parse(line);
  // Custom pt2bb/ extensions are ours and documented in the README, not in the meta model.
  const method = m.method || m.reply_to;
  if (method.startsWith('pt2bb/')) continue;
  if (m.method && !v.knows(m.method)) { problems.push(`unknown method ${m.method}`); continue; }
  n++;
  const errs = m.method ? v.checkParams(m.method, m.params) : v.checkResult(m.reply_to, m.result);
  for (const e of errs) problems.push(`${m.method || 'reply:' + m.reply_to}: ${e}`);
}
console.log(`${n} server messages checked against the meta model, ${problems.length} problems`);
for (const p of [...new Set(problems)].slice(0, 40)) console.log('  ' + p);
process.exit(problems.length || n === 0 ? 1 : 0);
