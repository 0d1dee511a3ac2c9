// swift-tools-version:6.0
import PackageDescription

// An outline screen written as app code (a music app's sidebar), tested on
// Linux against the library: Apple's names and spelling, no `try`.
let package = Package(
  name: "Sidebar",
  dependencies: [
    // In your package: .package(url: "https://…/SnapshotDiff.git", from: "…").
    .package(name: "SnapshotDiff", path: "../.."),
  ],
  targets: [
    .target(name: "Sidebar", dependencies: [.product(name: "SnapshotDiff", package: "SnapshotDiff")]),
    .testTarget(name: "SidebarTests", dependencies: ["Sidebar"]),
  ]
)
