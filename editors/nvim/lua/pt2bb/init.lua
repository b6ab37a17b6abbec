-- pt2bb: the Neovim client of the PT2 Bug Basher language server (`pt2bb lsp`).
--
--   require('pt2bb').setup({})   -- pt2bb on PATH, Python buffers and failure logs
--
-- Picks the newest client API the running Neovim has, by feature detection:
--   0.11+     vim.lsp.config('pt2bb', opts) + vim.lsp.enable('pt2bb') (config in lsp/pt2bb.lua)
--   0.8-0.10  vim.lsp.start() from a FileType autocmd (it reuses the client of the same root)
--   0.7       vim.lsp.start_client() once per root + vim.lsp.buf_attach_client()
-- Failure logs (opts.log_patterns) are attached from a BufRead autocmd on every version.
-- Runs on Neovim's main loop.
local config = require('pt2bb.config')
local compat = require('pt2bb.compat')
local root = require('pt2bb.root')

local M = {}

local group
local legacy_clients = {} -- 0.7: client id per root folder.

-- Which API setup() uses: 'config' (0.11+), 'start' (0.8+) or 'legacy' (0.7).
function M.api()
  if vim.lsp.config and vim.lsp.enable then
    return 'config'
  elseif vim.lsp.start then
    return 'start'
  end
  return 'legacy'
end

local function resolved_config()
  if M.api() == 'config' then
    -- vim.lsp.config's merged view: lsp/pt2bb.lua, then what setup() and the user added.
    return vim.deepcopy(vim.lsp.config.pt2bb)
  end
  return config.lsp_config()
end

local function warn_missing(cmd)
  -- A function cmd (an RPC connection, 0.11+) has no executable to look for.
  if type(cmd) ~= 'table' or vim.fn.executable(cmd[1]) == 1 then
    return false
  end
  if not M._warned then
    M._warned = true
    vim.notify(
      string.format("pt2bb: '%s' is not executable; install pt2bb or set server_path in require('pt2bb').setup()", cmd[1]),
      vim.log.levels.WARN
    )
  end
  return true
end

-- Starts (or reuses) the client for `bufnr`'s root and attaches it. Returns the client id.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= '' then
    return nil -- Help, terminal, quickfix… buffers are not files.
  end
  local cfg = resolved_config()
  if warn_missing(cfg.cmd) then
    return nil
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  cfg.root_dir = root.find(name ~= '' and name or vim.fn.getcwd(), cfg.root_markers or config.get().root_markers)
  cfg.root_markers = nil
  if M.api() ~= 'legacy' then
    return vim.lsp.start(cfg, { bufnr = bufnr })
  end
  local id = legacy_clients[cfg.root_dir]
  if not id or not vim.lsp.get_client_by_id(id) then
    cfg.workspace_folders = { { uri = vim.uri_from_fname(cfg.root_dir), name = cfg.root_dir } }
    local on_exit = cfg.on_exit
    local dir = cfg.root_dir
    cfg.on_exit = function(...)
      legacy_clients[dir] = nil
      if on_exit then
        on_exit(...)
      end
    end
    id = vim.lsp.start_client(cfg)
    if not id then
      return nil
    end
    legacy_clients[cfg.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

function M.setup(opts)
  local o = config.set(opts)
  group = vim.api.nvim_create_augroup('pt2bb', { clear = true })
  if M.api() == 'config' then
    local cfg = config.lsp_config(o)
    cfg.name = nil
    vim.lsp.config('pt2bb', cfg)
    -- A missing executable gets one clear warning instead of an error on every Python buffer.
    if not warn_missing(cfg.cmd) then
      vim.lsp.enable('pt2bb')
    end
  else
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = o.filetypes,
      callback = function(args)
        M.attach(args.buf)
      end,
      desc = 'pt2bb: attach the language server',
    })
  end
  if o.log_patterns and #o.log_patterns > 0 then
    vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
      group = group,
      pattern = o.log_patterns,
      callback = function(args)
        M.attach(args.buf)
      end,
      desc = 'pt2bb: triage failure logs',
    })
  end
  -- Buffers opened before setup() (e.g. the file given on the command line).
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(o.filetypes, vim.bo[buf].filetype) and M.api() ~= 'config' then
      M.attach(buf)
    end
  end
end

-- The running pt2bb clients (of `bufnr` when given).
function M.clients(bufnr)
  return compat.get_clients({ name = 'pt2bb', bufnr = bufnr })
end

-- A short line for statuslines: the server's progress, else its environment and torch version.
function M.statusline()
  local progress = require('pt2bb.progress').last
  if progress ~= '' then
    return 'pt2bb: ' .. progress
  end
  for _, c in ipairs(M.clients()) do
    local s = require('pt2bb.attach').status[c.id]
    if s then
      local parts = {}
      if s.environment then
        table.insert(parts, s.environment)
      end
      if s.torchVersion then
        table.insert(parts, 'torch ' .. s.torchVersion)
      end
      return 'pt2bb ' .. table.concat(parts, ' · ') .. (s.ok == false and ' !' or '')
    end
    return 'pt2bb'
  end
  return ''
end

return M
