import DiffBenchCLI

/// The peers, in report order.
public enum Peers {
  /// Made here, where each adapter's type is known: its entry points are
  /// specialized for it (``Contender``).
  public static let all: [Contender] = [
    Contender(DifferenceKitPeer()), Contender(ListDiffPeer()), Contender(DeepDiffPeer()), Contender(DifferPeer()),
    Contender(DifferentiatorPeer()), Contender(FlexibleDiffPeer()), Contender(ChangesetPeer()),
  ]
}
