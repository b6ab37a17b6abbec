-- pt2bb.config: the plugin's options (defaults merged with setup()'s) and the LSP client
-- configuration made from them. The same table serves vim.lsp.config (lsp/pt2bb.lua, Neovim
-- 0.11+), vim.lsp.start (0.8-0.10) and vim.lsp.start_client (0.7).
-- Runs on Neovim's main loop, like every Lua callback here.
local M = {}

M.defaults = {
  -- The server's command line. `server_path` replaces only the executable.
  cmd = nil, -- default: { server_path, 'lsp', '--log-level', log_level }
  server_path = 'pt2bb',
  log_level = 'warn', -- The server's own log (stderr, shown in :LspLog): trace|debug|info|warn|error|off.
  filetypes = { 'python' },
  -- Failure logs the server triages when they are opened (autocmd patterns).
  log_patterns = { '*.log', '*.txt' },
  root_markers = { '.git', 'setup.py', 'pyproject.toml' },
  -- Told to the server in initializationOptions.
  python_path = '', -- The interpreter the server's jobs run.
  conda_env = '', -- Or a conda environment (`conda run -n ENV`).
  language = '', -- 'en' or 'fr'; '' = the server's choice from $LANG.
  trusted = true, -- false: the server runs no processes (only reads files).
  progress = true, -- Echo the server's $/progress messages.
  codelens = true, -- Show and refresh the server's code lenses (Reproduce, workflow steps).
  open_reports = true, -- Open a job's Markdown report in a split when it is done.
  on_attach = nil, -- function(client, bufnr), called after the plugin's own.
  -- Any other key is passed to the client as a vim.lsp.Config field (capabilities, on_exit, …).
}

local options = vim.deepcopy(M.defaults)

-- Merges `opts` over the defaults (unknown keys are kept: they may be vim.lsp.Config fields).
function M.set(opts)
  options = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  return options
end

function M.get()
  return options
end

-- Neovim globs ('*.log') as the server's globs ('**/*.log').
local function server_globs(patterns)
  local globs = {}
  for _, p in ipairs(patterns) do
    table.insert(globs, (p:find('/', 1, true) and p) or ('**/' .. p))
  end
  return globs
end

function M.init_options(o)
  o = o or options
  return {
    trusted = o.trusted ~= false,
    language = o.language or '',
    pythonPath = o.python_path or '',
    condaEnv = o.conda_env or '',
    logGlobs = server_globs(o.log_patterns or {}),
  }
end

function M.cmd(o)
  o = o or options
  return o.cmd or { o.server_path or 'pt2bb', 'lsp', '--log-level', o.log_level or 'warn' }
end

-- The client configuration (a vim.lsp.Config on 0.11+). `root_dir` is left to the caller on
-- 0.7-0.10 (pt2bb.root); on 0.11+ vim.lsp.enable uses `root_markers`.
function M.lsp_config(o)
  o = o or options
  local attach = require('pt2bb.attach')
  -- Keys setup() does not know are vim.lsp.Config fields (capabilities, on_exit, flags…): kept.
  local cfg = {}
  for k, v in pairs(o) do
    if M.defaults[k] == nil and k ~= 'cmd' and k ~= 'on_attach' then
      cfg[k] = v
    end
  end
  cfg.name = 'pt2bb'
  cfg.cmd = M.cmd(o)
  cfg.filetypes = o.filetypes
  cfg.root_markers = o.root_markers
  cfg.init_options = vim.tbl_extend('force', M.init_options(o), cfg.init_options or {})
  cfg.handlers = vim.tbl_extend('force', attach.handlers(o), cfg.handlers or {})
  local on_init = cfg.on_init
  cfg.on_init = function(client, result)
    attach.on_init(client, result)
    if on_init then
      on_init(client, result)
    end
  end
  cfg.on_attach = function(client, bufnr)
    attach.on_attach(client, bufnr, o)
    if o.on_attach then
      o.on_attach(client, bufnr)
    end
  end
  return cfg
end

return M
