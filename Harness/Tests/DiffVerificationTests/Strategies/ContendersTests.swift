import DiffVerification
import SnapshotDiff
import Testing

/// The harness's one strategy list refuses what would make two report rows
/// share a name, and adds nothing then.
@Suite struct ContendersTests {
  struct Named: DiffStrategy {
    var name: String
    func changeset<S: Hashable, I: Hashable, C: Equatable>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
      Changeset(stages: [])
    }
  }

  @Test func startsWithTheLibrarysStrategies() {
    #expect(Array(Contenders.names.prefix(Contenders.library.count)) == Contenders.library.map(\.name))
  }

  @Test func refusesADuplicateOrAReservedName() {
    let before = Contenders.names
    #expect(throws: Contenders.RegistrationError.self) { try Contenders.add([Contender(Named(name: "hashmap"))], reserving: []) }
    #expect(throws: Contenders.RegistrationError.self) { try Contenders.add([Contender(Named(name: "x")), Contender(Named(name: "x"))], reserving: []) }
    #expect(throws: Contenders.RegistrationError.self) { try Contenders.add([Contender(Named(name: "min_moves"))], reserving: []) }
    #expect(throws: Contenders.RegistrationError.self) { try Contenders.add([Contender(Named(name: "lane"))], reserving: ["lane"]) }
    #expect(Contenders.names == before)
  }

  @Test func checkedNamesRoundTrip() {
    #expect(Checked(name: "min_moves") == .minimumMoves)
    #expect(Checked(name: "heckel") == .strategy("heckel"))
    for checked in [Checked.minimumMoves, .strategy("naive")] { #expect(Checked(name: checked.name) == checked) }
  }
}
