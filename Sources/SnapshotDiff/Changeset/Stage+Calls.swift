extension Changeset.Stage {
  /// The calls of one `performBatchUpdates` block that make this stage:
  /// section deletes, inserts, moves and reloads, then item deletes, inserts,
  /// moves, and updates, split into reloads (where `isReloaded` says so, given
  /// an update's old path) and reconfigurations. Empty kinds are left out.
  ///
  /// - Complexity: O(*k*) for *k* operations.
  @inlinable
  public func collectionViewCalls(isReloaded: (ItemPath) -> Bool = { _ in false }) -> [BatchUpdate.Call] {
    var calls: [BatchUpdate.Call] = []
    // Room for every call at once (grown by doubling, a stage of eight moves
    // took five allocations, about 750 instructions each: counted).
    calls.reserveCapacity(sectionMoves.count + itemMoves.count + 7)
    if !sectionDeletes.isEmpty { calls.append(.deleteSections(sectionDeletes)) }
    if !sectionInserts.isEmpty { calls.append(.insertSections(sectionInserts.map(\.index))) }
    for move in sectionMoves { calls.append(.moveSection(move.from, toSection: move.to)) }
    if !sectionUpdates.isEmpty { calls.append(.reloadSections(sectionUpdates.map(\.index))) }
    if !itemDeletes.isEmpty { calls.append(.deleteItems(itemDeletes)) }
    if !itemInserts.isEmpty { calls.append(.insertItems(itemInserts._fills.isEmpty ? itemInserts._listed.map { $0.path } : Array(itemInserts._paths))) }
    for move in itemMoves { calls.append(.moveItem(at: move.from, to: move.to)) }
    let updated = itemUpdates.map(\.path)
    let reloaded = updated.filter(isReloaded)
    let reconfigured = reloaded.isEmpty ? updated : updated.filter { !isReloaded($0) }
    if !reloaded.isEmpty { calls.append(.reloadItems(reloaded)) }
    if !reconfigured.isEmpty { calls.append(.reconfigureItems(reconfigured)) }
    return calls
  }
}
