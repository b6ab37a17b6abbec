#include "lint/graph_break_risks.h"

#include <set>
#include <string>

#include "hover/imports.h"
#include "lint/compiled_regions.h"
#include "lint/lint_text.h"
#include "hover/node_children.h"
#include "syntax/tree.h"

namespace pt2bb {
namespace {

Point pt(TSPoint p) { return {p.row, p.column}; }
Range range_of(TSNode n) { return {pt(ts_node_start_point(n)), pt(ts_node_end_point(n))}; }

bool one_of(std::string_view s, std::initializer_list<std::string_view> set) {
  for (auto v : set)
    if (s == v) return true;
  return false;
}

// Tensor methods that return Python values or metadata, never a tensor.
bool non_tensor_method(std::string_view m) {
  return one_of(m, {"size", "dim", "ndimension", "numel", "nelement", "item", "tolist", "stride", "data_ptr",
                    "element_size", "get_device", "storage_offset", "type", "is_contiguous", "is_floating_point",
                    "is_complex", "is_set_to", "__len__", "numpy", "dtype", "device", "shape", "keys", "values",
                    "items", "get", "startswith", "endswith", "lower", "upper", "strip", "split", "join", "format",
                    "replace", "count", "index", "find", "isdigit", "append", "pop", "copy"}) ||
         m.rfind("is_", 0) == 0;
}

// A torch function whose result is a tensor (torch.where, F.relu, torch.linalg.norm, ...).
bool torch_returns_tensor(std::string_view q) {
  if (q.rfind("torch.", 0) != 0) return false;
  std::string_view rest = q.substr(6);
  for (std::string_view ns : {"nn.functional.", "linalg.", "special.", "fft."})
    if (rest.rfind(ns, 0) == 0) rest = rest.substr(ns.size());
  if (rest.empty() || rest.find('.') != std::string_view::npos || rest[0] == '_') return false;
  for (std::string_view p : {"is_", "get_", "set_", "use_", "are_", "can_"})
    if (rest.rfind(p, 0) == 0) return false;
  return !one_of(rest, {"device", "dtype", "Size", "finfo", "iinfo", "manual_seed", "no_grad", "enable_grad",
                        "set_grad_enabled", "inference_mode", "autocast", "typename", "broadcast_shapes",
                        "result_type", "promote_types", "compile", "cond", "numel", "Generator", "Tensor",
                        "allclose", "equal"});
}

class RiskFinder {
public:
  RiskFinder(const FileContext& ctx, TSNode root)
      : ctx_(ctx), text_(ctx.text), imports_(imports_at(root, ctx.text, ctx.path, Point{0, 0})) {
    collect_loggers(root);
  }

  void scan(const CompiledRegion& r) {
    region_ = &r;
    params_.clear();
    tensors_.clear();
    read_params(field(r.function, "parameters"));
    learn_assignments(field(r.function, "body"));
    walk(field(r.function, "body"));
  }

  std::vector<Finding> take() { return std::move(out_); }

private:
  std::string text_of(TSNode n) const { return std::string(node_text(n, text_)); }

  std::optional<std::string> qualified(TSNode n) const {
    std::string d;
    std::vector<std::string> parts;
    for (TSNode e = n;;) {
      const std::string_view t = node_type(e);
      if (t == "identifier") {
        parts.push_back(text_of(e));
        break;
      }
      if (t != "attribute") return std::nullopt;
      parts.push_back(text_of(field(e, "attribute")));
      e = field(e, "object");
    }
    auto it = imports_.find(parts.back());
    d = it == imports_.end() ? parts.back() : it->second;
    for (size_t i = parts.size() - 1; i > 0; --i) d += "." + parts[i - 1];
    return d;
  }

  // Module-level `log = logging.getLogger(...)`: calls on such names are logger calls.
  void collect_loggers(TSNode root) {
    for_each_named_child(root, [&](TSNode s) {
      if (node_type(s) != "expression_statement") return;
      TSNode a = ts_node_named_child(s, 0);
      if (ts_node_is_null(a) || node_type(a) != "assignment") return;
      TSNode right = field(a, "right");
      if (ts_node_is_null(right) || node_type(right) != "call") return;
      auto q = qualified(field(right, "function"));
      if (q && *q == "logging.getLogger") loggers_.insert(text_of(field(a, "left")));
    });
  }

