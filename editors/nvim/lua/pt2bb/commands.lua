-- pt2bb.commands: buffer-local user commands for the commands the server advertises in its
-- initialize result (workspace/executeCommand), made when the client attaches to a buffer:
--   :LspPt2bbTriage [file]          triage the current file, a given file, or the [range] lines
--   :LspPt2bbTriageClipboard        triage the clipboard (register +, else ")
--   :[range]LspPt2bbAddFailingTest  when the server has pt2bb.addFailingTest
--   :LspPt2bb<Name> [json-args...]  one per other server command (pt2bb.collectLogs -> CollectLogs);
--                                   without arguments: the server's own ones at the cursor
--   :LspPt2bbRun {command} [args]   any advertised command, with completion
-- None aliases a code action: the server's quick fixes stay in vim.lsp.buf.code_action().
-- Runs on Neovim's main loop.
local compat = require('pt2bb.compat')

local M = {}

-- 'pt2bb.collectLogs' -> 'CollectLogs', 'pt2bb.validate_on_main' -> 'ValidateOnMain'.
function M.command_name(command)
  local name = command:gsub('^pt2bb[%./:]', '')
  local out = {}
  for word in name:gmatch('[%w]+') do
    table.insert(out, word:sub(1, 1):upper() .. word:sub(2))
  end
  return 'LspPt2bb' .. table.concat(out)
end

function M.advertised(client)
  local caps = client.server_capabilities or {}
  local provider = caps.executeCommandProvider
  local list = type(provider) == 'table' and provider.commands or {}
  local out, seen = {}, {}
  for _, c in ipairs(type(list) == 'table' and list or {}) do
    if type(c) == 'string' and c ~= '' and not seen[c] then
      seen[c] = true
      table.insert(out, c)
    end
  end
  return out
end

-- One line for a command's result (null, a string, or an object with summary / message /
-- title, or a triage category with findings).
function M.describe(command, result)
  if type(result) == 'string' then
    return result
  end
  if type(result) == 'table' and (vim.islist or vim.tbl_islist)(result) then
    -- A job table (pt2bb.listJobs): one entry per job.
    if #result == 0 then
      return command .. ': none'
    end
    local rows = {}
    for _, r in ipairs(result) do
      table.insert(rows, string.format('#%s %s (%s)', tostring(r.jobId), tostring(r.title), tostring(r.state)))
    end
    return command .. ': ' .. table.concat(rows, '; ')
  end
  if type(result) == 'table' then
    local function str(k)
      return type(result[k]) == 'string' and result[k] ~= '' and result[k] or nil
    end
    -- A triage report: its category (or title), how many findings, and its one-line summary.
    if str('category') then
      local n = type(result.findings) == 'table' and #result.findings or 0
      return string.format('%s (%d finding%s)%s', str('title') or str('category'), n, n == 1 and '' or 's',
        str('summary') and (': ' .. str('summary')) or '')
    end
    for _, key in ipairs({ 'summary', 'headline', 'message', 'title' }) do
      if str(key) then
        return str(key)
      end
    end
  end
  return command .. ': done'
end

function M.execute(client, bufnr, command, args, on_result)
  compat.request(client, 'workspace/executeCommand', { command = command, arguments = args }, function(err, result)
    if err then
      vim.notify(string.format('pt2bb: %s failed: %s', command, err.message or tostring(err)), vim.log.levels.ERROR)
      return
    end
    if on_result then
      on_result(result)
    else
      vim.notify('pt2bb: ' .. M.describe(command, result), vim.log.levels.INFO)
    end
  end, bufnr)
end

-- The arguments the server itself gives `command` at the cursor: those of its code lens nearest
-- at or above the cursor line (a test method's lens sits on its `def`), else the current file.
function M.arguments_at(bufnr, command)
  local line = vim.api.nvim_win_get_cursor(0)[1] - 1
  local best
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr) or {}) do
    local c = lens.command
    if c and c.command == command and type(c.arguments) == 'table' then
      local l = lens.range.start.line
      if l <= line and (not best or l > best.line) then
        best = { line = l, args = c.arguments }
      elseif not best then
        best = { line = -1, args = c.arguments } -- Below the cursor: only if nothing is above.
      end
    end
  end
  if best then
    return best.args
  end
  return { { uri = vim.uri_from_bufnr(bufnr) } }
