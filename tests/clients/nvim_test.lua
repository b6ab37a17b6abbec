-- Headless Neovim against the real pt2bb server, through the plugin in editors/nvim exactly as a
-- user sets it up: require('pt2bb').setup({}) with `pt2bb` on PATH. Run by tests/clients/nvim.sh:
--   nvim --headless -u NONE -i NONE -n --cmd 'set rtp^=editors/nvim' -c 'luafile nvim_test.lua'
-- Env: PT2BB_WS (a scratch copy of tests/clients/fixtures/workspace), PT2BB_PLUGIN (editors/nvim).
-- Prints PASS/FAIL lines and exits 0 only when every check passed.
local ws = assert(vim.env.PT2BB_WS, 'PT2BB_WS is not set')
local plugin = assert(vim.env.PT2BB_PLUGIN, 'PT2BB_PLUGIN is not set')
local failures, passes = 0, 0

local function out(s)
  io.stdout:write(s .. '\n')
end

-- The one check helper: records and prints a named result.
local function check(name, ok, detail)
  if ok then
    passes = passes + 1
  else
    failures = failures + 1
  end
  out((ok and 'PASS ' or 'FAIL ') .. name .. (detail and detail ~= '' and (': ' .. tostring(detail)) or ''))
  return ok
end

local function finish()
  out(string.format('%d passed, %d failed', passes, failures))
  vim.cmd(failures == 0 and 'qall!' or 'cquit!')
end

local function wait(ms, cond)
  return vim.wait(ms, cond, 20)
end

-- Every publishDiagnostics, by URI (the default handler still runs: vim.diagnostic gets them).
local published = {}
local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result then
    published[result.uri] = published[result.uri] or {}
    table.insert(published[result.uri], result.diagnostics)
  end
  return default_publish(err, result, ctx, config)
end
-- Messages the plugin shows (command results, progress) are collected too.
local notes = {}
local notify = vim.notify
vim.notify = function(msg, level, opts)
  table.insert(notes, msg)
  return notify(msg, level, opts)
end

local v = vim.version()
out(string.format('nvim %d.%d.%d', v.major, v.minor, v.patch))

-- lsp/pt2bb.lua is what vim.lsp.config loads on 0.11+; it must be a valid config everywhere.
local lsp_cfg = dofile(plugin .. '/lsp/pt2bb.lua')
check('lsp/pt2bb.lua returns a vim.lsp.Config', type(lsp_cfg) == 'table' and lsp_cfg.cmd[1] == 'pt2bb'
  and lsp_cfg.cmd[2] == 'lsp' and vim.tbl_contains(lsp_cfg.filetypes, 'python')
  and vim.tbl_contains(lsp_cfg.root_markers, 'setup.py') and lsp_cfg.init_options.trusted == true,
  vim.inspect(lsp_cfg.cmd))

vim.cmd('filetype on')
local pt2bb = require('pt2bb')
pt2bb.setup({})
local want_api = (vim.lsp.config and vim.lsp.enable and 'config') or (vim.lsp.start and 'start') or 'legacy'
check('setup({}) picks the API by feature detection', pt2bb.api() == want_api, pt2bb.api())

local function open(rel)
  vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/' .. rel))
  return vim.api.nvim_get_current_buf()
end

local function client_of(buf)
  return pt2bb.clients(buf)[1]
end

local function codes(diags)
  local set = {}
  for _, d in ipairs(diags) do
    local c = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if c then
      set[c] = true
    end
  end
  return set
end

local function keys(set)
  local l = vim.tbl_keys(set)
  table.sort(l)
  return table.concat(l, ',')
end

-- 1. A broken repro: attach, root detection, syntax-error diagnostic.
local buf = open('models/broken_repro.py')
check('FileType autocmd attaches pt2bb', wait(10000, function() return client_of(buf) ~= nil end))
local client = client_of(buf)
if not client then
  return finish()