  void read_params(TSNode params) {
    for (uint32_t i = 0; !ts_node_is_null(params) && i < ts_node_named_child_count(params); ++i) {
      TSNode p = ts_node_named_child(params, i);
      const std::string_view t = node_type(p);
      std::string name, type;
      if (t == "identifier") name = text_of(p);
      else if (t == "typed_parameter") name = text_of(ts_node_named_child(p, 0)), type = text_of(field(p, "type"));
      else if (t == "default_parameter") name = text_of(field(p, "name"));
      else if (t == "typed_default_parameter") name = text_of(field(p, "name")), type = text_of(field(p, "type"));
      if (name.empty() || name == "self" || name == "cls") continue;
      params_.insert(name);
      if (type == "Tensor" || type == "torch.Tensor") tensors_.insert(name);
    }
  }

  // Names assigned a tensor in the region, in document order (`h = self.lin(x)`, `m = x > 0`).
  void learn_assignments(TSNode body) {
    std::vector<TSNode> stack{body};
    std::vector<TSNode> ordered;
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_is_null(n)) continue;
      const std::string_view t = node_type(n);
      if (t == "function_definition" || t == "class_definition" || t == "lambda") continue;
      if (t == "assignment" || t == "augmented_assignment") ordered.push_back(n);
      {
        const auto kids = named_children(n);
        stack.insert(stack.end(), kids.rbegin(), kids.rend());
      }
    }
    for (TSNode a : ordered) {
      TSNode left = field(a, "left"), right = field(a, "right");
      if (ts_node_is_null(left) || ts_node_is_null(right) || node_type(left) != "identifier") continue;
      if (tensor_expr(right)) tensors_.insert(text_of(left));
      else if (node_type(a) == "assignment") tensors_.erase(text_of(left));
    }
  }

  bool tensorish(TSNode e) const {
    return tensor_expr(e) || (node_type(e) == "identifier" && params_.count(text_of(e)));
  }

