// swift-tools-version:6.0
import PackageDescription

/// The harness lives apart from what apps import, in `Harness/` (as
/// package-benchmark keeps its tool apart from its library).
func harness(_ target: String) -> String { "Harness/Sources/" + target }
func harnessTests(_ target: String) -> String { "Harness/Tests/" + target }

let package = Package(
  name: "SnapshotDiff",
  products: [
    // What apps import.
    .library(name: "SnapshotDiff", targets: ["SnapshotDiff"]),
    // The harness, for a package that races strategies of its own: the whole
    // command line, and the types a strategy is registered and timed with.
    .library(name: "DiffBenchCLI", targets: ["DiffBenchCLI"]),
    .executable(name: "diffbench", targets: ["diffbench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // `make docs`: the library's DocC catalog (the contract and the guides to its API).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Tests only: the GitHub workflows are parsed and their jobs checked.
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    // The library users import: no dependency beyond the toolchain.
    .target(name: "SnapshotDiff"),
    // What the harness's modules share, without the library: files written whole,
    // error text kept to one line, a changeset's counts.
    .target(name: "DiffSupport", path: harness("DiffSupport")),
    // Corpus files, changeset files, the oracles, the pair generator, the shrinker.
    .target(name: "DiffVerification", dependencies: ["DiffSupport", "SnapshotDiff"], path: harness("DiffVerification")),
    // Workers in child processes (traps and hangs), the fuzz engine, corpus verification.
    .target(name: "DiffFuzzing", dependencies: ["DiffSupport", "DiffVerification", "SnapshotDiff"], path: harness("DiffFuzzing")),
    // jemalloc, the allocator of everything that links the benchmarks, and its counters.
    .systemLibrary(name: "CJemalloc", path: harness("CJemalloc"), pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
    // Callgrind's client requests around the counted diff (no-ops outside valgrind).
    .target(name: "CCallgrind", path: harness("CCallgrind")),
    // Exact peaks of live bytes, through jemalloc's allocation hooks.
    .target(name: "CAllocationPeak", dependencies: ["CJemalloc"], path: harness("CAllocationPeak")),
    // The results model: report rows, the CSV format, statistics, compare's
    // verdicts, growth exponents. Pure Swift: compare and report link no jemalloc;
    // apart from the oracles, so that the two build side by side; and apart
    // from the library: a changeset's counts come as DiffSupport's ChangesetCounts.
    .target(name: "DiffResults", dependencies: ["DiffSupport"], path: harness("DiffResults")),
    // Programs run to their end (git, the toolchain, strip, valgrind), without a thread.
    .target(name: "DiffProcesses", path: harness("DiffProcesses")),
    // Workloads, timing, counting: what measures, with jemalloc and callgrind.
    .target(
      name: "DiffBenchmarks",
      dependencies: ["DiffProcesses", "DiffResults", "DiffSupport", "DiffVerification", "SnapshotDiff", "CJemalloc", "CCallgrind", "CAllocationPeak"], path: harness("DiffBenchmarks")),
    // The report page and compare's page: plain SVG and HTML strings (the
    // library's strategy order, given by the command, gives each its colour;
    // git orders the history). No library: it reads reports.
    .target(name: "DiffReport", dependencies: ["DiffProcesses", "DiffResults"], path: harness("DiffReport")),
    // The commands, as types; `diffbench` is one line that runs them.
    .target(
      name: "DiffBenchCLI",
      dependencies: [
        "DiffBenchmarks", "DiffFuzzing", "DiffReport", "DiffResults", "DiffSupport", "DiffVerification", "SnapshotDiff",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ], path: harness("DiffBenchCLI")),
    .executableTarget(name: "diffbench", dependencies: ["DiffBenchCLI"], path: harness("diffbench")),
    // The harness's planted bugs: broken strategies, each caught by a test.
    .target(name: "FaultyStrategies", dependencies: ["DiffVerification", "SnapshotDiff"], path: harness("FaultyStrategies")),
    // libFuzzer's target (make libfuzzer builds it with -sanitize=fuzzer); the
    // faulty strategies are linked in but known only with -DFAULTY_STRATEGIES.
    .target(name: "CLibFuzzerDriver", path: harness("CLibFuzzerDriver")),
    .executableTarget(
      name: "diffbench-libfuzzer", dependencies: ["CLibFuzzerDriver", "DiffResults", "DiffVerification", "SnapshotDiff", "FaultyStrategies"],
      path: harness("diffbench-libfuzzer"), swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    // The library's tests need verification only: they link no jemalloc.
    .testTarget(
      name: "SnapshotDiffTests",
      dependencies: [
        "SnapshotDiff", "DiffSupport", "DiffVerification", "FaultyStrategies",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "DiffVerificationTests", dependencies: ["DiffVerification", "FaultyStrategies", "SnapshotDiff"], path: harnessTests("DiffVerificationTests")),
    .testTarget(
      name: "DiffFuzzingTests", dependencies: ["DiffFuzzing", "DiffVerification", "SnapshotDiff", "FaultyStrategies", "fuzz-fixture"], path: harnessTests("DiffFuzzingTests")),
    .testTarget(
      name: "DiffBenchmarksTests", dependencies: ["DiffBenchmarks", "DiffProcesses", "DiffResults", "DiffVerification", "SnapshotDiff", "peak-fixture"], path: harnessTests("DiffBenchmarksTests")),
    .testTarget(name: "DiffResultsTests", dependencies: ["DiffResults", "DiffSupport", "DiffVerification"], path: harnessTests("DiffResultsTests")),
    .testTarget(name: "DiffProcessesTests", dependencies: ["DiffProcesses"], path: harnessTests("DiffProcessesTests")),
    .testTarget(name: "DiffSupportTests", dependencies: ["DiffSupport"], path: harnessTests("DiffSupportTests")),
    .testTarget(name: "DiffReportTests", dependencies: ["DiffReport", "DiffResults", "DiffVerification"], path: harnessTests("DiffReportTests")),
    .testTarget(name: "DiffBenchCLITests", dependencies: ["diffbench", "faulty-diffbench", "DiffBenchCLI", "DiffBenchmarks", "DiffFuzzing", "DiffProcesses", "DiffResults", "DiffVerification", "SnapshotDiff"], path: harnessTests("DiffBenchCLITests")),
    // The repository's own files: the GitHub workflows and the README's badge.
    .testTarget(name: "RepositoryTests", dependencies: [.product(name: "Yams", package: "Yams")]),
    // Test-only: a worker that runs the faulty strategies in child processes.
    .executableTarget(
      name: "fuzz-fixture", dependencies: ["DiffFuzzing", "DiffVerification", "FaultyStrategies", "SnapshotDiff"],
      path: harnessTests("Fixtures/fuzz-fixture")),
    // Exact peaks where they are measured: a process of one thread.
    .executableTarget(name: "peak-fixture", dependencies: ["DiffBenchmarks", "DiffProcesses", "DiffResults"], path: harnessTests("Fixtures/peak-fixture")),
    .executableTarget(name: "faulty-diffbench", dependencies: ["DiffBenchCLI", "FaultyStrategies"], path: harnessTests("Fixtures/faulty-diffbench")),
  ]
)
