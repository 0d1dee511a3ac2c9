/// Matches the items of one old and one new range that line up, comparing ids
/// with `==` only, so that hashing is left for the rest.
///
/// Walks both ranges side by side from the front, after trimming their
/// common suffix. Equal ids are matched (ids are unique, so an equal pair is
/// *the* match). At a mismatch it looks up to `lookahead` items ahead on
/// either side for the current id of the other, which skips a short run of
/// deletes or inserts (a move counts as one of each); failing that, both
/// current items are set aside and the walk goes on. After `maxMisses`
/// mismatches in a row it sets aside a block of `skip` items on both sides,
/// doubling the block at each further failure, so a long unaligned stretch
/// costs a few comparisons per block rather than per item.
///
/// Every item not matched here is appended to `leftOld` or `leftNew`; an id
/// set aside on one side is set aside on the other too, if it is there at
/// all, so matching the leftovers by id finishes the job exactly.
///
/// - Complexity: O(*n* + *m*) comparisons, at most 2 × `lookahead` + 1 per
///   item.
@inlinable
internal func _alignRuns<ID: Hashable, Content: Equatable>(
  old: UnsafeBufferPointer<Item<ID, Content>>, _ oldRange: Range<Int>,
  new: UnsafeBufferPointer<Item<ID, Content>>, _ newRange: Range<Int>,
  oldIndex: UnsafeMutableBufferPointer<Int>,
  leftOld: inout [Int32], leftNew: inout [Int32]
) {
  let lookahead = 4, maxMisses = 4
  var i = oldRange.lowerBound, j = newRange.lowerBound
  var iEnd = oldRange.upperBound, jEnd = newRange.upperBound
  while iEnd > i && jEnd > j && old[iEnd &- 1].id == new[jEnd &- 1].id {
    iEnd &-= 1
    jEnd &-= 1
    oldIndex[jEnd] = iEnd
  }
  var misses = 0
  var skip = 16
  while i < iEnd && j < jEnd {
    if old[i].id == new[j].id {
      oldIndex[j] = i
      i &+= 1
      j &+= 1
      misses = 0
      skip = 16
      continue
    }
    if misses == maxMisses {
      // A long unaligned stretch: set a block aside and try again after it.
      let iNext = min(i &+ skip, iEnd), jNext = min(j &+ skip, jEnd)
      for k in i..<iNext { leftOld.append(Int32(truncatingIfNeeded: k)) }
      for k in j..<jNext { leftNew.append(Int32(truncatingIfNeeded: k)) }
      i = iNext
      j = jNext
      skip &*= 2
      misses = 0
      continue
    }
    var resumed = false
    for d in 1...lookahead {
      if i &+ d < iEnd && old[i &+ d].id == new[j].id {
        for k in i..<(i &+ d) { leftOld.append(Int32(truncatingIfNeeded: k)) }
        i &+= d
        resumed = true
        break
      }
      if j &+ d < jEnd && new[j &+ d].id == old[i].id {
        for k in j..<(j &+ d) { leftNew.append(Int32(truncatingIfNeeded: k)) }
        j &+= d
        resumed = true
        break
      }
    }
    if !resumed {
      leftOld.append(Int32(truncatingIfNeeded: i))
      leftNew.append(Int32(truncatingIfNeeded: j))
      i &+= 1
      j &+= 1
      misses &+= 1
    }
  }
  for k in i..<iEnd { leftOld.append(Int32(truncatingIfNeeded: k)) }
  for k in j..<jEnd { leftNew.append(Int32(truncatingIfNeeded: k)) }
}