  // Is `e` a tensor for sure?
  bool tensor_expr(TSNode e) const {
    if (ts_node_is_null(e)) return false;
    const std::string_view t = node_type(e);
    if (t == "identifier") return tensors_.count(text_of(e)) > 0;
    if (t == "parenthesized_expression") return tensor_expr(ts_node_named_child(e, 0));
    if (t == "unary_operator") return tensor_expr(field(e, "argument"));
    if (t == "binary_operator") return tensor_expr(field(e, "left")) || tensor_expr(field(e, "right"));
    if (t == "subscript") {
      TSNode v = field(e, "value");
      // Only a known tensor: `size[0]` on a parameter is as often a list or a tuple.
      return tensor_expr(v) && !(node_type(v) == "attribute" && non_tensor_method(node_text(field(v, "attribute"), text_)));
    }
    if (t == "attribute") {
      return one_of(node_text(field(e, "attribute"), text_), {"T", "mT", "H", "data", "grad", "real", "imag"}) &&
             tensorish(field(e, "object"));
    }
    if (t == "comparison_operator") {
      if (has_literal_operand(e) || !ordering_comparison(e)) return false;
      for (uint32_t i = 0; i < ts_node_named_child_count(e); ++i)
        if (tensor_expr(ts_node_named_child(e, i))) return true;
      return false;
    }
    if (t != "call") return false;
    TSNode f = field(e, "function");
    if (node_type(f) == "attribute") {
      const std::string_view m = node_text(field(f, "attribute"), text_);
      TSNode recv = field(f, "object");
      if (non_tensor_method(m)) return false;
      if (tensorish(recv)) return true;
      // self.layer(x): a submodule applied to a tensor gives a tensor.
      if (node_type(recv) == "identifier" && node_text(recv, text_) == "self") {
        TSNode args = field(e, "arguments");
        for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i)
          if (tensorish(ts_node_named_child(args, i))) return true;
        return false;
      }
    }
    auto q = qualified(f);
    return q && torch_returns_tensor(*q);
  }

  bool has_literal_operand(TSNode cmp) const {
    for (uint32_t i = 0; i < ts_node_named_child_count(cmp); ++i)
      if (one_of(node_type(ts_node_named_child(cmp, i)), {"string", "none", "true", "false", "concatenated_string"}))
        return true;
    return false;
  }

  // <, >, ==, ... (not `is`, `in`: identity and membership tests are fine under Dynamo).
  static bool ordering_comparison(TSNode cmp) {
    for (uint32_t i = 0; i < ts_node_child_count(cmp); ++i) {
      TSNode c = ts_node_child(cmp, i);
      if (ts_node_is_named(c)) continue;
      if (one_of(node_type(c), {"is", "is not", "in", "not in", "not"})) return false;
    }
    return true;
  }

  // Does this branch condition need a tensor's value in Python?
  bool tensor_condition(TSNode c) const {
    if (ts_node_is_null(c)) return false;
    const std::string_view t = node_type(c);
    if (t == "not_operator") return tensor_condition(field(c, "argument"));
    if (t == "boolean_operator") return tensor_condition(field(c, "left")) || tensor_condition(field(c, "right"));
    if (t == "parenthesized_expression") return tensor_condition(ts_node_named_child(c, 0));
    if (t == "call") {
      TSNode f = field(c, "function");
      if (node_type(f) == "attribute" && one_of(node_text(field(f, "attribute"), text_), {"any", "all"}) &&
          ts_node_named_child_count(field(c, "arguments")) == 0)
        return true;
      if (auto q = qualified(f); q && one_of(*q, {"torch.allclose", "torch.equal", "torch.is_nonzero"})) return true;
    }
    return tensor_expr(c);
  }

  void report(const char* code, TSNode at, Range r, std::string_view name) {
    if (!reported_.insert(std::to_string(ts_node_start_byte(at)) + code).second) return;
    std::string region = region_->name;
    if (!region_->via.empty()) region.append(" (").append(region_->via).append(")");
    LintText text = lint_text(code, ctx_.lang, region, name);
    Finding f;
    f.path = std::string(ctx_.path);
    f.range = r;
    f.code = code;
    f.severity = text.severity;
    f.message = std::move(text.message);
    if (region_->fullgraph) {
      f.severity = Severity::Warning;
      f.message.append(" ").append(lint_label("lint.fullgraph_error", ctx_.lang));
    } else if (auto fix = fullgraph_fix()) {
      f.fixes.push_back(std::move(*fix));
    }
    out_.push_back(std::move(f));
  }

  // "Compile with fullgraph=True": edits the decorator or the torch.compile(...) call.
  std::optional<Fix> fullgraph_fix() const {
    TSNode site = region_->compile_site;
    if (ts_node_is_null(site)) return std::nullopt;
    TSNode call = site;
    if (node_type(site) == "decorator") {
      TSNode e = ts_node_named_child(site, 0);
      if (ts_node_is_null(e)) return std::nullopt;
      if (node_type(e) != "call") {
        if (node_text(e, text_).find("optimize") != std::string_view::npos) return std::nullopt;
        const Point end = pt(ts_node_end_point(e));
        return make_fix({end, end}, "(fullgraph=True)");
      }
      call = e;
    }
    if (node_text(field(call, "function"), text_).find("optimize") != std::string_view::npos) return std::nullopt;
    TSNode args = field(call, "arguments");
    if (ts_node_is_null(args) || node_type(args) != "argument_list") return std::nullopt;
    for (uint32_t i = 0; i < ts_node_named_child_count(args); ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (node_type(a) == "keyword_argument" && node_text(field(a, "name"), text_) == "fullgraph")
        return make_fix(range_of(field(a, "value")), "True");
    }
    const uint32_t n = ts_node_child_count(args);
    TSNode close = ts_node_child(args, n - 1);
    if (node_text(close, text_) != ")") return std::nullopt;
    const Point at = pt(ts_node_start_point(close));
    return make_fix({at, at}, ts_node_named_child_count(args) > 0 ? ", fullgraph=True" : "fullgraph=True");
  }

  Fix make_fix(Range r, std::string text) const {
    Fix fix;
    fix.title = lint_label("fix.fullgraph", ctx_.lang);
    fix.edits.push_back({"", r, std::move(text)});
    return fix;
  }

  void check_call(TSNode call) {
    TSNode f = field(call, "function");
    TSNode args = field(call, "arguments");
    const uint32_t nargs = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
    if (node_type(f) == "attribute") {
      TSNode attr = field(f, "attribute");
      const std::string_view m = node_text(attr, text_);
      const Range r{pt(ts_node_start_point(attr)), pt(ts_node_end_point(call))};
      if (m == "item" && nargs == 0) return report("gb-item", call, r, ".item()");
      if (m == "tolist" && nargs == 0) return report("gb-tolist", call, r, ".tolist()");
      if (m == "numpy") return report("gb-numpy", call, r, ".numpy()");
      TSNode obj = field(f, "object");
      if (node_type(obj) == "identifier" && loggers_.count(text_of(obj)) &&
          one_of(m, {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}))
        return report("gb-untraceable", call, range_of(f), text_of(f) + "()");
    }
    auto q = qualified(f);
    if (!q) return;
    if (*q == "torch._dynamo.graph_break") return report("gb-explicit", call, range_of(call), "");
    if (one_of(*q, {"breakpoint", "pdb.set_trace", "ipdb.set_trace", "pdb.post_mortem"}))
      return report("gb-debugger", call, range_of(call), text_of(f) + "()");
    if (*q == "print") return report("gb-print", call, range_of(f), "print()");
    const size_t dot = q->rfind('.');
    const std::string_view last = dot == std::string::npos ? std::string_view(*q) : std::string_view(*q).substr(dot + 1);
    if ((q->rfind("logging.", 0) == 0 &&
         one_of(last, {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})) ||
        q->rfind("subprocess.", 0) == 0 || one_of(*q, {"os.system", "os.popen", "time.sleep", "open", "input"}))
      return report("gb-untraceable", call, range_of(f), text_of(f) + "()");
  }

  // Is `cond` a check of whether we are compiling (torch.compiler.is_compiling(), ...)?
  bool compiling_check(TSNode cond) const {
    const std::string_view s = node_text(cond, text_);
    for (std::string_view w : {"is_compiling", "is_dynamo_compiling", "is_exporting", "is_scripting", "is_tracing"})
      if (s.find(w) != std::string_view::npos) return true;
    return false;
  }

  void walk(TSNode n) {
    if (ts_node_is_null(n)) return;
    const std::string_view t = node_type(n);
    if (t == "function_definition" || t == "class_definition" || t == "lambda" || t == "decorated_definition") return;
    // Error paths: an exception's message, or an assert's, is only evaluated when it fails.
    if (t == "raise_statement") return;
    if (t == "assert_statement") {
      walk(ts_node_named_child(n, 0));
      return;
    }
    if (t == "if_statement" || t == "elif_clause" || t == "while_statement") {
      TSNode cond = field(n, "condition");
      if (compiling_check(cond)) {
        // Code under `if not is_compiling():` runs only eagerly, and the else side of a positive
        // check too: Dynamo never sees it. Mixed conditions are skipped whole.
        const std::string_view ct = node_type(cond);
        if (ct == "not_operator") {
          for_each_named_child(n, [&](TSNode c) {
            if (!ts_node_eq(c, cond) && !ts_node_eq(c, field(n, "consequence"))) walk(c);
          });
        } else if (ct == "call" || ct == "attribute") {
          walk(field(n, "consequence"));
        }
        return;
      }
      if (tensor_condition(cond)) {
        const std::string_view kw = t == "while_statement" ? "while" : t == "elif_clause" ? "elif" : "if";
        report("gb-tensor-cond", cond, range_of(cond), kw);
      }
    }
    if (t == "conditional_expression" && ts_node_named_child_count(n) == 3 && tensor_condition(ts_node_named_child(n, 1)))
      report("gb-tensor-cond", ts_node_named_child(n, 1), range_of(ts_node_named_child(n, 1)), "if");
    if (t == "call") check_call(n);
    for_each_named_child(n, [&](TSNode c) { walk(c); });
  }

  const FileContext& ctx_;
  std::string_view text_;
  ImportMap imports_;
  std::set<std::string> loggers_;
  const CompiledRegion* region_ = nullptr;
  std::set<std::string> params_;
  std::set<std::string> tensors_;
  std::set<std::string> reported_;
  std::vector<Finding> out_;
};

}  // namespace

std::vector<Finding> find_graph_break_risks(const FileContext& ctx) {
  if (!ctx.tree) return {};
  TSNode root = ts_tree_root_node(ctx.tree);
  auto regions = find_compiled_regions(root, ctx.text, ctx.path);
  if (regions.empty()) return {};
  RiskFinder finder(ctx, root);
  for (const auto& r : regions) finder.scan(r);
  return finder.take();
}

}  // namespace pt2bb
