-- pt2bb.root: the workspace root of a file, the nearest folder above it holding one of the
-- markers (.git, setup.py, pyproject.toml), else the file's own folder. Written with vim.loop
-- (present on 0.7 and later) because vim.fs only arrived in 0.8.
-- Runs on Neovim's main loop.
local M = {}

local uv = vim.uv or vim.loop

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function parent(dir)
  local p = dir:match('^(.*)/[^/]*$')
  if p == '' then
    return '/'
  end
  return p
end

function M.find(path, markers)
  if not path or path == '' then
    return nil
  end
  path = vim.fn.fnamemodify(path, ':p')
  local dir = (uv.fs_stat(path) or {}).type == 'directory' and path or vim.fn.fnamemodify(path, ':h')
  dir = dir:gsub('/+$', '')
  if dir == '' then
    dir = '/'
  end
  local start = dir
  while true do
    for _, m in ipairs(markers) do
      if exists(dir .. '/' .. m) then
        return dir
      end
    end
    if dir == '/' then
      break
    end
    dir = parent(dir)
  end
  return start
end

return M
