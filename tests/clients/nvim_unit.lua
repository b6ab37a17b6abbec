-- Unit tests of the Neovim plugin's own logic (no server): command names, result lines, root
-- detection, progress bookkeeping, options -> client config. Run by nvim_unit.sh in headless
-- Neovim; prints PASS/FAIL lines and exits 0 only when all pass.
local failures, passes = 0, 0
local function out(s)
  io.stdout:write(s .. '\n')
end
-- The one check helper: compares a value with what was wanted.
local function check(name, got, want)
  local ok = vim.deep_equal(got, want)
  if ok then
    passes = passes + 1
  else
    failures = failures + 1
  end
  out((ok and 'PASS ' or 'FAIL ') .. name .. (ok and '' or (': got ' .. vim.inspect(got) .. ', want ' .. vim.inspect(want))))
end

local commands = require('pt2bb.commands')
for _, c in ipairs({
  { 'pt2bb.collectLogs', 'LspPt2bbCollectLogs' },
  { 'pt2bb.validate_on_main', 'LspPt2bbValidateOnMain' },
  { 'pt2bb.checkEnvironment', 'LspPt2bbCheckEnvironment' },
  { 'other.tool/run', 'LspPt2bbOtherToolRun' },
}) do
  check('command_name ' .. c[1], commands.command_name(c[1]), c[2])
end

for _, c in ipairs({
  { 'pt2bb.triage', vim.NIL, 'pt2bb.triage: done' },
  { 'pt2bb.triage', 'plain text', 'plain text' },
  { 'pt2bb.triage', { category = 'graph_break', findings = { {}, {} } }, 'graph_break (2 findings)' },
  { 'pt2bb.triage', { category = 'graph_break', title = 'Graph break', summary = 'Dynamo split it.', findings = { {} } },
    'Graph break (1 finding): Dynamo split it.' },
  { 'pt2bb.reproduce', { headline = 'reproduces 3/3 (consistent)' }, 'reproduces 3/3 (consistent)' },
  { 'pt2bb.listJobs', {}, 'pt2bb.listJobs: none' },
  { 'pt2bb.listJobs', { { jobId = 1, title = 'Verify', state = 'done' } }, 'pt2bb.listJobs: #1 Verify (done)' },
}) do
  check('describe ' .. vim.inspect(c[2]):gsub('%s+', ' '), commands.describe(c[1], c[2]), c[3])
end

check('advertised: dedup, drop non-strings', commands.advertised({ server_capabilities = { executeCommandProvider = {
  commands = { 'pt2bb.triage', 'pt2bb.triage', 3, 'pt2bb.verify' } } } }), { 'pt2bb.triage', 'pt2bb.verify' })
check('advertised: no provider', commands.advertised({ server_capabilities = {} }), {})
check('parse_args: JSON when JSON', commands.parse_args({ '{"jobId":3}', '7', 'word', '"s"' }), { { jobId = 3 }, 7, 'word', 's' })

-- Root detection on a real temporary tree.
local root = require('pt2bb.root')
local tmp = vim.fn.tempname()
vim.fn.mkdir(tmp .. '/repo/test/dynamo', 'p')
vim.fn.mkdir(tmp .. '/repo/.git', 'p')
vim.fn.mkdir(tmp .. '/loose', 'p')
vim.fn.writefile({ 'x' }, tmp .. '/repo/test/dynamo/test_a.py')
vim.fn.writefile({ 'x' }, tmp .. '/loose/script.py')
vim.fn.mkdir(tmp .. '/proj/sub', 'p')
vim.fn.writefile({ '[project]' }, tmp .. '/proj/pyproject.toml')
local markers = { '.git', 'setup.py', 'pyproject.toml' }
check('root: .git above a nested test file', root.find(tmp .. '/repo/test/dynamo/test_a.py', markers), tmp .. '/repo')
check('root: pyproject.toml', root.find(tmp .. '/proj/sub', markers), tmp .. '/proj')
check('root: no marker -> the file folder', root.find(tmp .. '/loose/script.py', { 'no-such-marker' }), tmp .. '/loose')
check('root: empty name', root.find('', markers), nil)
vim.fn.delete(tmp, 'rf')

-- Progress: begin / report / end of one token, as the server sends them.
local progress = require('pt2bb.progress')
check('progress begin', progress.update(1, 'tok', { kind = 'begin', title = 'PT2 triage', percentage = 0 }), 'PT2 triage (0%)')
check('progress report', progress.update(1, 'tok', { kind = 'report', message = 'reading the log', percentage = 40 }),
  'PT2 triage: reading the log (40%)')
check('statusline while busy', progress.last, 'PT2 triage: reading the log (40%)')
check('progress end', progress.update(1, 'tok', { kind = 'end', message = 'graph_break, 1 finding(s)' }), 'PT2 triage: graph_break, 1 finding(s)')
check('statusline idle again', progress.last, '')
check('report of an unknown token ignored', progress.update(1, 'other', { kind = 'report', message = 'x' }), nil)

-- Options -> client config.
local config = require('pt2bb.config')
local cfg = config.lsp_config(config.set({}))
check('default cmd', cfg.cmd, { 'pt2bb', 'lsp', '--log-level', 'warn' })
check('default init options', cfg.init_options,
  { trusted = true, language = '', pythonPath = '', condaEnv = '', logGlobs = { '**/*.log', '**/*.txt' } })
cfg = config.lsp_config(config.set({ server_path = '/opt/pt2bb', log_level = 'debug', python_path = '/py', conda_env = 'nightly',
  trusted = false, log_patterns = { 'ci/*.out' }, capabilities = { x = 1 }, init_options = { extra = true } }))
check('server_path and log level', cfg.cmd, { '/opt/pt2bb', 'lsp', '--log-level', 'debug' })
check('init options from options', cfg.init_options,
  { trusted = false, language = '', pythonPath = '/py', condaEnv = 'nightly', logGlobs = { 'ci/*.out' }, extra = true })
check('unknown keys pass through as vim.lsp.Config fields', cfg.capabilities, { x = 1 })
check('cmd wins over server_path', config.lsp_config(config.set({ cmd = { 'x', 'y' } })).cmd, { 'x', 'y' })
check('handlers for progress, status, report', vim.tbl_count(cfg.handlers), 3)

-- A missing executable: one warning, no client, no error (on every buffer after the first too).
local warned = {}
local notify = vim.notify
vim.notify = function(msg)
  table.insert(warned, msg)
end
local pt2bb = require('pt2bb')
pt2bb.setup({ server_path = '/nonexistent/pt2bb' })
local f = vim.fn.tempname() .. '.py'
vim.fn.writefile({ 'import torch' }, f)
vim.cmd('edit ' .. f)
check('missing server: attach returns nil', pt2bb.attach(0), nil)
check('missing server: attach again returns nil', pt2bb.attach(0), nil)
check('missing server: warned once, naming the path', #warned == 1 and warned[1]:find('/nonexistent/pt2bb', 1, true) ~= nil, true)
check('missing server: no client', #pt2bb.clients(), 0)
vim.notify = notify

out(string.format('%d passed, %d failed', passes, failures))
vim.cmd(failures == 0 and 'qall!' or 'cquit!')
