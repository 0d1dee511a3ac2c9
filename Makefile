# The two commands: `make test` and `make bench`. Both install what is missing.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE := -c release
BENCH_ARGS ?=
FUZZ_SECONDS ?= 60

.PHONY: test bench fuzz compare deps build release clean

# jemalloc is diffbench's allocator and its source of allocation figures.
deps:
	@if [ ! -f /usr/include/jemalloc/jemalloc.h ]; then \
	  echo "installing libjemalloc-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libjemalloc-dev >/dev/null; \
	fi

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

release: deps
	$(SWIFT) build $(RELEASE) --product diffbench

bench: release
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/diffbench bench $(BENCH_ARGS)

fuzz: release
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/diffbench fuzz --seconds $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-*
