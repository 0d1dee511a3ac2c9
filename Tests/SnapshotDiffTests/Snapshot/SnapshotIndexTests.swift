import DiffVerification
import Dispatch
@testable import SnapshotDiff
import Testing

/// Every edit, on success and on failure, against a plain model of the
/// list (arrays searched id by id: the slow way), with the id index checked
/// after each: random sequences, ids in and out of the snapshot.
@Suite struct SnapshotIndexTests {
  typealias Snap = Snapshot<String, String, String>

  /// The Kelvin sign is "K" (`==` is canonical equivalence). A snapshot of
  /// ASCII ids hashes them with a hash that cannot take it: looked up, it
  /// is still the item "K", as `Dictionary` and `==` say.
  @Test func anIDTheTablesHashCannotTakeIsFoundByEquality() throws {
    // Each from a fresh snapshot: a failed append switches its table to
    // `hashValue`, which finds the sign.
    func fresh() throws -> Snap { try Snap(sections: [Snap.Section("s", items: ["a", "K", "b"].map { Snap.Item($0) })]) }
    #expect(try fresh().indexOfItem("\u{212A}") == 1)
    #expect(try fresh().indexOfItem("\u{E9}") == nil)
    var deleted = try fresh()
    deleted.deleteItems(["\u{212A}"])
    #expect(deleted.itemIdentifiers == ["a", "b"])
    // Appended, the Kelvin sign is the "K" held (==): moved into place, as UIKit does since iOS 15.
    var appended = try fresh()
    appended.appendItems(["\u{212A}"])
    #expect(appended.itemIdentifiers == ["a", "b", "K"] && appended.numberOfItems == 3)
  }

  /// The list as arrays: what every edit must leave.
  struct Model: Equatable {
    var sections: [(id: String, items: [String])] = []
    static func == (a: Model, b: Model) -> Bool {
      a.sections.map(\.id) == b.sections.map(\.id) && a.sections.map(\.items) == b.sections.map(\.items)
    }
    var itemIDs: [String] { sections.flatMap(\.items) }
    func place(of item: String) -> (section: Int, item: Int)? {
      for (s, section) in sections.enumerated() {
        if let i = section.items.firstIndex(of: item) { return (s, i) }
      }
      return nil
    }
    func section(_ id: String) -> Int? { sections.firstIndex { $0.id == id } }
  }

