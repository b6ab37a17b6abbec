-- pt2bb.compat: the few client API calls whose form changed between Neovim 0.7 and 0.12, wrapped
-- once (feature detection, not version numbers). Runs on Neovim's main loop.
local M = {}

M.has_011 = vim.fn.has('nvim-0.11') == 1

-- client.request (0.7-0.10) became the method client:request (0.11+; the old form warns).
function M.request(client, method, params, handler, bufnr)
  if M.has_011 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

function M.get_clients(filter)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients(filter)
  end
  -- 0.7-0.9: get_active_clients has no filter on 0.7; filter here.
  local out = {}
  for _, c in pairs(vim.lsp.get_active_clients()) do
    local ok = true
    if filter and filter.name and c.name ~= filter.name then
      ok = false
    end
    if ok and filter and filter.bufnr and not vim.lsp.buf_is_attached(filter.bufnr, c.id) then
      ok = false
    end
    if ok then
      table.insert(out, c)
    end
  end
  return out
end

function M.stop(client)
  if M.has_011 then
    client:stop()
  else
    vim.lsp.stop_client(client.id)
  end
end

function M.offset_encoding(client)
  return client.offset_encoding or 'utf-16'
end

return M
