#include "testing/compact_summary.h"

#include <algorithm>

namespace pt2bb {
namespace {

std::string_view last_component(std::string_view dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// Appends to the arena; equal strings already there (the file's bases, indents, modules repeat)
// are shared rather than stored twice.
class ArenaBuilder {
public:
  explicit ArenaBuilder(std::string& arena) : arena_(arena) {}

  ArenaRef add(std::string_view s) {
    if (s.empty()) return {};
    for (const ArenaRef& r : recent_)
      if (std::string_view(arena_).substr(r.offset, r.size) == s) return r;
    const ArenaRef r{static_cast<uint32_t>(arena_.size()), static_cast<uint32_t>(s.size())};
    arena_.append(s);
    // Only short, repeated strings are worth looking up; test names are unique in a class.
    if (s.size() <= 64) {
      if (recent_.size() == 16) recent_.erase(recent_.begin());
      recent_.push_back(r);
    }
    return r;
  }
  ArenaRef add_unshared(std::string_view s) {
    const ArenaRef r{static_cast<uint32_t>(arena_.size()), static_cast<uint32_t>(s.size())};
    arena_.append(s);
    return r;
  }

private:
  std::string& arena_;
  std::vector<ArenaRef> recent_;
};

std::vector<std::string_view> split_lines(std::string_view joined) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos <= joined.size() && !joined.empty()) {
    size_t nl = joined.find('\n', pos);
    if (nl == std::string_view::npos) nl = joined.size();
    out.push_back(joined.substr(pos, nl - pos));
    pos = nl + 1;
  }
  return out;
}

}  // namespace

const std::vector<std::string_view>& known_decorators() {
  // At most 15 entries: bit 15 of CompactTest::decorators marks "others".
  static const std::vector<std::string_view> known = {
      "skipIfRocm",     "parametrize",           "requires_gpu",  "requires_cuda",
      "skipIfTorchDynamo", "unittest.expectedFailure", "expectedFailure", "torch._dynamo.config.patch",
      "config.patch",   "unittest.skipIf",       "skipIf",        "dtypes",
      "onlyCUDA",       "skipCUDAIf",            "requires_triton"};
  return known;
}

CompactSummary compact_summary(const FileSummary& full) {
  CompactSummary out;
  out.path = full.path;
  out.content_hash = full.content_hash;
  out.bytes = full.bytes;
  out.line_count = full.line_count;
  out.conventions = full.conventions;
  out.import_block_end_line = full.import_block_end_line;
  out.has_syntax_errors = full.has_syntax_errors;
  out.has_main_guard = full.main_guard.has_value();
  out.identifiers = full.identifiers;
  ArenaBuilder arena(out.arena);
  const auto& known = known_decorators();
  size_t test_total = 0, base_total = 0;
  for (const auto& c : full.classes) test_total += c.tests.size(), base_total += c.bases.size();
  out.tests.reserve(test_total);
  out.bases.reserve(base_total);
  out.classes.reserve(full.classes.size());
  std::vector<std::pair<uint32_t, std::string>> pending_others;
  for (const auto& c : full.classes) {
    CompactClass cc;
    cc.name = arena.add(c.name);
    cc.body_indent = arena.add(c.body_indent);
    cc.first_base = static_cast<uint32_t>(out.bases.size());
    for (const auto& b : c.bases) out.bases.push_back(arena.add(b));
    cc.base_count = static_cast<uint32_t>(c.bases.size());
    cc.first_test = static_cast<uint32_t>(out.tests.size());
    cc.test_count = static_cast<uint32_t>(c.tests.size());
    cc.start_line = c.range.start.line;
    cc.start_column = c.range.start.column;
    cc.end_line = c.range.end.line;
    cc.body_end_line = c.body_end_line;
    cc.method_count = c.method_count;
    if (!c.tests.empty()) cc.last_test_end_line = c.tests.back().range.end.line;
    cc.test_names_offset = static_cast<uint32_t>(out.arena.size());
    std::string_view previous;
    for (const auto& t : c.tests) {
      CompactTest ct;
      // Tests are named test*: the prefix is implied; the rest is front-coded.
      const std::string_view name = std::string_view(t.name).substr(4, 0xffff);
      size_t shared = 0;
      while (shared < 255 && shared < name.size() && shared < previous.size() && name[shared] == previous[shared])
        ++shared;
      const std::string_view suffix = name.substr(shared);
      ct.name_shared = static_cast<uint8_t>(shared);
      if (suffix.size() < CompactTest::kLongSuffix) {
        ct.name_suffix = static_cast<uint8_t>(suffix.size());
      } else {
        ct.name_suffix = CompactTest::kLongSuffix;
        const char size[2] = {static_cast<char>(suffix.size() & 0xff), static_cast<char>(suffix.size() >> 8)};
        arena.add_unshared(std::string_view(size, 2));
      }
      arena.add_unshared(suffix);
      previous = name;
      ct.start_line = t.range.start.line;
      ct.line_count = static_cast<uint16_t>(std::min<uint32_t>(t.range.end.line - t.range.start.line, 0xffff));
      ct.branch = static_cast<uint16_t>(std::min<uint32_t>(t.branch, 0x7fff)) | (t.generated ? CompactTest::kGenerated : 0);
      std::string others;
      for (const auto& d : t.decorators) {
        auto it = std::find(known.begin(), known.end(), d);
        if (it != known.end()) {
          ct.decorators |= static_cast<uint16_t>(1u << (it - known.begin()));
        } else {
          if (!others.empty()) others += '\n';
          others += d;
        }
      }
      if (!others.empty()) {
        ct.decorators |= CompactTest::kOtherDecorators;
        pending_others.emplace_back(static_cast<uint32_t>(out.tests.size()), std::move(others));
      }
      out.tests.push_back(ct);
    }
    // After the names, which must stay one after the other.
    for (auto& [test, others] : pending_others) out.other_decorators.emplace_back(test, arena.add(others));
    pending_others.clear();
    out.classes.push_back(cc);
  }
  out.imports.reserve(full.imports.size());
  for (const auto& imp : full.imports) {
    std::string names;
    for (const auto& n : imp.names) {
      if (!names.empty()) names += '\n';
      names += n;
    }
    out.imports.push_back({arena.add(imp.module), arena.add(names), imp.from});
  }
  // Kept for as long as the index: no spare capacity anywhere.
  out.arena.shrink_to_fit();
  out.other_decorators.shrink_to_fit();
  out.identifiers.shrink_to_fit();
  return out;
}

