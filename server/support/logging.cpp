#include "support/logging.h"

#include <stdexcept>

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace pt2bb {

void configure_logging(const std::string& level, const std::string& file) {
  const auto lvl = spdlog::level::from_str(level);
  if (lvl == spdlog::level::off && level != "off") {
    throw std::runtime_error("unknown log level '" + level + "' (trace, debug, info, warn, error, off)");
  }
  std::shared_ptr<spdlog::logger> logger;
  if (file.empty()) {
    logger = std::make_shared<spdlog::logger>("pt2bb", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  } else {
    try {
      logger = std::make_shared<spdlog::logger>("pt2bb", std::make_shared<spdlog::sinks::basic_file_sink_mt>(file));
    } catch (const spdlog::spdlog_ex& e) {
      throw std::runtime_error("cannot open log file '" + file + "': " + e.what());
    }
  }
  logger->set_level(lvl);
  logger->set_pattern("[%H:%M:%S.%e] [%^%l%$] %v");
  logger->flush_on(spdlog::level::warn);
  // Replaces spdlog's default logger, which writes to stdout.
  spdlog::set_default_logger(logger);
}

}  // namespace pt2bb
