// doctest's main, with logging sent to stderr and quiet unless PT2BB_TEST_LOG names a level.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

#include "support/logging.h"

int main(int argc, char** argv) {
  const char* level = std::getenv("PT2BB_TEST_LOG");
  pt2bb::configure_logging(level ? level : "off", "");
  return doctest::Context(argc, argv).run();
}