std::vector<std::string_view> CompactSummary::bases_of(const CompactClass& c) const {
  std::vector<std::string_view> out;
  for (uint32_t i = 0; i < c.base_count; ++i) out.push_back(text(bases[c.first_base + i]));
  return out;
}

std::vector<std::string> CompactSummary::test_names(const CompactClass& c) const {
  std::vector<std::string> out;
  size_t offset = c.test_names_offset;
  std::string previous;
  for (const CompactTest* t = tests_begin(c); t != tests_end(c); ++t) {
    size_t size = t->name_suffix;
    if (size == CompactTest::kLongSuffix) {
      size = static_cast<unsigned char>(arena[offset]) | (static_cast<unsigned char>(arena[offset + 1]) << 8);
      offset += 2;
    }
    std::string name = previous.substr(0, t->name_shared);
    name.append(arena, offset, size);
    offset += size;
    out.push_back("test" + name);
    previous = std::move(name);
  }
  return out;
}

std::vector<std::string_view> CompactSummary::decorators_of(const CompactTest& t) const {
  std::vector<std::string_view> out;
  const auto& known = known_decorators();
  for (size_t i = 0; i < known.size(); ++i)
    if (t.decorators & (1u << i)) out.push_back(known[i]);
  if (t.decorators & CompactTest::kOtherDecorators) {
    const uint32_t index = static_cast<uint32_t>(&t - tests.data());
    for (const auto& [test, ref] : other_decorators)
      if (test == index)
        for (auto d : split_lines(text(ref))) out.push_back(d);
  }
  return out;
}

const CompactClass* CompactSummary::find_class(std::string_view n) const {
  for (const auto& c : classes)
    if (name(c) == n) return &c;
  return nullptr;
}

bool CompactSummary::is_test_class(const CompactClass& c) const {
  // The same rule as is_test_class(const TestClass&).
  if (c.test_count > 0) return true;
  if (last_component(name(c)) == "CommonTemplate") return true;
  for (uint32_t i = 0; i < c.base_count; ++i) {
    const std::string_view last = last_component(text(bases[c.first_base + i]));
    if (ends_with(last, "TestCase") || ends_with(last, "Tests") || ends_with(last, "Test")) return true;
  }
  return false;
}

bool CompactSummary::imports_module(std::string_view module) const {
  for (const auto& imp : imports)
    if (text(imp.module) == module) return true;
  return false;
}

bool CompactSummary::imports_name(std::string_view n) const {
  for (const auto& imp : imports) {
    if (!imp.from && imp.names.size == 0 && text(imp.module) == n) return true;
    for (auto each : split_lines(text(imp.names)))
      if (each == n) return true;
  }
  return false;
}

size_t CompactSummary::memory_bytes() const {
  // glibc rounds each allocation up to 16 bytes and adds an 8-byte header.
  auto heap = [](size_t bytes) -> size_t { return bytes == 0 ? 0 : ((bytes + 8 + 15) / 16) * 16; };
  auto str = [&](const std::string& s) -> size_t { return s.capacity() > 15 ? heap(s.capacity() + 1) : 0; };
  // make_shared puts the control block (two counts and a vtable pointer) beside the object.
  return heap(sizeof(CompactSummary) + 16) + str(path) + str(arena) + heap(classes.capacity() * sizeof(CompactClass)) +
         heap(tests.capacity() * sizeof(CompactTest)) + heap(bases.capacity() * sizeof(ArenaRef)) +
         heap(imports.capacity() * sizeof(CompactImport)) +
         heap(other_decorators.capacity() * sizeof(other_decorators[0])) +
         heap(identifiers.capacity() * sizeof(uint64_t));
}

}  // namespace pt2bb
