# The two commands: `make test` and `make bench`. Both install what is missing.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The release build's folder: .build, or another so that a second SwiftPM
# need not wait for the first's lock (CI builds it beside the tests).
RELEASE_SCRATCH ?= .build
RELEASE := -c release --scratch-path $(RELEASE_SCRATCH)
BENCH_ARGS ?=
FUZZ_SECONDS ?= 60
FAST ?=
FIND_SECONDS ?= 60

PEERS_BENCH_ARGS ?=

# make article-examples: the docs' Swift examples copied anew into the
# client package that compiles and runs them (Examples/Articles, run by make test).
.PHONY: stages article-examples reference peers peers-history readme-table test bench fuzz compare deps build release clean example perf-check perf-baseline report libfuzzer clusterfuzzlite-check verify-under-load docs fuzz-campaign libfuzzer-finds

BIN = $$($(SWIFT) build $(RELEASE) --show-bin-path)
# make compare BASE=<rev> [FILTER="dk- scattered-"] [TIMED=1]: bench <rev> and
# this tree with the same workloads, counting instructions (TIMED=1: timing),
# then compare the two reports.
BASE ?= HEAD~1
FILTER ?=
TIMED ?=
# The counted baseline the performance gate compares against, and the
# workloads it counts: every strategy on the grid's small and real-screen
# workloads, and the snapshot operations (snapshot-…), a few minutes under callgrind.
PERF_BASELINE ?= results/baseline-instructions.summary.csv
PERF_WORKLOADS = dk-5k scattered-5k random-1e2 random-1e3 random-1e4 paging-append empty-to-list list-to-empty jsfb-create-1k appstore-sections trace-appstore trace-frontpage snapshot- outline-build outline-expand-collapse outline-apply
PERF_FILTER = $(foreach w,$(PERF_WORKLOADS),--filter $(w))

# jemalloc is diffbench's allocator and its source of allocation figures;
# valgrind (callgrind) counts instructions, and its header marks the counted region.
deps:
	@missing=""; \
	[ -f /usr/include/jemalloc/jemalloc.h ] || missing="$$missing libjemalloc-dev"; \
	{ command -v valgrind >/dev/null && [ -f /usr/include/valgrind/callgrind.h ]; } || missing="$$missing valgrind"; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	cd Examples/Articles && $(SWIFT) run --scratch-path ../../.build articles

release: deps
	$(SWIFT) build $(RELEASE) --product diffbench

bench: release
	$(BIN)/diffbench bench $(BENCH_ARGS)

# The report page from every report in results/, and the scaling plot the
# README shows.
report: release
	$(BIN)/diffbench report --out results/report.html --scaling-svg results/scaling.svg results/

fuzz: release
	$(BIN)/diffbench fuzz --seconds $(FUZZ_SECONDS)

# Fewest stages, proven: the oracle and every strategy's stage count held
# to the exhaustive search on every pair up to a size (CI runs 2 x 2; the
# default, 2 x 3, is the larger space). Exits 1 on any gap.
STAGES_SIZE ?= --sections 2 --items 3
stages: release
	$(BIN)/diffbench stages $(STAGES_SIZE)

article-examples:
	UPDATE_ARTICLE_EXAMPLES=1 $(SWIFT) test --filter ArticleExamplesTests

# The harness's command reference, generated anew from the commands
# (CommandReference.md: a test fails while it differs from what they say).
reference:
	UPDATE_REFERENCE=1 $(SWIFT) test --filter CommandReferenceTests

# The documentation: the library's DocC catalog (the contract's articles and
# every public symbol) and the harness's (DiffBenchCLI: how to use the
# commands), any warning an error. Serve .build/docs with any static
# web server, or preview with `swift package --disable-sandbox preview-documentation --target SnapshotDiff`.
docs:
	$(SWIFT) package --disable-sandbox generate-documentation --target SnapshotDiff \
	  --warnings-as-errors --output-path .build/docs --transform-for-static-hosting
	$(SWIFT) package --disable-sandbox generate-documentation --target DiffBenchCLI \
	  --warnings-as-errors --output-path .build/docs-diffbench --transform-for-static-hosting

# Verdicts under load: verify a 100,005-item sectioned case with every
# strategy while two CPU hogs run, and still catch a real hang.
verify-under-load: release
	$(SWIFT) build $(RELEASE) --product faulty-diffbench
	DIFFBENCH=$(BIN)/diffbench FAULTY=$(BIN)/faulty-diffbench scripts/verify-under-load.sh