end

-- Arguments typed after a generic command: JSON when they parse as JSON, else strings.
function M.parse_args(fargs)
  local out = {}
  for _, a in ipairs(fargs) do
    local ok, v = pcall(vim.json.decode, a)
    if ok and v ~= nil then
      table.insert(out, v)
    else
      table.insert(out, a)
    end
  end
  return out
end

-- The triage argument: a saved file by path (the server streams it), else the text itself.
function M.triage_input(bufnr, opts)
  if opts.args and opts.args ~= '' then
    return { path = vim.fn.fnamemodify(vim.fn.expand(opts.args), ':p') }
  end
  if opts.range and opts.range > 0 then
    local lines = vim.api.nvim_buf_get_lines(bufnr, opts.line1 - 1, opts.line2, false)
    return { text = table.concat(lines, '\n'), name = 'selection' }
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name ~= '' and not vim.bo[bufnr].modified and vim.fn.filereadable(name) == 1 then
    return { path = name }
  end
  return { text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n'), name = vim.fn.fnamemodify(name, ':t') }
end

local function lsp_range(bufnr, opts)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local first, last = 1, #lines
  if opts.range and opts.range > 0 then
    first, last = opts.line1, opts.line2
  end
  -- Whole lines: only line numbers, so no column encoding is involved.
  return { start = { line = first - 1, character = 0 }, ['end'] = { line = last, character = 0 } }
end

local function make(bufnr, name, fn, spec)
  vim.api.nvim_buf_create_user_command(bufnr, name, fn, spec)
end

function M.create(client, bufnr)
  local cmds = M.advertised(client)
  local has = {}
  for _, c in ipairs(cmds) do
    has[c] = true
  end
  if has['pt2bb.triage'] then
    make(bufnr, 'LspPt2bbTriage', function(opts)
      M.execute(client, bufnr, 'pt2bb.triage', { M.triage_input(bufnr, opts) })
    end, { nargs = '?', range = true, complete = 'file', desc = 'pt2bb: triage this file, a file, or the lines' })
    make(bufnr, 'LspPt2bbTriageClipboard', function()
      local text = vim.fn.getreg('+')
      if text == '' then
        text = vim.fn.getreg('"')
      end
      if text == '' then
        vim.notify('pt2bb: the clipboard is empty', vim.log.levels.WARN)
        return
      end
      M.execute(client, bufnr, 'pt2bb.triage', { { text = text, name = 'clipboard' } })
    end, { desc = 'pt2bb: triage the clipboard' })
  end
  if has['pt2bb.addFailingTest'] then
    make(bufnr, 'LspPt2bbAddFailingTest', function(opts)
      local range = lsp_range(bufnr, opts)
      M.execute(client, bufnr, 'pt2bb.addFailingTest', { { uri = vim.uri_from_bufnr(bufnr), range = range } })
    end, { range = true, desc = 'pt2bb: add a failing test from this repro' })
  end
  for _, c in ipairs(cmds) do
    if c ~= 'pt2bb.triage' and c ~= 'pt2bb.addFailingTest' then
      make(bufnr, M.command_name(c), function(opts)
        local args = #opts.fargs > 0 and M.parse_args(opts.fargs) or M.arguments_at(bufnr, c)
        M.execute(client, bufnr, c, args)
      end, { nargs = '*', desc = 'pt2bb: ' .. c })
    end
  end
  make(bufnr, 'LspPt2bbRun', function(opts)
    local command = table.remove(opts.fargs, 1)
    if not has[command] then
      vim.notify('pt2bb: the server has no command ' .. tostring(command), vim.log.levels.ERROR)
      return
    end
    local args = #opts.fargs > 0 and M.parse_args(opts.fargs) or M.arguments_at(bufnr, command)
    M.execute(client, bufnr, command, args)
  end, {
    nargs = '+',
    complete = function(arglead)
      return vim.tbl_filter(function(c)
        return c:sub(1, #arglead) == arglead
      end, cmds)
    end,
    desc = 'pt2bb: run a server command',
  })
end

return M
