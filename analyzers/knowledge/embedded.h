// The knowledge files (analyzers/knowledge/data/*.json), embedded into the binary at build time.
// The server or CLI may replace them with the files of a `--knowledge-dir`.
#pragma once

#include <span>
#include <string_view>

namespace pt2bb {

struct EmbeddedFile {
  std::string_view name;     // File name, e.g. "triage.json".
  std::string_view content;  // The file's bytes.
};

std::span<const EmbeddedFile> embedded_knowledge_files();

}  // namespace pt2bb
