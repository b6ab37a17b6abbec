-- The pt2bb server's client configuration for Neovim 0.11+ (vim.lsp.config / vim.lsp.enable).
-- With this plugin on the runtimepath, `vim.lsp.enable('pt2bb')` alone starts `pt2bb lsp` on
-- Python buffers in the folder holding .git, setup.py or pyproject.toml; require('pt2bb').setup()
-- does the same on every Neovim from 0.7 and adds failure logs.
---@type vim.lsp.Config
return require('pt2bb.config').lsp_config()
