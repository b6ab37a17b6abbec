-- pt2bb.attach: what the client does around the server: its handlers ($/progress shown,
-- pt2bb/status kept for statuslines), on_init and on_attach (buffer-local commands).
-- Runs on Neovim's main loop.
local M = {}

-- Per client id, the last pt2bb/status params: { environment, python, torchVersion, ok, message }.
M.status = {}

function M.handlers(o)
  return {
    ['$/progress'] = require('pt2bb.progress').handler(o.progress ~= false),
    ['pt2bb/status'] = function(_, result, ctx)
      if type(result) == 'table' then
        M.status[ctx.client_id] = result
        if result.ok == false and result.message then
          vim.notify('pt2bb: ' .. result.message, vim.log.levels.WARN)
        end
      end
    end,
  }
end

function M.on_init(client)
  M.status[client.id] = nil
end

function M.on_attach(client, bufnr)
  require('pt2bb.commands').create(client, bufnr)
end

return M
