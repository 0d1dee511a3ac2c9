// swift-tools-version:6.0
import PackageDescription

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
    .target(name: "DiffSupport"),
    // Corpus files, changeset files, the oracles, the pair generator, the shrinker.
    .target(name: "DiffVerification", dependencies: ["DiffSupport", "SnapshotDiff"]),
    // Workers in child processes (traps and hangs), the fuzz engine, corpus verification.
    .target(name: "DiffFuzzing", dependencies: ["DiffSupport", "DiffVerification", "SnapshotDiff"]),
    // jemalloc, the allocator of everything that links the benchmarks, and its counters.
    .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
    // Callgrind's client requests around the counted diff (no-ops outside valgrind).
    .target(name: "CCallgrind"),
    // Exact peaks of live bytes, through jemalloc's allocation hooks.
    .target(name: "CAllocationPeak", dependencies: ["CJemalloc"]),
    // The results model: report rows, the CSV format, statistics, compare's
    // verdicts, growth exponents. Pure Swift: compare and report link no jemalloc;
    // apart from the oracles, so that the two build side by side; and apart
    // from the library: a changeset's counts come as DiffSupport's ChangesetCounts.
    .target(name: "DiffResults", dependencies: ["DiffSupport"]),
    // Programs run to their end (git, the toolchain, strip, valgrind), without a thread.
    .target(name: "DiffProcesses"),
    // Workloads, timing, counting: what measures, with jemalloc and callgrind.
    .target(
      name: "DiffBenchmarks",
      dependencies: ["DiffProcesses", "DiffResults", "DiffSupport", "DiffVerification", "SnapshotDiff", "CJemalloc", "CCallgrind", "CAllocationPeak"]),
    // The report page and compare's page: plain SVG and HTML strings (the
    // library's strategy order, given by the command, gives each its colour;
    // git orders the history). No library: it reads reports.
    .target(name: "DiffReport", dependencies: ["DiffProcesses", "DiffResults"]),
    // The commands, as types; `diffbench` is one line that runs them.
    .target(
      name: "DiffBenchCLI",
      dependencies: [
        "DiffBenchmarks", "DiffFuzzing", "DiffReport", "DiffResults", "DiffSupport", "DiffVerification", "SnapshotDiff",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "diffbench", dependencies: ["DiffBenchCLI"]),
    // The harness's planted bugs: broken strategies, each caught by a test.
    .target(name: "FaultyStrategies", dependencies: ["DiffVerification", "SnapshotDiff"]),
    // libFuzzer's target (make libfuzzer builds it with -sanitize=fuzzer); the
    // faulty strategies are linked in but known only with -DFAULTY_STRATEGIES.
    .target(name: "CLibFuzzerDriver"),
    .executableTarget(
      name: "diffbench-libfuzzer", dependencies: ["CLibFuzzerDriver", "DiffResults", "DiffVerification", "SnapshotDiff", "FaultyStrategies"],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    // The library's tests need verification only: they link no jemalloc.
    .testTarget(
      name: "SnapshotDiffTests",
      dependencies: [
        "SnapshotDiff", "DiffSupport", "DiffVerification", "FaultyStrategies",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "DiffVerificationTests", dependencies: ["DiffVerification", "FaultyStrategies", "SnapshotDiff"]),
    .testTarget(
      name: "DiffFuzzingTests", dependencies: ["DiffFuzzing", "DiffVerification", "SnapshotDiff", "FaultyStrategies", "fuzz-fixture"]),
    .testTarget(
      name: "DiffBenchmarksTests", dependencies: ["DiffBenchmarks", "DiffProcesses", "DiffResults", "DiffVerification", "SnapshotDiff", "peak-fixture"]),
    .testTarget(name: "DiffResultsTests", dependencies: ["DiffResults", "DiffSupport", "DiffVerification"]),
    .testTarget(name: "DiffProcessesTests", dependencies: ["DiffProcesses"]),
    .testTarget(name: "DiffSupportTests", dependencies: ["DiffSupport"]),
    .testTarget(name: "DiffReportTests", dependencies: ["DiffReport", "DiffResults", "DiffVerification"]),
    .testTarget(name: "DiffBenchCLITests", dependencies: ["diffbench", "faulty-diffbench", "DiffBenchCLI", "DiffBenchmarks", "DiffFuzzing", "DiffProcesses", "DiffResults", "DiffVerification", "SnapshotDiff"]),
    // The repository's own files: the GitHub workflows and the README's badge.
    .testTarget(name: "RepositoryTests", dependencies: [.product(name: "Yams", package: "Yams")]),
    // Test-only: a worker that runs the faulty strategies in child processes.
    .executableTarget(
      name: "fuzz-fixture", dependencies: ["DiffFuzzing", "DiffVerification", "FaultyStrategies", "SnapshotDiff"],
      path: "Tests/Fixtures/fuzz-fixture"),
    // Exact peaks where they are measured: a process of one thread.
    .executableTarget(name: "peak-fixture", dependencies: ["DiffBenchmarks", "DiffProcesses", "DiffResults"], path: "Tests/Fixtures/peak-fixture"),
    .executableTarget(name: "faulty-diffbench", dependencies: ["DiffBenchCLI", "FaultyStrategies"], path: "Tests/Fixtures/faulty-diffbench"),
  ]
)
