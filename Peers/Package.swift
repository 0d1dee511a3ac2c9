// swift-tools-version:6.0
import PackageDescription

// The diff libraries apps ship, raced and refereed beside SnapshotDiff's own
// strategies: each peer is an adapter (a `DiffStrategy`), and `peers` is the
// whole diffbench command line with them. The peers come from their public
// URLs and released versions, as in any app's package.
let package = Package(
  name: "Peers",
  dependencies: [
    .package(name: "SnapshotDiff", path: ".."),
    .package(url: "https://github.com/ra1028/DifferenceKit", from: "1.3.0"),
    .package(url: "https://github.com/onmyway133/DeepDiff", from: "2.3.3"),
    .package(url: "https://github.com/tonyarnold/Differ", from: "1.4.5"),
    .package(url: "https://github.com/RxSwiftCommunity/RxDataSources", from: "5.0.2"),
    // RxDataSources names RxCocoa, which RxSwift 6.10 declares on Apple's
    // systems only; 6.9 declares it on Linux too (nothing here builds it).
    .package(url: "https://github.com/ReactiveX/RxSwift", .upToNextMinor(from: "6.9.0")),
    // IGListKit's diff in Swift. Its one release (0.2.0) predates a manifest
    // that today's SwiftPM reads; its default branch has one.
    .package(url: "https://github.com/lxcid/ListDiff", branch: "master"),
    // The two libraries of DifferenceKit's README table that build on Linux
    // (Dwifft's row type is under `#if os(iOS)`).
    .package(url: "https://github.com/RACCommunity/FlexibleDiff", from: "0.0.9"),
    .package(url: "https://github.com/osteslag/Changeset", from: "3.2.0"),
  ],
  targets: [
    .target(
      name: "PeerAdapters",
      dependencies: [
        .product(name: "DiffBenchCLI", package: "SnapshotDiff"),
        .product(name: "DifferenceKit", package: "DifferenceKit"),
        .product(name: "DeepDiff", package: "DeepDiff"),
        .product(name: "Differ", package: "Differ"),
        .product(name: "Differentiator", package: "RxDataSources"),
        .product(name: "ListDiff", package: "ListDiff"),
        .product(name: "FlexibleDiff", package: "FlexibleDiff"),
        .product(name: "Changeset", package: "Changeset"),
      ]),
    .executableTarget(
      name: "peers", dependencies: ["PeerAdapters", .product(name: "DiffBenchCLI", package: "SnapshotDiff")]),
    .testTarget(
      name: "PeerAdaptersTests",
      dependencies: [
        "PeerAdapters",
        .product(name: "DiffBenchCLI", package: "SnapshotDiff"),
      ]),
  ]
)
