/// Every tuning threshold of the library, named once: what each trades, and
/// where it was measured. Counted instructions (callgrind, the perf gate's
/// workloads); the runs behind each are in `results/hashmap-history.md`, the stage
/// plan's in `Guides/StagePlan.md`.
///
/// Computed properties of literals, so that inlined code folds them: a
/// stored global would be read through a lazy initializer on every use.
@usableFromInline
internal enum _Tuning {
  // MARK: Matching (Hashmap)

  /// Old sections × new sections up to which section ids are compared
  /// rather than hashed: 64 comparisons of short ids (tens of instructions
  /// each) cost less than hashing eight (hundreds each).
  @inlinable static var sectionScanPairs: Int { 64 }

  /// Old items × new items of a kept section pair up to which it is searched
  /// item by item rather than walked (`_alignRuns`): at most 4,096 bitwise
  /// comparisons, even when nothing lines up, against about 55,000
  /// instructions to hash a reversed 64-item section (`trace-frontpage`).
  @inlinable static var sectionSearchPairs: Int { 4_096 }

  /// Old leftovers × new leftovers up to which leftover ids are compared
  /// pairwise rather than hashed: 256 pairs (16 a side) cost less than
  /// hashing 32 ids (`appstore-sections`: 34,316 → 32,909 instructions).
  @inlinable static var leftoverScanPairs: Int { 256 }

  /// Comparisons per leftover id up to which leftovers are compared
  /// pairwise however many they are: one or two ids on a side (a list
  /// that gives way to a placeholder) are found by comparing them with
  /// the other side, not by hashing it all (`list-to-empty`: 1,000 old ids
  /// against 1 new one).
  @inlinable static var leftoverScanPerID: Int { 2 }

  /// How many times one side's leftovers must outnumber the other's for
  /// the fewer to be looked up in the other snapshot's id table rather than
  /// both hashed into a table of their own: looking up every one of
  /// `dk-5k`'s 1,200 a side in a 5,000-id table cost 4.7 % more (its misses
  /// probe a fuller table); one placeholder's id, in place of comparing it
  /// with 1,000 (`list-to-empty`: 27,920 → 10,815 instructions).
  @inlinable static var leftoverLookUpRatio: Int { 4 }

  /// Unchanged stretches shorter than this are not recorded as runs: item
  /// by item is as cheap. Counted, hashmap, 16 → 8: `jsfb-partial-update-1k`
  /// (a change every 10 rows) 161,832 → 119,822, `paging-append` −28 %,
  /// `random-1e3` −7 %; 8 → 4: `random-1e2` +2 %, the rest within 1 %.
  @inlinable static var minimumRunLength: Int { 8 }

  /// The fewest items of a section whose runs are weighed as one element
  /// each in the increasing subsequence, when there are at least
  /// `runElementsPerItem` items an element (below, the plain subsequence's
  /// fast path for items in order costs less than the sort and the tree).
  @inlinable static var weighedRunsMinimumItems: Int { 1_024 }
  @inlinable static var runElementsPerItem: Int { 4 }

  /// Entries of a matching checked at once where it inserts: a stretch of
  /// -1s validated as one vector pass, not 12 instructions an entry
  /// (`empty-to-list`, 1,000 inserts beside a placeholder, with the plan's
  /// own check: 38,374 → 25,149, counted). A block not all inserts costs a
  /// pass in vain, and is not tried again.
  @inlinable static var insertedBlock: Int { 64 }

  // MARK: Walking unchanged stretches (RunAlignment)

  /// Bytes compared bitwise in one step of `_identicalCount`: where a
  /// stretch ends, at most this much is compared in vain.
  @inlinable static var bitwiseStepBytes: Int { 256 }

  /// Items looked ahead on each side for a mismatch's partner, and the
  /// mismatches in a row after which the walk searches further, up to
  /// `farLookahead` items bitwise.
  @inlinable static var lookahead: Int { 4 }
  @inlinable static var maxMisses: Int { 4 }
  @inlinable static var farLookahead: Int { 32 }

  /// Unchanged items after which a bitwise comparison is tried again: it
  /// starts at `backoffStart` and doubles after each miss, up to
  /// `backoffLimit`, so that lists whose equal items differ in bits pay next
  /// to nothing for trying.
  @inlinable static var backoffStart: Int { 16 }
  @inlinable static var backoffLimit: Int { 1_024 }

  /// The first block a search sets aside in a stretch.
  @inlinable static var firstSearchBlock: Int { 16 }

  /// How far past a place found the next id may turn up. Fixed, not grown
  /// with the run skipped: in a shuffle a wide window confirms places by
  /// chance (twice the run took `dk-1m` from 30 M to 155 M instructions;
  /// with 64 it stays at 30.0 M).
  @inlinable static var confirmWindow: Int { 64 }

  // MARK: Stages

  /// Inserted items × items after the stage (plus section inserts ×
  /// sections) up to which ids inserted are checked for repeats by
  /// comparing, not hashing (a 30-item apply's check: about 19,000
  /// instructions fewer).
  @inlinable static var insertedIDComparisons: Int { 4_096 }

  /// Operations of a stage up to which a shared index path is found by
  /// comparing pairs rather than sorting.
  @inlinable static var pairwiseDuplicateOperations: Int { 32 }

  /// Room for a small list's updates and inserts made at the first append:
  /// growth by doubling cost about 700 instructions an allocation, six a
  /// list on a 30-item diff whose items all change.
  @inlinable static var firstAppendRoom: Int { 64 }

  // MARK: Snapshots

  /// How much a snapshot's id table grows when it fills: each growth
  /// places every entry again. Growing four times, not two, counted 8 %
  /// fewer instructions on 100 sections of 100 items appended a section at
  /// a time (2,942,834 against 3,194,432), but a table twice as large is
  /// 55 more fresh pages a build; with glibc's allocator, which gives them
  /// back after each build, that ran 5–30 % slower (2,000 builds, three
  /// runs each, `perf stat`: 378,807 page faults against 268,837).
  @inlinable static var idTableGrowth: Int { 2 }

  // MARK: Metrics

  /// Values up to which ranks are found by sorting packed pairs (on the
  /// stack) rather than by radix passes.
  @inlinable static var rankSortLimit: Int { 256 }
}