end
check('root detected from setup.py', client.config.root_dir == ws, client.config.root_dir)
-- The server takes UTF-8 when the client offers it (Neovim 0.11+), else the LSP default UTF-16.
local offered = ((vim.lsp.protocol.make_client_capabilities().general or {}).positionEncodings) or {}
local want_enc = vim.tbl_contains(offered, 'utf-8') and 'utf-8' or 'utf-16'
check('position encoding negotiated (' .. want_enc .. ')', client.offset_encoding == want_enc, client.offset_encoding)
check('syntax-error diagnostic in vim.diagnostic', wait(10000, function() return codes(vim.diagnostic.get(buf))['syntax-error'] end),
  keys(codes(vim.diagnostic.get(buf))))
check('buffer-local :LspPt2bbRun made on attach', vim.fn.exists(':LspPt2bbRun') == 2)

-- 2. A PyTorch test file: hygiene diagnostics, hover, quick fix applied to the buffer.
buf = open('test/dynamo/test_client_repros.py')
check('second buffer reuses the client of the same root', wait(5000, function() return client_of(buf) ~= nil end)
  and client_of(buf).id == client.id)
local enc = client.offset_encoding or 'utf-16'
local uri = vim.uri_from_bufnr(buf)
check('test hygiene diagnostics arrive', wait(10000, function()
  local c = codes(vim.diagnostic.get(buf))
  return c['unittest-testcase'] and c['missing-run-tests']
end), keys(codes(vim.diagnostic.get(buf))))

-- Hover on `graph_break` in `torch._dynamo.graph_break()` (line 12).
local line12 = vim.api.nvim_buf_get_lines(buf, 11, 12, false)[1]
vim.api.nvim_win_set_cursor(0, { 12, line12:find('graph_break', 1, true) + 2 })
local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', vim.lsp.util.make_position_params(0, enc), 5000)
local hres = hover and hover[client.id] and hover[client.id].result
local htext = hres and hres.contents and (hres.contents.value or hres.contents) or ''
check('hover on torch._dynamo.graph_break shows the note', type(htext) == 'string' and htext:lower():find('graph break', 1, true) ~= nil,
  type(htext) == 'string' and htext:gsub('\n.*', '') or vim.inspect(htext))
check('hover is Markdown (Neovim takes it)', hres and hres.contents and hres.contents.kind == 'markdown', hres and hres.contents and hres.contents.kind)

