# The two commands: `make test` and `make bench`. Both install what is missing.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE := -c release
BENCH_ARGS ?=
FUZZ_SECONDS ?= 60

.PHONY: test bench fuzz compare deps build release clean example

BIN = $$($(SWIFT) build $(RELEASE) --show-bin-path)
# make compare BASE=<rev> [FILTER="dk- scattered-"]: bench <rev> and this tree
# with the same workloads, then compare the two reports.
BASE ?= HEAD~1
FILTER ?=

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
	$(BIN)/diffbench bench $(BENCH_ARGS)

fuzz: release
	$(BIN)/diffbench fuzz --seconds $(FUZZ_SECONDS)

# The base revision is built in its own worktree and build folder, so this
# tree's build is untouched; base and head are benched workload by workload,
# alternating.
compare: release
	scripts/compare.sh $(BASE) $(FILTER)

# The example package races its own strategy with the whole command line.
example: deps
	cd Examples/RaceYourOwn && $(SWIFT) build -c release
	Examples/RaceYourOwn/.build/release/race verify Corpus/

clean:
	rm -rf .build .build-* Examples/RaceYourOwn/.build
	git worktree prune
