-- pt2bb.attach: what the client does around the server: its handlers ($/progress shown,
-- pt2bb/status kept for statuslines, pt2bb/report opened), on_init and on_attach (buffer-local
-- commands, code lenses kept fresh). Runs on Neovim's main loop.
local M = {}

-- Opens a job's Markdown report (the server sends pt2bb/report to clients without
-- window/showDocument, such as Neovim 0.7) in a split below, keeping the cursor where it was.
local function open_report(result, open)
  local path = type(result.uri) == 'string' and vim.uri_to_fname(result.uri) or nil
  local headline = result.headline or result.title or 'report ready'
  vim.notify('pt2bb: ' .. headline .. (path and (' (' .. path .. ')') or ''), vim.log.levels.INFO)
  if open and path and vim.fn.filereadable(path) == 1 then
    local win = vim.api.nvim_get_current_win()
    vim.cmd('botright split ' .. vim.fn.fnameescape(path))
    vim.api.nvim_set_current_win(win)
  end
end

-- Per client id, the last pt2bb/status params: { environment, torchVersion, state, message }.
M.status = {}

function M.handlers(o)
  return {
    ['$/progress'] = require('pt2bb.progress').handler(o.progress ~= false),
    ['pt2bb/status'] = function(_, result, ctx)
      if type(result) == 'table' then
        M.status[ctx.client_id] = result
        if result.state and result.state ~= 'ready' and result.message then
          vim.notify('pt2bb: ' .. result.message, vim.log.levels.WARN)
        end
      end
    end,
    ['pt2bb/report'] = function(_, result)
      if type(result) == 'table' then
        open_report(result, o.open_reports ~= false)
      end
    end,
  }
end

function M.on_init(client)
  M.status[client.id] = nil
end

-- Code lenses (Reproduce above each test, the workflow steps atop a repro script): refreshed on
-- the usual events, run with :LspPt2bbCodeLens or vim.lsp.codelens.run().
local function keep_code_lenses(client, bufnr)
  if not (client.server_capabilities or {}).codeLensProvider then
    return
  end
  if vim.lsp.codelens.enable then
    vim.lsp.codelens.enable(true, { bufnr = bufnr })
  else
    local group = vim.api.nvim_create_augroup('pt2bb_codelens_' .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost', 'CursorHold' }, {
      group = group,
      buffer = bufnr,
      callback = function()
        pcall(vim.lsp.codelens.refresh)
      end,
    })
    pcall(vim.lsp.codelens.refresh)
  end
  vim.api.nvim_buf_create_user_command(bufnr, 'LspPt2bbCodeLens', function()
    vim.lsp.codelens.run()
  end, { desc = 'pt2bb: run the code lens of this line' })
end

function M.on_attach(client, bufnr, o)
  require('pt2bb.commands').create(client, bufnr)
  if not o or o.codelens ~= false then
    keep_code_lenses(client, bufnr)
  end
end

return M
