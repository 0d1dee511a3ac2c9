import SnapshotDiff

/// A changeset applied stage by stage: the result, or the first stage that
/// broke a rule, and on the way what it did to identities: the ids it removed
/// (item deletes, and the items of deleted sections) and added (item inserts,
/// and the items of inserted sections), the items and sections it moved, and
/// the sections it deleted and inserted. Updates are performed as the
/// changeset says (``Changeset/updates``); a reload's delete and insert
/// are not counted as removing and adding its id.
struct Replay<S: Hashable, I: Hashable, C: Equatable> {
  /// The library's own result, where it replayed every stage beside the
  /// model (``crossCheckedItems``) and agreed.
  var libraryResult: Snapshot<S, I, C>?
  let old: Snapshot<S, I, C>
  /// What the model shows after the last stage applied.
  var shown: UIKitModel.State<S, I, C>
  var error: Changeset<S, I, C>.Error?
  /// Where the library's apply disagreed with the model (``Library``): a
  /// bug in one of them, whatever the changeset.
  var disagreement: String?
  var removed: [I] = []
  var added: [I] = []
  var movedItems: [I] = []
  var movedSections: [S] = []
  var removedSections: [S] = []
  var addedSections: [S] = []
  /// The last stage applied, and each section's count before it: what
  /// UIKit's "invalid number of items" gives its numbers from.
  var lastStage: Changeset<S, I, C>.Stage?
  var countsBeforeLastStage: [Int] = []

  /// Replays `changeset` through ``UIKitModel``; where the state is at
  /// most ``crossCheckedItems`` items, through `library`'s apply too,
  /// stage by stage, and any difference in their verdicts or states is
  /// ``disagreement``.
  /// - Parameter shown: `old` as the model shows it, where the caller has it already.
  init(
    _ changeset: Changeset<S, I, C>, from old: Snapshot<S, I, C>, shown start: UIKitModel.State<S, I, C>? = nil,
    library: Library<S, I, C> = .shipped
  ) {
    self.old = old
    shown = start ?? UIKitModel.State(old)
    var libraryState: Snapshot<S, I, C>? = old.numberOfItems <= crossCheckedItems ? old : nil
    for (k, stage) in changeset.stages.enumerated() {
      // Ids are read before the stage applies, and only where they exist:
      // an out-of-range path is the stage's error, reported below.
      let before = shown
      // The model's state is held once, so that the stage lets go of what it replaces.
      shown.sections = []
      if k == changeset.stages.count - 1 {
        lastStage = stage
        countsBeforeLastStage = before.sections.map(\.rows.count)
      }
      // (Read in place, not through local functions: a state they captured
      // could not be handed on to the stage.)
      for p in stage.itemDeletes where before.holds(p) { removed.append(before.sections[p.section].rows[p.item].id) }
      for m in stage.itemMoves where before.holds(m.from) { movedItems.append(before.sections[m.from.section].rows[m.from.item].id) }
      for s in stage.sectionDeletes where before.sections.indices.contains(s) {
        removed += before.sections[s].rows.map(\.id)
        removedSections.append(before.sections[s].id)
      }
      for m in stage.sectionMoves where before.sections.indices.contains(m.from) { movedSections.append(before.sections[m.from].id) }
      for insert in stage.itemInserts { added.append(insert.item.id) }
      for insert in stage.sectionInserts {
        added += insert.section.items.map(\.id)
        addedSections.append(insert.section.id)
      }
      let modelled: Result<UIKitModel.State<S, I, C>, Changeset<S, I, C>.Stage.Error>
      do { modelled = .success(try UIKitModel.perform(stage, on: consume before, updates: changeset.updates)) } catch { modelled = .failure(error as! Changeset<S, I, C>.Stage.Error) }
      if let state = libraryState {
        let applied: Result<Snapshot<S, I, C>, Changeset<S, I, C>.Stage.Error>
        do { applied = .success(try library.apply(stage, state, changeset.updates)) } catch { applied = .failure(error as! Changeset<S, I, C>.Stage.Error) }
        if let difference = Self.disagreement(modelled, applied) {
          disagreement = "stage \(k): \(difference)"
          libraryState = nil  // said once
        } else if case .success(let next) = applied {
          libraryState = next
        }
      }
      switch modelled {
      case .failure(let stageError):
        self.error = Changeset<S, I, C>.Error(stage: k, error: stageError)
        return
      case .success(let next):
        shown = next
      }
    }
    if disagreement == nil { libraryResult = libraryState }
  }

  /// What the stages give, as a snapshot: the library's own where it was
  /// replayed and agreed, else the model's state made one (an id twice
  /// fails the stage that made it, so what is shown is a snapshot). Made
  /// when asked: at a million items it is tens of megabytes.
  var result: Snapshot<S, I, C> { libraryResult ?? shown.snapshot ?? old }

  /// How the library's verdict on one stage differs from the model's, or `nil`.
  static func disagreement(
    _ modelled: Result<UIKitModel.State<S, I, C>, Changeset<S, I, C>.Stage.Error>, _ applied: Result<Snapshot<S, I, C>, Changeset<S, I, C>.Stage.Error>
  ) -> String? {
    switch (modelled, applied) {
    case (.failure(let a), .failure(let b)):
      return a.rule == b.rule ? nil : "the model says \(a), the library's apply says \(b)"
    case (.failure(let a), .success):
      return "the model says \(a), the library's apply accepts the stage"
    case (.success, .failure(let b)):
      return "the model accepts the stage, the library's apply says \(b)"
    case (.success(let state), .success(let snapshot)):
      if let difference = UIKitModel.firstDifference(snapshot, state) {
        return "the library's apply leaves another state than the model: \(difference)"
      }
      return nil
    }
  }
}

/// The largest state, in items, whose every stage the library's apply also
/// replays beside the model: above it the model judges alone (the check
/// doubles a replay's work, and large work is the bench's, on the library's
/// fast path).
let crossCheckedItems = 20_000

/// The library code the referee cross-checks against its model: the
/// shipped apply and comparison, or, in a test, a planted bug in either.
struct Library<S: Hashable, I: Hashable, C: Equatable> {
  var apply: (Changeset<S, I, C>.Stage, Snapshot<S, I, C>, BatchUpdate.UpdateKind) throws -> Snapshot<S, I, C>
  var firstDifference: (Snapshot<S, I, C>, Snapshot<S, I, C>) -> String?

  static var shipped: Self {
    Library(
      apply: { (stage, state, kind) throws in try stage.apply(to: state, updates: kind) },
      firstDifference: { $0.firstDifference(to: $1) })
  }
}
