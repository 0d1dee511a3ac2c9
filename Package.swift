// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SnapshotDiff",
  products: [
    .library(name: "SnapshotDiff", targets: ["SnapshotDiff"]),
    .executable(name: "diffbench", targets: ["diffbench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // The library users import: no dependency beyond the toolchain.
    .target(name: "SnapshotDiff"),
    // jemalloc, the allocator of everything that links the harness, and its counters.
    .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
    // The harness: corpus files, verification, generators, shrinker, timing, CSV, statistics.
    .target(name: "DiffHarness", dependencies: ["SnapshotDiff", "CJemalloc"]),
    .executableTarget(
      name: "diffbench",
      dependencies: [
        "DiffHarness", "SnapshotDiff",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "SnapshotDiffTests",
      dependencies: [
        "SnapshotDiff", "DiffHarness",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "DiffHarnessTests", dependencies: ["DiffHarness", "SnapshotDiff", "FaultyStrategies", "fuzz-fixture"]),
    .testTarget(name: "diffbenchTests", dependencies: ["diffbench", "DiffHarness"]),
    // Test-only: broken strategies, and a fuzz worker that runs them in child processes.
    .target(name: "FaultyStrategies", dependencies: ["SnapshotDiff"], path: "Tests/Fixtures/FaultyStrategies"),
    .executableTarget(
      name: "fuzz-fixture", dependencies: ["DiffHarness", "FaultyStrategies", "SnapshotDiff"],
      path: "Tests/Fixtures/fuzz-fixture"),
  ]
)