# Coverage-guided fuzzing: the libFuzzer target (its own build folder, with
# -sanitize=fuzzer,address) on the corpus encoded as seeds, FUZZ_SECONDS long.
# Prints libFuzzer's progress (cov:, exec/s) and its final stats; a failure
# leaves its input in .build-libfuzzer/ for `diffbench import`.
libfuzzer: release
	FUZZ_SECONDS=$(FUZZ_SECONDS) FAST=$(FAST) DIFFBENCH=$(BIN)/diffbench scripts/libfuzzer.sh

# Campaigns: make fuzz-campaign HOURS=8 alternates random and coverage-guided
# fuzzing on both cores, keeps and merges the libFuzzer corpus in
# fuzz-campaign/ (ignored by git), imports crashes, and prints a summary.
HOURS ?= 1
fuzz-campaign: release
	HOURS=$(HOURS) DIFFBENCH=$(BIN)/diffbench scripts/fuzz-campaign.sh

# Does coverage-guided fuzzing find each test-only faulty strategy from an
# empty corpus within FIND_SECONDS (default 60)? Prints the time to each.
libfuzzer-finds:
	FIND_SECONDS=$(FIND_SECONDS) scripts/libfuzzer-finds.sh

# ClusterFuzzLite's build script, run here as its builder would run it.
clusterfuzzlite-check: deps
	scripts/clusterfuzzlite-check.sh

# The base revision is built in its own worktree and build folder, so this
# tree's build is untouched; base and head are benched workload by workload,
# alternating.
compare: release
	TIMED=$(TIMED) scripts/compare.sh $(BASE) $(FILTER)

# The performance gate: count this tree and compare with the committed
# baseline; more than 1 % more instructions, or more ops, in any cell fails.
perf-check: release
	$(BIN)/diffbench bench --instructions $(PERF_FILTER) --out .build/perf-check.csv >/dev/null
	$(BIN)/diffbench compare --count-threshold 1 $(PERF_BASELINE) .build/perf-check.csv

# Accepting an intended change: re-record the baseline, then commit it.
perf-baseline: release
	$(BIN)/diffbench bench --instructions $(PERF_FILTER) --out .build/perf-baseline.csv
	cp .build/perf-baseline.summary.csv $(PERF_BASELINE)

# The example package races its own strategy with the whole command line.
# A debug build: it checks that the package builds on this one's API and
# verifies the corpus with its strategy (a release build took CI minutes).
# Both examples build in this package's build folder, so the library's
# modules that `make test` built are reused (the same commands), not built
# twice more: CI's example step went from about three minutes to 30 s.
example: deps
	cd Examples/RaceYourOwn && $(SWIFT) build --scratch-path ../../.build
	.build/debug/race verify Corpus/
	cd Examples/Sidebar && $(SWIFT) test --scratch-path ../../.build

# The peer libraries (Peers/) beside ours: verify over Corpus/, FUZZ_SECONDS of
# fuzz per peer (findings shrunk into Peers/Findings/), bench (PEERS_BENCH_ARGS,
# e.g. --quick), and the comparison, into results/peers-<commit>.*. Needs the
# peers' packages: without them it names the first it cannot reach, exit 2.
peers: release
	DIFFBENCH=$(BIN)/diffbench FUZZ_SECONDS=$(FUZZ_SECONDS) PEERS_BENCH_ARGS="$(PEERS_BENCH_ARGS)" scripts/peers.sh

# A peer's releases, each built at its tag and refereed and timed as make
# peers does (scripts/peers-history.sh): results/peers-history-PEER.csv.
# make peers-history PEER=listdiff [RELEASES="0.1.0 0.2.0"] [HISTORY_FUZZ_SECONDS=20]
PEER ?= differencekit
RELEASES ?=
HISTORY_FUZZ_SECONDS ?= 20
peers-history: deps
	FUZZ_SECONDS=$(HISTORY_FUZZ_SECONDS) scripts/peers-history.sh $(PEER) $(RELEASES)

# The README's "How it compares", regenerated from the newest peers summary.
readme-table:
	scripts/readme-table.sh

clean:
	rm -rf .build .build-* Examples/RaceYourOwn/.build Examples/Sidebar/.build Examples/Articles/.build
	git worktree prune
