#include "lint/compiled_regions.h"

#include <map>
#include <set>

#include "hover/imports.h"
#include "hover/node_children.h"
#include "syntax/tree.h"

namespace pt2bb {
namespace {

// Cheap call-chain helpers shared by the passes below.
class RegionFinder {
public:
  RegionFinder(TSNode root, std::string_view text, std::string_view path)
      : root_(root), text_(text), imports_(imports_at(root, text, path, Point{0, 0})) {
    // Local names bound to torch.compile or optimize (`from torch import compile as tc`).
    for (const auto& [local, target] : imports_)
      if (target.find("compile") != std::string::npos || target.find("optimize") != std::string::npos)
        compile_aliases_.insert(local);
  }

  std::vector<CompiledRegion> run() {
    collect(root_);
    for (const auto& site : sites_) add_site(site);
    // Helpers the regions call by name are inlined by Dynamo: they are compiled too.
    for (size_t i = 0; i < regions_.size() && regions_.size() < kMaxRegions; ++i) add_callees(i);
    return std::move(regions_);
  }

private:
  static constexpr size_t kMaxRegions = 256;

  struct Site {
    TSNode node;    // Decorator or call.
    TSNode target;  // The decorated function, or the expression passed to torch.compile.
    bool fullgraph = false;
  };

  std::string text_of(TSNode n) const { return std::string(node_text(n, text_)); }

  std::optional<std::string> dotted(TSNode n) const {
    if (ts_node_is_null(n)) return std::nullopt;
    const std::string_view t = node_type(n);
    if (t == "identifier") return text_of(n);
    if (t != "attribute") return std::nullopt;
    auto obj = dotted(field(n, "object"));
    if (!obj) return std::nullopt;
    return *obj + "." + text_of(field(n, "attribute"));
  }

  std::optional<std::string> qualified(TSNode n) const {
    auto d = dotted(n);
    if (!d) return std::nullopt;
    const size_t dot = d->find('.');
    auto it = imports_.find(d->substr(0, dot));
    if (it == imports_.end()) return d;
    return dot == std::string::npos ? it->second : it->second + d->substr(dot);
  }

  static bool is_compile(const std::optional<std::string>& q) {
    return q && (*q == "torch.compile" || *q == "torch._dynamo.optimize");
  }
  static bool is_disable(const std::optional<std::string>& q) {
    return q && (*q == "torch.compiler.disable" || *q == "torch._dynamo.disable" || *q == "torch._disable_dynamo");
  }

  bool fullgraph_in(TSNode call) const {
    TSNode args = field(call, "arguments");
    for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (node_type(a) != "keyword_argument") continue;
      const std::string_view name = node_text(field(a, "name"), text_);
      // torch._dynamo.optimize spells it nopython=True.
      if ((name == "fullgraph" || name == "nopython") && node_text(field(a, "value"), text_) == "True") return true;
    }
    return false;
  }

  static TSNode first_positional(TSNode call) {
    TSNode args = field(call, "arguments");
    for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (node_type(a) != "keyword_argument" && node_type(a) != "comment") return a;
    }
    return TSNode{};
  }

  static TSNode function_of(TSNode def) {
    if (node_type(def) == "decorated_definition") def = field(def, "definition");
    return !ts_node_is_null(def) && node_type(def) == "function_definition" ? def : TSNode{};
  }

  // First pass: definitions, classes, `x = Model(...)` bindings, decorators and compile calls.
  void collect(TSNode root) {
    visit_named(root, [&](TSNode n) {
      const std::string_view t = node_type(n);
      if (t == "class_definition") classes_[text_of(field(n, "name"))] = n;
      if (t == "decorated_definition") decorated(n);
      if (t == "assignment") binding(n);
      if (t == "call") call(n);
      return true;
    });
  }

