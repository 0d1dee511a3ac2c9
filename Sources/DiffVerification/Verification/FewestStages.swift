import SnapshotDiff

/// Whether the seven rules allow the operations a changeset chose in one
/// stage: derived from the rules alone, sharing nothing with the stage plan.
///
/// What a changeset does is read from it (which kept items and sections it
/// moves, which ids it deletes and inserts again) and from the pair (which
/// kept items and sections change content). One stage holds them all unless
/// the rules order two of them:
///
/// * a moved item that changes content is updated in another stage than it
///   moves (rule 2);
/// * an item that moves into an inserted section moves after the section is
///   inserted (rule 5); one that leaves a deleted section, before the
///   section is deleted (rule 4);
/// * a kept section that moves or changes content does so in a stage with no
///   item operation inside it (rule 6);
/// * a kept section that both moves and changes content does each in its own
///   stage (rule 2).
///
/// A changeset whose operations fit one stage and that uses more is the
/// failure `too many stages`. Where one stage is not enough, the count is
/// not judged: the fewest then depends on how the ordered operations can be
/// grouped (the stage plan's guide says how many it uses).
struct FewestStages {
  /// 0 (nothing to do) or 1 when that is the minimum; `nil` when more are needed.
  var count: Int?
  /// Why one stage is not enough, when it is not.
  var reason: String?

  init(_ effect: ChangesetEffect, pair: _IndexedPair) {
    let oldSections = Set(pair.old.map(\.id))
    let newSections = Set(pair.new.map(\.id))
    func isKept(_ section: String) -> Bool {
      oldSections.contains(section) && newSections.contains(section) && !effect.reinsertedSections.contains(section)
    }
    // Kept sections that move or change content.
    var changing = Set<String>()
    var anyOperation = pair.old.contains { !isKept($0.id) } || pair.new.contains { !isKept($0.id) }
    var reasons: [String] = []
    for section in pair.new where isKept(section.id) {
      let moved = effect.movedSections.contains(section.id)
      let updated = pair.oldSectionContent[section.id]! != pair.newSectionContent[section.id]!
      if moved || updated { changing.insert(section.id) }
      if moved && updated { reasons.append("section \"\(section.id)\" moves and changes content") }
    }
    anyOperation = anyOperation || !changing.isEmpty

    // An item operation at a place: forbidden in one stage inside a changing section.
    func touch(_ section: String) {
      anyOperation = true
      if changing.contains(section) { reasons.append("items change inside section \"\(section)\", which moves or changes content") }
    }
    for (id, home) in pair.oldHome {
      guard let there = pair.newHome[id] else {
        if isKept(home.section) { touch(home.section) }  // deleted; in a deleted section it goes with it
        continue
      }
      if effect.reinsertedItems.contains(id) {
        // Deleted and inserted again, in one stage if need be (removes come first).
        if isKept(home.section) { touch(home.section) }
        if isKept(there.section) { touch(there.section) }
        continue
      }
      let changed = pair.changedContent.contains(id)
      guard effect.movedItems.contains(id) || home.section != there.section else {
        if changed { touch(home.section) }
        continue
      }
      anyOperation = true
      if changed { reasons.append("item \"\(id)\" moves and changes content") }
      if isKept(home.section) { touch(home.section) } else { reasons.append("item \"\(id)\" leaves section \"\(home.section)\", which is deleted") }
      if isKept(there.section) { touch(there.section) } else { reasons.append("item \"\(id)\" joins section \"\(there.section)\", which is inserted") }
    }
    for (id, home) in pair.newHome where pair.oldHome[id] == nil && isKept(home.section) { touch(home.section) }

    if !reasons.isEmpty {
      count = nil
      reason = reasons.min()  // the same message whatever the dictionaries' order
    } else {
      count = anyOperation ? 1 : 0
    }
  }
}
