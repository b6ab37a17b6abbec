// The workspace index's fast path: a FileSummary built from a PythonOutline (a line-level scan)
// instead of a full tree-sitter parse, for files that are not open. A full parse of Python runs
// at a few MB/s; the outline at tens, which is what indexing a PyTorch checkout on one core
// needs.
//
// It builds the very summary summarize_python() builds from the full parse: the same classes,
// tests, ranges, decorators, imports, main guard, conventions and identifiers, by the same rules
// (summary_rules in test_summary.h). tree-sitter stays the reference: it parses the main guard
// (through ts_parser_set_included_ranges, so only those lines), and the whole file whenever the
// scan meets something it does not model (a string or bracket left open, inconsistent
// indentation, a header without its colon, `match`, decorators on something else than a def or
// class, class headers with type parameters, ...). An equivalence test compares both paths on
// every fixture and on generated and real PyTorch files.
//
// Known difference: a syntax error that leaves the lines, brackets and strings consistent (say
// `x = = 1` inside a test) is not seen, so has_syntax_errors stays false where the full parse
// would set it; summaries of open documents, which the diagnostics use, always come from the
// full parse.
//
// Pure; any thread (one parser per thread).
#pragma once

#include <optional>
#include <string_view>

#include <tree_sitter/api.h>

#include "testing/test_summary.h"

namespace pt2bb {

// The summary by the fast path, or nullopt when the scan cannot vouch for it (then use
// summarize_python()).
std::optional<FileSummary> summarize_python_outline(std::string_view path, std::string_view text, TSParser* parser);

// The fast path with the full parse as its fallback: what the index uses for unopened files.
// `took_fast_path`, when given, tells which way the summary was built.
FileSummary summarize_python_fast(std::string_view path, std::string_view text, TSParser* parser,
                                  bool* took_fast_path = nullptr);

}  // namespace pt2bb
