// The names a Python file's imports bind, as fully qualified names, so that hover can follow
// aliases: `import torch._dynamo as dynamo` binds dynamo -> torch._dynamo,
// `from torch._dynamo import config` binds config -> torch._dynamo.config, and
// `from .exc import Unsupported` inside torch/_dynamo/ binds Unsupported -> torch._dynamo.exc.Unsupported.
//
// Pure; any thread.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include <tree_sitter/api.h>

#include "core/finding.h"

namespace pt2bb {

using ImportMap = std::map<std::string, std::string, std::less<>>;

// The package a file belongs to, from its path ("x/torch/_dynamo/variables/builtin.py" ->
// "torch._dynamo.variables"); empty when the path has no "torch/" folder.
std::string package_of(std::string_view path);

// Resolves a relative module ("." + "exc", levels = 1) against `package`; empty if it climbs out.
std::string resolve_relative(std::string_view package, int levels, std::string_view module);

// The imports visible at `point`: module-level ones (also inside if/try/with blocks) and those of
// the functions and classes that enclose the point. Later bindings win.
ImportMap imports_at(TSNode root, std::string_view text, std::string_view path, Point point);

// The module an import-from statement names, resolved (relative imports included); empty if it
// cannot be resolved.
std::string import_from_module(TSNode import_from, std::string_view text, std::string_view path);

}  // namespace pt2bb