-- The quick fix on `unittest.TestCase` (line 8), with the diagnostics of that line as context.
local diags = {}
for _, d in ipairs((published[uri] or {})[#(published[uri] or {})] or {}) do
  if d.code == 'unittest-testcase' then
    table.insert(diags, d)
  end
end
check('unittest-testcase diagnostic on the class line', #diags == 1 and diags[1].range.start.line == 7,
  diags[1] and diags[1].range.start.line)
vim.api.nvim_win_set_cursor(0, { 8, 24 })
local params = vim.lsp.util.make_range_params(0, enc)
params.context = { diagnostics = diags, only = { 'quickfix' } }
local resp = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 5000)
local actions = resp and resp[client.id] and resp[client.id].result or {}
local fix
for _, a in ipairs(actions) do
  if a.title:find('Derive from', 1, true) then
    fix = a
  end
end
check('code action "Derive from ..." offered', fix ~= nil, table.concat(vim.tbl_map(function(a) return a.title end, actions), ' | '))
if fix then
  local publishes = #(published[uri] or {})
  if fix.edit then
    vim.lsp.util.apply_workspace_edit(fix.edit, enc)
  end
  local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
  local class_line = text:match('\n(class ClientReproTests%([^\n]*)')
  check('quick fix changed the buffer', class_line ~= nil and not class_line:find('unittest.TestCase', 1, true)
    and class_line:find('TestCase', 1, true) ~= nil, class_line)
  check('the new base class is imported', text:find('import TestCase', 1, true) ~= nil or text:find('test_case', 1, true) ~= nil)
  check('diagnostics re-published after the edit, without unittest-testcase', wait(10000, function()
    local all = published[uri] or {}
    return #all > publishes and not codes(all[#all])['unittest-testcase']
  end), keys(codes(vim.diagnostic.get(buf))))
end

-- 2b. A repro script: the "Add failing test" code action writes a test into the test file.
local repro = open('models/repro_sin_cos.py')
check('repro script attached', wait(5000, function() return client_of(repro) ~= nil end))
local nlines = vim.api.nvim_buf_line_count(repro)
local add_params = {
  textDocument = { uri = vim.uri_from_bufnr(repro) },
  range = { start = { line = 0, character = 0 }, ['end'] = { line = nlines, character = 0 } },
  context = { diagnostics = {} },
}
local add
check('"Add failing test" offered for the repro', wait(20000, function()
  -- The workspace index is built in the background: ask until it is ready.
  local r = vim.lsp.buf_request_sync(repro, 'textDocument/codeAction', add_params, 5000)
  for _, a in ipairs(r and r[client.id] and r[client.id].result or {}) do
    if a.title:find('Add failing test to test/dynamo/test_client_repros.py', 1, true) and a.isPreferred then
      add = a
    end
  end
  return add ~= nil
end), add and add.title)
if add then
  vim.lsp.util.apply_workspace_edit(add.edit, enc)
  local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
  local _, tests = text:gsub('\n    def test_', '')
  check('the test file buffer gained a test method', tests == 2, text:match('\n    def (test_[%w_]+)%(self%)[^\n]*$') or tests)
end

-- 3. A failure log: attached by the log patterns; the server's commands as user commands.
local logbuf = open('logs/graph_break.log')
check('failure log attached (log_patterns)', wait(5000, function() return client_of(logbuf) ~= nil end))
local advertised = require('pt2bb.commands').advertised(client)
out('server commands: ' .. table.concat(advertised, ' '))
for _, c in ipairs(advertised) do
  local name = c == 'pt2bb.triage' and 'LspPt2bbTriage' or c == 'pt2bb.addFailingTest' and 'LspPt2bbAddFailingTest'
    or require('pt2bb.commands').command_name(c)
  check('user command for ' .. c, vim.fn.exists(':' .. name) == 2, name)
end
check('server offers pt2bb.triage', vim.tbl_contains(advertised, 'pt2bb.triage'))
if vim.tbl_contains(advertised, 'pt2bb.triage') then
  -- The log names /home/dev/pytorch/test/dynamo/test_client_repros.py:12: the server maps it onto
  -- the workspace by path suffix and marks line 12 of the test file.
  notes = {}
  vim.cmd('LspPt2bbTriage')
  check(':LspPt2bbTriage on the log reports its result', wait(20000, function()
    for _, n in ipairs(notes) do
      if n:find('^pt2bb: ') and not n:find('failed', 1, true) then
        return true
      end
    end
  end), table.concat(notes, ' | '))
  check('its progress was shown', require('pt2bb.progress').last_done:find('triage', 1, true) ~= nil,
    require('pt2bb.progress').last_done)
  local test_buf = vim.fn.bufnr(ws .. '/test/dynamo/test_client_repros.py')
  check('the finding lands on the source line of the test file', wait(10000, function()
    for _, d in ipairs(vim.diagnostic.get(test_buf)) do
      -- Line 12 of the log's file; the quick fix above added an import line to the buffer since.
      if (d.lnum == 11 or d.lnum == 12) and tostring(d.message):lower():find('graph', 1, true) then
        return true
      end
    end
  end), vim.inspect(vim.tbl_map(function(d) return d.lnum .. ':' .. tostring(d.code) end, vim.diagnostic.get(test_buf))))
end

-- 4. Shutdown: the server exits cleanly.
local id = client.id
require('pt2bb.compat').stop(client)
check('server stopped', wait(10000, function() return vim.lsp.get_client_by_id(id) == nil end))
finish()
