import SnapshotDiff

/// The peers, in report order.
public enum Peers {
  public static let all: [any DiffStrategy] = [
    DifferenceKitPeer(), ListDiffPeer(), DeepDiffPeer(), DifferPeer(), DifferentiatorPeer(),
  ]
}
