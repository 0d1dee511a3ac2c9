import FaultyStrategies
import SnapshotDiff
import Testing

/// A programmer's misuse of the UIKit-shaped API stops the program where
/// UIKit raises, with a message naming UIKit's call and the id (UIKit's own
/// words where they are on record: the library's `SnapshotEditError`
/// cites each). One exit test a kind of misuse: each scenario runs in a
/// child process, which must stop with its message on standard error.
@Suite struct MisuseTests {
  /// `top: a b` · `list: c d e`
  static func screen() -> Snap { snap([("top", ["a", "b"]), ("list", ["c", "d", "e"])]) }

  static func outline() -> SectionSnapshot<String, String> {
    var outline = SectionSnapshot<String, String>()
    outline.append(["Library", "Playlists"])
    outline.append(["A", "B"], to: "Library")
    return outline
  }

  static func sidebarSource() -> ContentDiffableDataSource<String, String, String> {
    let source = ContentDiffableDataSource<String, String, String>()
    var flat = Snap()
    flat.appendSections(["title"])
    flat.appendItems(["title"])
    source.apply(flat)
    source.apply(outline(), to: "sidebar")
    return source
  }

  /// Each misuse by name: the message it must stop with, and the misuse.
  static let scenarios: [String: (message: String, run: @Sendable () -> Void)] = [
    // Snapshot: sections.
    "insertSections before a missing section": (
      #"insertSections(_:beforeSection:): section "nope" not found"#, { var s = screen(); s.insertSections(["w"], beforeSection: "nope") }),
    "insertSections after a missing section": (
      #"insertSections(_:afterSection:): section "nope" not found"#, { var s = screen(); s.insertSections(["w"], afterSection: "nope") }),
    "appendSections of a section held": (
      #"appendSections(_:): section "list" would be in the snapshot twice"#, { var s = screen(); s.appendSections(["list"]) }),
    "insertSections listing one twice": (
      #"insertSections(_:beforeSection:): section "w" would be in the snapshot twice"#,
      { var s = screen(); s.insertSections(["w", "w"], beforeSection: "top") }),
    "deleteSections of a missing section": (
      #"deleteSections(_:): section "nope" not found"#, { var s = screen(); s.deleteSections(["top", "nope"]) }),
    "moveSection relative to itself": (
      #"moveSection(_:beforeSection:): section "top" cannot move relative to itself"#,
      { var s = screen(); s.moveSection("top", beforeSection: "top") }),
    "moveSection of a missing section": (
      #"moveSection(_:afterSection:): section "nope" not found"#, { var s = screen(); s.moveSection("top", afterSection: "nope") }),
    "reloadSections of a missing section": (
      #"reloadSections(_:): section "nope" not found"#, { var s = screen(); s.reloadSections(["top", "nope"]) }),
    "updateContent of a missing section": (
      #"updateContent(_:ofSection:): section "nope" not found"#, { var s = screen(); s.updateContent("x", ofSection: "nope") }),
    // Snapshot: items.
    "appendItems with no section": (
      #"appendItems(_:toSection:): the snapshot has no section to append to"#, { var s = Snap(); s.appendItems(["a"]) }),
    "appendItems to a missing section": (
      #"appendItems(_:toSection:): section "nope" not found"#, { var s = screen(); s.appendItems(["z"], toSection: "nope") }),
    "appendItems listing an id twice": (
      "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(z)}", { var s = screen(); s.appendItems(["z", "z"]) }),
    "insertItems before a missing item": (
      #"insertItems(_:beforeItem:): item "nope" not found"#, { var s = screen(); s.insertItems(["q"], beforeItem: "nope") }),
    "insertItems beside an item it moves": (
      #"insertItems(_:afterItem:): item "c" cannot move relative to itself"#, { var s = screen(); s.insertItems(["a", "c"], afterItem: "c") }),
    "deleteItems of a missing item": (
      #"deleteItems(_:): item "nope" not found"#, { var s = screen(); s.deleteItems(["a", "nope"]) }),
    "moveItem relative to itself": (
      #"moveItem(_:afterItem:): item "a" cannot move relative to itself"#, { var s = screen(); s.moveItem("a", afterItem: "a") }),
    "moveItem of a missing item": (
      #"moveItem(_:beforeItem:): item "nope" not found"#, { var s = screen(); s.moveItem("nope", beforeItem: "a") }),
    "reloadItems of a missing item": (
      #"reloadItems(_:): item "nope" not found"#, { var s = screen(); s.reloadItems(["b", "nope"]) }),
    "reconfigureItems of a missing item": (
      #"reconfigureItems(_:): item "nope" not found"#, { var s = screen(); s.reconfigureItems(["nope"]) }),
    "updateContent of a missing item": (
      #"updateContent(_:of:): item "nope" not found"#, { var s = screen(); s.updateContent("x", of: "nope") }),
    // Snapshot: the queries UIKit raises on (iOS 14 on: the-blue-alliance-ios#899).
    "numberOfItems(inSection:) of a missing section": (
      #"numberOfItems(inSection:): section "nope" not found"#, { _ = screen().numberOfItems(inSection: "nope") }),
    "itemIdentifiers(inSection:) of a missing section": (
      #"itemIdentifiers(inSection:): section "nope" not found"#, { _ = screen().itemIdentifiers(inSection: "nope") }),
    // Section snapshots.
    "append of an item held": (
      "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(A)}",
      { var o = outline(); o.append(["new", "A"], to: "Playlists") }),
    "append to a missing parent": (#"append(_:to:): item "nope" not found"#, { var o = outline(); o.append(["x"], to: "nope") }),
    "insert before a missing item": (#"insert(_:before:): item "nope" not found"#, { var o = outline(); o.insert(["x"], before: "nope") }),
    "delete of a missing item": (#"delete(_:): item "nope" not found"#, { var o = outline(); o.delete(["A", "nope"]) }),
    "expand of a missing item": (#"expand(_:): item "nope" not found"#, { var o = outline(); o.expand(["Library", "nope"]) }),
    "level of a missing item": (#"level(of:): item "nope" not found"#, { _ = outline().level(of: "nope") }),
    "parent of a missing item": (#"parent(of:): item "nope" not found"#, { _ = outline().parent(of: "nope") }),
    "snapshot(of:) of a missing item": (
      #"snapshot(of:includingParent:): item "nope" not found"#, { _ = outline().snapshot(of: "nope") }),
    // The data source.
    "a section snapshot holding another section's item": (
      "apply(_:to:animatingDifferences:)", {
        let source = sidebarSource()
        var other = SectionSnapshot<String, String>()
        other.append(["Library"])
        source.apply(other, to: "more")
      }),
    "snapshot(for:) of a missing section": (
      #"snapshot(for:): section "nope" not found"#, { _ = sidebarSource().snapshot(for: "nope") }),
    "expand of a row in no outline": (#"expand(_:): item "title" not found"#, { sidebarSource().expand("title") }),
    "a drag with reordering not enabled": (
      "reorderItem(from:to:): reordering is not enabled: set reorderingHandlers.canReorderItem",
      { sidebarSource().reorderItem(from: IndexPath(item: 0, section: 1), to: IndexPath(item: 1, section: 1)) }),
    "a drag from a path off the screen": (
      "reorderItem(from:to:): no item at [1, 9]", {
        let source = sidebarSource()
        source.reorderingHandlers.canReorderItem = { _ in true }
        source.reorderItem(from: IndexPath(item: 9, section: 1), to: IndexPath(item: 0, section: 1))
      }),
    "an apply whose stage breaks a rule": (
      "NSInternalInconsistencyException: breaks-rule-2: stage 0:", {
        let source = ContentDiffableDataSource<String, String, String>(strategy: BreaksRuleTwo())
        source.apply(snap([("s", ["a", "b"])]))
        source.apply(snap([("s", ["b", "a"])]))
      }),
  ]

  @Test(arguments: scenarios.keys.sorted())
  func stopsTheProgramWithUIKitsMessage(_ name: String) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [name] in
      MisuseTests.scenarios[name]!.run()
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains(Self.scenarios[name]!.message), "\(name): \(stderr.suffix(400))")
  }

  /// Since iOS 15, an id appended or inserted that the snapshot holds is
  /// moved into place, with UIKit's warning (boostcampwm-2024/iOS04-PhotoGether#74).
  @Test func anIDHeldAlreadyIsMovedIntoPlace() {
    var s = Self.screen()
    s.appendItems(["a", "f"], toSection: "list")
    #expect(s.itemIdentifiers(inSection: "top") == ["b"])
    #expect(s.itemIdentifiers(inSection: "list") == ["c", "d", "e", "a", "f"])
    s.insertItems(["e"], beforeItem: "b")
    #expect(s.itemIdentifiers == ["e", "b", "c", "d", "a", "f"])
  }

  @Test func anIDHeldAlreadyIsWarnedOfInUIKitsWords() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var s = MisuseTests.screen()
      s.appendItems(["a"], toSection: "list")
      precondition(s.itemIdentifiers(inSection: "list").last == "a")
      fatalError("moved")
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains(
      "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. "
        + "The existing item identifier will be moved into place instead"), "\(stderr)")
    #expect(stderr.contains("moved"))
  }
}
