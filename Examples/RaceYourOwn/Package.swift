// swift-tools-version:6.0
import PackageDescription

// Your own diff strategy, raced against SnapshotDiff's: verified, fuzzed and
// benchmarked by the same harness, without forking it.
let package = Package(
  name: "RaceYourOwn",
  dependencies: [
    // In your package: .package(url: "https://…/SnapshotDiff.git", from: "…").
    .package(name: "SnapshotDiff", path: "../.."),
  ],
  targets: [
    .target(name: "AppendAware", dependencies: [.product(name: "SnapshotDiff", package: "SnapshotDiff")]),
    .executableTarget(
      name: "race",
      dependencies: ["AppendAware", .product(name: "DiffBenchCLI", package: "SnapshotDiff")]),
  ]
)
