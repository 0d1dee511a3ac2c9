// swift-tools-version:6.0
import PackageDescription

// The docs' Swift examples as a user's package sees the library: public API
// only. Its one file is generated from the README, the catalogs and the
// Guides (`make article-examples`); `make test` builds and runs it.
let package = Package(
  name: "Articles",
  dependencies: [
    .package(name: "SnapshotDiff", path: "../.."),
  ],
  targets: [
    .executableTarget(
      name: "articles",
      dependencies: [
        .product(name: "SnapshotDiff", package: "SnapshotDiff"),
        .product(name: "DiffBenchCLI", package: "SnapshotDiff"),
      ]),
  ]
)
