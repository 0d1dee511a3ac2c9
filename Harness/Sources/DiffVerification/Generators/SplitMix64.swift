/// A small, fast, seedable generator (Steele, Lea & Flood's SplitMix64), so
/// that a pair is the same on every machine and toolchain.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  package var state: UInt64
  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A generator for one (seed, iteration) pair, independent of the others.
  package init(seed: UInt64, iteration: UInt64) {
    var mix = SplitMix64(seed: seed ^ (iteration &* 0xD1B5_4A32_D192_ED03))
    self.init(seed: mix.next())
  }

  /// A uniform integer in `range` (Lemire's method via the standard library is
  /// not promised stable across versions, so this does its own reduction).
  package mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) &+ 1
    if width == 0 { return Int(truncatingIfNeeded: next()) }
    return range.lowerBound + Int(next() % width)
  }

  package mutating func int(below bound: Int) -> Int { int(in: 0...(bound - 1)) }

  /// `true` with probability `p`.
  package mutating func chance(_ p: Double) -> Bool {
    Double(next() >> 11) / Double(1 << 53) < p
  }

  /// Fisher–Yates, with this generator's own draws.
  package mutating func shuffle<T>(_ array: inout [T]) {
    guard array.count > 1 else { return }
    for i in stride(from: array.count - 1, to: 0, by: -1) {
      array.swapAt(i, int(in: 0...i))
    }
  }
}
