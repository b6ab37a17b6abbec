-- pt2bb.progress: shows the server's work-done progress ($/progress: triage, jobs) in the
-- message area, and keeps the latest line for statuslines (require('pt2bb').statusline()).
-- Neovim's own $/progress handler still runs first, so LspProgress / LspProgressUpdate autocmds
-- and vim.lsp.status() keep working. Runs on Neovim's main loop.
local M = {}

-- Per client id: { [token] = { title, message, percentage } }.
local active = {}
M.last = '' -- The running task's line ('' when idle).
M.last_done = '' -- The last finished task's line.

local function render(p)
  local s = p.title or ''
  if p.message and p.message ~= '' then
    s = s .. ': ' .. p.message
  end
  if p.percentage then
    s = s .. string.format(' (%d%%)', p.percentage)
  end
  return s
end

-- What a $/progress value does to the task it belongs to; returns the line to show, or nil.
function M.update(client_id, token, value)
  if type(value) ~= 'table' then
    return nil
  end
  active[client_id] = active[client_id] or {}
  local tasks = active[client_id]
  local key = tostring(token)
  if value.kind == 'begin' then
    tasks[key] = { title = value.title, message = value.message, percentage = value.percentage }
  elseif value.kind == 'report' and tasks[key] then
    tasks[key].message = value.message or tasks[key].message
    tasks[key].percentage = value.percentage or tasks[key].percentage
  elseif value.kind == 'end' and tasks[key] then
    local line = (tasks[key].title or '') .. ': ' .. (value.message or 'done')
    tasks[key] = nil
    M.last = ''
    M.last_done = line
    return line
  else
    return nil
  end
  M.last = render(tasks[key])
  return M.last
end

function M.handler(show)
  return function(err, result, ctx, config)
    local default = vim.lsp.handlers['$/progress']
    if default then
      default(err, result, ctx, config)
    end
    if err or type(result) ~= 'table' then
      return
    end
    local line = M.update(ctx.client_id, result.token, result.value)
    if line and show then
      vim.api.nvim_echo({ { 'pt2bb: ' .. line, 'None' } }, false, {})
    end
  end
end

return M