  static func model(of snapshot: Snap) -> Model {
    Model(sections: snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) })
  }

  /// One random edit, on the snapshot and (where valid) on the model; the
  /// model's verdict says whether the snapshot must throw.
  static func edit(_ snap: inout Snap, _ model: inout Model, _ rng: inout SplitMix64) -> String {
    func someItem() -> String { Bool.random(using: &rng) || model.itemIDs.isEmpty ? "i\(Int.random(in: 0..<40, using: &rng))" : model.itemIDs.randomElement(using: &rng)! }
    func someSection() -> String { "s\(Int.random(in: 0..<8, using: &rng))" }
    func newItems() -> [String] { (0..<Int.random(in: 0...3, using: &rng)).map { _ in someItem() } }
    func unique(_ ids: [String]) -> Bool { Set(ids).count == ids.count }
    let before = model
    var expected = model
    var valid = true
    let name: String
    var attempt: (inout Snap) throws(SnapshotEditError) -> Void
    switch Int.random(in: 0..<11, using: &rng) {
    case 0:
      let ids = (0..<Int.random(in: 0...2, using: &rng)).map { _ in someSection() }
      name = "appendSections \(ids)"
      valid = unique(ids) && ids.allSatisfy { model.section($0) == nil }
      if valid { expected.sections += ids.map { ($0, []) } }
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in snap.appendSections(ids) }
    case 1:
      let ids = [someSection()], anchor = someSection(), after = Bool.random(using: &rng)
      name = "insertSections \(ids) \(after ? "after" : "before") \(anchor)"
      valid = model.section(anchor) != nil && model.section(ids[0]) == nil
      if valid { expected.sections.insert((ids[0], []), at: model.section(anchor)! + (after ? 1 : 0)) }
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in
        if after { snap.insertSections(ids, afterSection: anchor) } else { snap.insertSections(ids, beforeSection: anchor) }
      }
    case 2:
      let ids = (0..<Int.random(in: 1...2, using: &rng)).map { _ in someSection() }
      name = "deleteSections \(ids)"
      valid = ids.allSatisfy { model.section($0) != nil }
      if valid { expected.sections.removeAll { ids.contains($0.id) } }
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in snap.deleteSections(ids) }
    case 3:
      let id = someSection(), anchor = someSection(), after = Bool.random(using: &rng)
      name = "moveSection \(id) \(after ? "after" : "before") \(anchor)"
      valid = model.section(id) != nil && model.section(anchor) != nil && id != anchor
      if valid {
        let moved = expected.sections.remove(at: expected.section(id)!)
        expected.sections.insert(moved, at: expected.section(anchor)! + (after ? 1 : 0))
      }
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in
        if after { snap.moveSection(id, afterSection: anchor) } else { snap.moveSection(id, beforeSection: anchor) }
      }
    case 4, 5, 6:
      let ids = newItems(), section: String? = Bool.random(using: &rng) ? someSection() : nil
      name = "appendItems \(ids) to \(section ?? "the last")"
      let s = section.map(model.section) ?? (model.sections.isEmpty ? nil : model.sections.count - 1)
      // An id held already is moved into place (iOS 15).
      valid = s != nil && unique(ids)
      if valid {
        for t in expected.sections.indices { expected.sections[t].items.removeAll { ids.contains($0) } }
        expected.sections[s!].items += ids
      }
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in snap.appendItems(ids, toSection: section) }
    case 7:
      let ids = newItems(), anchor = someItem(), after = Bool.random(using: &rng)
      name = "insertItems \(ids) \(after ? "after" : "before") \(anchor)"
      valid = model.place(of: anchor) != nil && unique(ids) && !ids.contains(anchor)
      if valid {
        for t in expected.sections.indices { expected.sections[t].items.removeAll { ids.contains($0) } }
        let (s, i) = expected.place(of: anchor)!
        expected.sections[s].items.insert(contentsOf: ids, at: i + (after ? 1 : 0))
      }
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in
        if after { snap.insertItems(ids, afterItem: anchor) } else { snap.insertItems(ids, beforeItem: anchor) }
      }
    case 8:
      let ids = (0..<Int.random(in: 0...3, using: &rng)).map { _ in someItem() }
      name = "deleteItems \(ids)"
      valid = ids.allSatisfy { model.place(of: $0) != nil }
      if valid { for s in expected.sections.indices { expected.sections[s].items.removeAll { ids.contains($0) } } }
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in snap.deleteItems(ids) }
    case 9:
      let id = someItem(), anchor = someItem(), after = Bool.random(using: &rng)
      name = "moveItem \(id) \(after ? "after" : "before") \(anchor)"
      valid = model.place(of: id) != nil && model.place(of: anchor) != nil && id != anchor
      if valid {
        let (s, i) = expected.place(of: id)!
        expected.sections[s].items.remove(at: i)
        let (t, j) = expected.place(of: anchor)!
        expected.sections[t].items.insert(id, at: j + (after ? 1 : 0))
      }
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in
        if after { snap.moveItem(id, afterItem: anchor) } else { snap.moveItem(id, beforeItem: anchor) }
      }
    default:
      let ids = [someItem()]
      name = "reloadItems \(ids)"
      valid = model.place(of: ids[0]) != nil
      attempt = { (snap: inout Snap) throws(SnapshotEditError) in snap.reloadItems(ids) }
    }
    // A misuse stops the program (MisuseTests): only valid edits are made.
    if valid { try? attempt(&snap) } else { expected = before }
    model = expected
    return name
  }

  @Test(arguments: 0..<60)
  func randomEditsAgreeWithTheModel(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    // Half start from a snapshot a changeset made, which has no index yet.
    var snap = Snap()
    if seed % 2 == 1 {
      let old = try Snap(sections: [.init("s0", items: [.init("i0"), .init("i1")]), .init("s1")])
      let new = try Snap(sections: [.init("s1", items: [.init("i1")]), .init("s0", items: [.init("i2"), .init("i0")])])
      snap = try Hashmap().changeset(from: old, to: new).apply(to: old)
      #expect(snap._index == nil)
    }
    var model = Self.model(of: snap)
    for step in 0..<80 {
      let name = Self.edit(&snap, &model, &rng)
      let context = "seed \(seed), step \(step): \(name)"
      let agrees = Self.model(of: snap) == model
      #expect(agrees, "\(context)")
      #expect(snap._indexIsCurrent, "\(context): the index is stale")
      #expect(snap.itemIdentifiers == model.itemIDs, "\(context)")
      for id in model.itemIDs {
        let (s, i) = model.place(of: id)!
        #expect(snap.indexPath(of: id) == ItemPath(section: s, item: i), "\(context): \(id)")
        #expect(snap.sectionIdentifier(containingItem: id) == model.sections[s].id && snap.contains(id))
      }
      for (s, section) in model.sections.enumerated() {
        #expect(snap.indexOfSection(section.id) == s && (try? snap.numberOfItems(inSection: section.id)) == section.items.count)
      }
      #expect(snap.indexPath(of: "absent") == nil && !snap.contains("absent") && snap.indexOfSection("absent") == nil)
      if !agrees { return }  // the first failure, not eighty
    }
  }

  /// The item ids are made on first read and kept until the next edit:
  /// threads reading one snapshot at once all get them (the first fills
  /// them under the index's mutex), a copy edited gets its own, and the
  /// snapshot read before keeps its.
  @Test func itemIdentifiersReadTogetherAndForgottenByAnEdit() throws {
    var snap = Snap()
    snap.appendSections(["s"])
    let ids = (0..<2_000).map { "i\($0)" }
    snap.appendItems(ids)
    let shared = snap
    nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 8)  // each thread writes its own
    defer { results.deallocate() }
    results.initialize(repeating: false)
    DispatchQueue.concurrentPerform(iterations: 8) { k in results[k] = shared.itemIdentifiers == ids }
    #expect(results.allSatisfy { $0 })
    #expect(snap._index?.itemIDs == ids, "the ids read are kept")
    snap.appendItems(["x"])
    #expect(snap.itemIdentifiers == ids + ["x"] && shared.itemIdentifiers == ids)
    snap.deleteItems(["i0"])
    #expect(snap.itemIdentifiers == Array(ids.dropFirst()) + ["x"] && snap._indexIsCurrent)
  }

  /// A copy shares the index until one of them is edited: the other keeps
  /// its own ids (copy on write).
  @Test func aCopyKeepsItsIndex() throws {
    var a = Snap()
    a.appendSections(["s"])
    a.appendItems(["x", "y"])
    var b = a
    b.appendItems(["z"])
    b.moveItem("x", afterItem: "z")
    #expect(a.itemIdentifiers == ["x", "y"] && a.indexPath(of: "x") == ItemPath(section: 0, item: 0) && !a.contains("z"))
    #expect(b.itemIdentifiers == ["y", "z", "x"] && b.indexPath(of: "x") == ItemPath(section: 0, item: 2))
    #expect(a._indexIsCurrent && b._indexIsCurrent)
  }

  /// Deleting items or sections gives the same snapshot whether it is held
  /// alone (its survivors move down in place, in its own array) or is a
  /// copy of another (they are copied into a new array, the other left as
  /// it was): on random sectioned snapshots, against the same deletes done
  /// on plain arrays.
  @Test(arguments: 0..<20)
  func deletesAgreeAloneAndOnACopy(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let layout = (0..<Int.random(in: 1...5, using: &rng)).map { s in
      ("s\(s)", (0..<Int.random(in: 0...30, using: &rng)).map { "s\(s)-\($0)" })
    }
    func make() throws -> Snap {
      var snap = Snap()
      for (section, items) in layout {
        snap.appendSections([section])
        snap.appendItems(items, toSection: section)
      }
      return snap
    }
    let all = layout.flatMap(\.1)
    let doomedItems = all.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
    let doomedSections = layout.map(\.0).filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
    let afterItems = layout.map { ($0.0, $0.1.filter { !doomedItems.contains($0) }) }
    let afterSections = layout.filter { !doomedSections.contains($0.0) }
    for (edit, expected) in [
      ({ (snap: inout Snap) throws in snap.deleteItems(doomedItems) }, afterItems),
      ({ (snap: inout Snap) throws in snap.deleteSections(doomedSections) }, afterSections),
    ] {
      var alone = try make()
      let buffer = alone._items.withUnsafeBufferPointer { $0.baseAddress }
      try edit(&alone)
      var copy = try make()
      let original = copy
      try edit(&copy)
      for snap in [alone, copy] {
        #expect(snap.sections.map { [$0.id] + $0.items.map(\.id) } == expected.map { [$0.0] + $0.1 }, "seed \(seed)")
        #expect(snap._indexIsCurrent, "seed \(seed)")
      }
      #expect(try original == make(), "seed \(seed): the snapshot copied from changed")
      // Held alone, nothing was copied: the items stayed in their array.
      #expect(alone._items.withUnsafeBufferPointer { $0.baseAddress } == buffer || alone._items.isEmpty, "seed \(seed)")
    }
  }

  /// Appending to a copy (a page added to the data source's snapshot)
  /// copies the items into an array of the copy's own: ids alone or items
  /// with content, each where it belongs, the snapshot copied from as it
  /// was, and a failed append leaves the copy as it was too.
  @Test func appendingToACopyLeavesTheOriginal() throws {
    var original = Snap()
    original.appendSections(["a", "b"])
    original.appendItems(["a0", "a1"], toSection: "a")
    original.appendItems([.init("b0", content: "0")], toSection: "b")
    let layout = { (s: Snap) in s.sections.map { [$0.id] + $0.items.map { "\($0.id)=\($0.content ?? "-")" } } }
    var ids = original
    ids.appendItems(["b1", "b2"])
    var items = original
    items.appendItems([.init("b1", content: "1"), .init("b2")], toSection: "b")
    #expect(layout(ids) == [["a", "a0=-", "a1=-"], ["b", "b0=0", "b1=-", "b2=-"]])
    #expect(layout(items) == [["a", "a0=-", "a1=-"], ["b", "b0=0", "b1=1", "b2=-"]])
    #expect(layout(original) == [["a", "a0=-", "a1=-"], ["b", "b0=0"]])
    for snap in [ids, items, original] { #expect(snap._indexIsCurrent && snap.indexPath(of: "b0") == ItemPath(section: 1, item: 0)) }
    // An id held already moves into place (iOS 15), the index kept current.
    var moved = original
    moved.appendItems(["b3", "a0"])
    #expect(moved.itemIdentifiers(inSection: "a") == ["a1"] && moved.itemIdentifiers(inSection: "b") == ["b0", "b3", "a0"])
    #expect(moved._indexIsCurrent && moved.indexPath(of: "a0") == ItemPath(section: 1, item: 2))
  }
}
