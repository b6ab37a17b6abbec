# PT2 Bug Basher. The two commands of the README:
#   make demo  - install what is missing, build (Release), run pt2bb on examples/
#   make test  - install what is missing, build, run every test (then again under ASan/UBSan)
# Also: make build (binary at build/pt2bb), make bench, make clean.
JOBS ?= $(shell nproc)

.PHONY: all setup setup-test build build-asan demo test test-release test-asan bench clean

all: build

setup:
	@.ci/setup.sh

setup-test:
	@.ci/setup.sh --test

build: setup
	@cmake --preset release >/dev/null
	@cmake --build build -j $(JOBS)

build-asan: setup
	@cmake --preset asan >/dev/null
	@cmake --build build-asan -j $(JOBS)

demo: build
	@examples/demo.sh build/pt2bb

test: setup-test
	@$(MAKE) --no-print-directory test-release test-asan

test-release:
	@cmake --preset release >/dev/null
	@cmake --build build -j $(JOBS)
	cd build && ctest --output-on-failure -j $(JOBS)

# The unit, in-process and end-to-end tiers again with AddressSanitizer, LeakSanitizer and UBSan
# (the real editors are skipped: they test the clients, not memory safety).
test-asan:
	@cmake --preset asan >/dev/null
	@cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -E '^clients\.'

bench: build
	@tests/bench/run.sh build

clean:
	rm -rf build build-asan
