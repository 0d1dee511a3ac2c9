import DiffVerification
import Testing

@Suite struct PairGeneratorTests {
  /// The shape fuzz files a pair under is the one its ids were spelled in.
  @Test func aPairsShapeIsTheOneItsIdsAreSpelledIn() {
    let generator = PairGenerator(maxItems: 50)
    for i in UInt64(0)..<200 where !PairGenerator.drawsTrace(i) {
      let shape = PairGenerator.idShape(seed: 9, iteration: i)
      #expect(generator.pair(seed: 9, iteration: i).shape.hasSuffix(", \(shape) ids"), "iteration \(i)")
    }
  }

  /// A session's ids are spelled in its shape too: an integer session's
  /// ids are all decimal, a uuid session's all 36 characters.
  @Test func aSessionsShapeIsTheOneItsIdsAreSpelledIn() {
    let generator = PairGenerator(maxItems: 50)
    var seen = Set<IDShape>()
    for i in UInt64(0)..<400 where PairGenerator.drawsTrace(i) {
      let shape = PairGenerator.idShape(seed: 9, iteration: i)
      let ids = generator.trace(seed: 9, iteration: i).flatMap { $0.sections.flatMap { $0.items.map(\.id) } }
      guard !ids.isEmpty else { continue }
      switch shape {
      case .integer: #expect(ids.allSatisfy { Int($0) != nil }, "iteration \(i)")
      case .uuid: #expect(ids.allSatisfy { $0.utf8.count == 36 }, "iteration \(i)")
      case .url: #expect(ids.allSatisfy { $0.hasPrefix("https://") }, "iteration \(i)")
      default: #expect(ids.contains { Int($0) == nil }, "iteration \(i)")
      }
      seen.insert(shape)
    }
    #expect(seen.count >= 5)
  }
}
