// Triager and triage_text: the public face of the engine (triage/engine.h).
#include "triage/engine.h"
#include "triage/triage.h"

namespace pt2bb {

Triager::Triager(const TriageOptions& options) : engine_(std::make_unique<TriageEngine>(options)) {}
Triager::~Triager() = default;
Triager::Triager(Triager&&) noexcept = default;
Triager& Triager::operator=(Triager&&) noexcept = default;

void Triager::feed(std::string_view chunk) { engine_->feed(chunk); }
void Triager::feed(std::string_view chunk, const ChunkLines& lines) { engine_->feed(chunk, lines); }
ChunkLines Triager::classify(std::string_view chunk) const { return engine_->classify(chunk); }
TriageReport Triager::finish() { return engine_->finish(); }
ChunkClassifier Triager::classifier() const { return ChunkClassifier(*engine_, engine_->copy_prefilter()); }

ChunkClassifier::ChunkClassifier(const TriageEngine& engine, std::unique_ptr<LiteralGate> prefilter)
    : engine_(&engine), prefilter_(std::move(prefilter)) {}
ChunkClassifier::ChunkClassifier(ChunkClassifier&&) noexcept = default;
ChunkClassifier& ChunkClassifier::operator=(ChunkClassifier&&) noexcept = default;
ChunkClassifier::~ChunkClassifier() = default;
ChunkLines ChunkClassifier::classify(std::string_view chunk) const { return engine_->classify(chunk, *prefilter_); }

TriageReport triage_text(std::string_view log, const TriageOptions& options) {
  Triager t(options);
  t.feed(log);
  return t.finish();
}

}  // namespace pt2bb