  void decorated(TSNode n) {
    TSNode fn = function_of(n);
    if (ts_node_is_null(fn)) return;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      TSNode d = ts_node_named_child(n, i);
      if (node_type(d) != "decorator") continue;
      TSNode e = ts_node_named_child(d, 0);
      if (ts_node_is_null(e)) continue;
      const bool is_call = node_type(e) == "call";
      auto q = qualified(is_call ? field(e, "function") : e);
      if (is_disable(q)) disabled_.insert(ts_node_start_byte(fn));
      if (is_compile(q)) sites_.push_back({d, fn, is_call && fullgraph_in(e)});
    }
  }

  // `m = Model(...)`, `self.enc = Encoder(...).to(dev)`: remembers which class the name holds.
  void binding(TSNode n) {
    TSNode left = field(n, "left"), right = field(n, "right");
    if (ts_node_is_null(left) || ts_node_is_null(right)) return;
    if (auto cls = constructed_class(right)) bindings_[text_of(left)] = *cls;
    // `m = torch.compile(m)` keeps m's class.
  }

  // The class name of `Model(...)`, `Model(...).to(dev).eval()`, if it is a call of a name.
  std::optional<std::string> constructed_class(TSNode e) const {
    while (!ts_node_is_null(e) && node_type(e) == "call") {
      TSNode f = field(e, "function");
      if (node_type(f) == "identifier") return text_of(f);
      if (node_type(f) != "attribute") return std::nullopt;
      e = field(f, "object");
    }
    return std::nullopt;
  }

  void call(TSNode n) {
    TSNode f = field(n, "function");
    if (ts_node_is_null(f)) return;
    // Most calls compile nothing: a look at the callee's text rules them out before any lookup.
    const std::string_view callee = node_text(f, text_);
    if (callee.find("compile") == std::string_view::npos && callee.find("optimize") == std::string_view::npos &&
        !compile_aliases_.count(std::string(callee.substr(0, callee.find_first_of(".(")))))
      return;
    if (is_compile(qualified(f))) {
      if (TSNode target = first_positional(n); !ts_node_is_null(target)) sites_.push_back({n, target, fullgraph_in(n)});
      return;
    }
    // torch._dynamo.optimize("inductor")(fn)
    if (node_type(f) == "call" && is_compile(qualified(field(f, "function")))) {
      if (TSNode target = first_positional(n); !ts_node_is_null(target)) sites_.push_back({f, target, fullgraph_in(f)});
      return;
    }
    // model.compile(): nn.Module.compile compiles the module's forward in place.
    if (node_type(f) == "attribute" && node_text(field(f, "attribute"), text_) == "compile") {
      TSNode obj = field(f, "object");
      auto q = qualified(obj);
      if (q && (*q == "torch" || q->rfind("torch.", 0) == 0 || *q == "re")) return;  // torch.compile itself, re.compile
      sites_.push_back({n, obj, fullgraph_in(n)});
    }
  }

  // A function named `name` visible from `from`: the nearest enclosing block that defines it.
  TSNode find_function(TSNode from, std::string_view name) const {
    for (TSNode scope = from; !ts_node_is_null(scope); scope = ts_node_parent(scope)) {
      const std::string_view t = node_type(scope);
      if (t != "block" && t != "module") continue;
      const auto& defs = definitions(scope);
      auto it = defs.find(std::string(name));
      const TSNode found = it == defs.end() ? TSNode{} : it->second;
      // A method is not visible by its bare name from inside its class's other methods.
      if (!ts_node_is_null(found) && !is_class_body(scope)) return found;
    }
    return TSNode{};
  }

  // The functions a block defines, by name (the last def wins), computed once per block.
  const std::map<std::string, TSNode>& definitions(TSNode block) const {
    static const std::map<std::string, TSNode> none;
    if (ts_node_is_null(block)) return none;
    auto [it, fresh] = scopes_.try_emplace(ts_node_start_byte(block));
    if (fresh) {
      for_each_named_child(block, [&](TSNode child) {
        TSNode fn = function_of(child);
        if (!ts_node_is_null(fn)) it->second[text_of(field(fn, "name"))] = fn;
      });
    }
    return it->second;
  }

  static bool is_class_body(TSNode block) {
    TSNode p = ts_node_parent(block);
    return !ts_node_is_null(p) && node_type(p) == "class_definition";
  }

  static TSNode enclosing_class(TSNode n) {
    for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p))
      if (node_type(p) == "class_definition") return p;
    return TSNode{};
  }

  TSNode method(TSNode cls, std::string_view name) const {
    if (ts_node_is_null(cls)) return TSNode{};
    const auto& defs = definitions(field(cls, "body"));
    auto it = defs.find(std::string(name));
    return it == defs.end() ? TSNode{} : it->second;
  }

  TSNode class_forward(const std::string& cls) const {
    auto it = classes_.find(cls);
    return it == classes_.end() ? TSNode{} : method(it->second, "forward");
  }

  // What a compile site's target expression compiles.
  TSNode resolve_target(TSNode site, TSNode target) const {
    const std::string_view t = node_type(target);
    if (t == "function_definition") return target;
    if (t == "identifier") {
      if (TSNode fn = find_function(site, text_of(target)); !ts_node_is_null(fn)) return fn;
    }
    if (t == "attribute" && node_text(field(target, "object"), text_) == "self") {
      if (TSNode m = method(enclosing_class(site), node_text(field(target, "attribute"), text_)); !ts_node_is_null(m))
        return m;
    }
    if (t == "call") {
      if (auto cls = constructed_class(target)) return class_forward(*cls);
    }
    if (auto it = bindings_.find(text_of(target)); it != bindings_.end()) return class_forward(it->second);
    return TSNode{};
  }

  std::string name_of(TSNode fn) const {
    std::string name = text_of(field(fn, "name"));
    TSNode cls = enclosing_class(fn);
    // Only a method directly in a class body gets the class prefix.
    TSNode parent = ts_node_parent(fn);
    if (!ts_node_is_null(parent) && node_type(parent) == "decorated_definition") parent = ts_node_parent(parent);
    if (!ts_node_is_null(cls) && !ts_node_is_null(parent) && is_class_body(parent))
      name = text_of(field(cls, "name")) + "." + name;
    return name;
  }

  void add(TSNode fn, TSNode site, bool fullgraph, std::string via) {
    if (ts_node_is_null(fn) || disabled_.count(ts_node_start_byte(fn))) return;
    if (!seen_.insert(ts_node_start_byte(fn)).second) return;
    regions_.push_back({fn, name_of(fn), site, fullgraph, std::move(via)});
  }

  void add_site(const Site& s) { add(resolve_target(s.node, s.target), s.node, s.fullgraph, ""); }

  void add_callees(size_t i) {
    const CompiledRegion r = regions_[i];
    TSNode cls = enclosing_class(r.function);
    std::vector<TSNode> stack{field(r.function, "body")};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_is_null(n)) continue;
      const std::string_view t = node_type(n);
      if (t == "function_definition" || t == "class_definition" || t == "lambda") continue;
      if (t == "call") {
        TSNode f = field(n, "function");
        TSNode callee{};
        if (node_type(f) == "identifier") callee = find_function(n, node_text(f, text_));
        else if (node_type(f) == "attribute" && node_text(field(f, "object"), text_) == "self")
          callee = method(cls, node_text(field(f, "attribute"), text_));
        if (!ts_node_is_null(callee)) add(callee, r.compile_site, r.fullgraph, r.via.empty() ? r.name : r.via);
      }
      for_each_named_child(n, [&](TSNode c) { stack.push_back(c); });
    }
  }

  TSNode root_;
  std::string_view text_;
  ImportMap imports_;
  std::set<std::string> compile_aliases_;
  std::map<std::string, TSNode> classes_;
  std::map<std::string, std::string> bindings_;  // Expression text -> class name.
  std::vector<Site> sites_;
  std::set<uint32_t> disabled_;  // Start bytes of functions decorated with disable.
  std::set<uint32_t> seen_;
  mutable std::map<uint32_t, std::map<std::string, TSNode>> scopes_;  // Block start byte -> its defs.
  std::vector<CompiledRegion> regions_;
};

}  // namespace

std::vector<CompiledRegion> find_compiled_regions(TSNode root, std::string_view text, std::string_view path) {
  if (ts_node_is_null(root)) return {};
  // Most files never mention compile: skip the walk for them.
  if (text.find("compile") == std::string_view::npos && text.find("optimize") == std::string_view::npos) return {};
  return RegionFinder(root, text, path).run();
}

}  // namespace pt2bb
