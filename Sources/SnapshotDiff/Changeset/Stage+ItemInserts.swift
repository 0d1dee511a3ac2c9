extension Changeset.Stage {
  /// A stage's item inserts, in order: a collection of ``ItemInsert``, read
  /// and edited as an array is.
  ///
  /// Where a stage fills sections from empty (a first load, a cleared list
  /// filled again), it holds those sections' items as slices of the new
  /// snapshot's own storage, each landing at item 0 on: no item is copied
  /// until it is read, so a first load's changeset costs what reading its
  /// ids costs (DifferenceKit's reason to be faster there, issue 68). An
  /// edit lists them, as any other stage's inserts are.
  public struct ItemInserts {
    /// The inserts one by one; empty while `_fills` holds them.
    @usableFromInline var _listed: [ItemInsert]
    /// Sections filled from empty, in order; empty while `_listed` holds them.
    @usableFromInline var _fills: [_Fill]

    /// The items of a section filled from empty: `items` land at item
    /// 0, 1, … of `section`; `end` is the count of inserts up to this fill's
    /// last, inclusive.
    @usableFromInline
    struct _Fill {
      @usableFromInline var section: Int
      @usableFromInline var items: ArraySlice<Item>
      @usableFromInline var end: Int

      @inlinable init(section: Int, items: ArraySlice<Item>, end: Int) {
        self.section = section
        self.items = items
        self.end = end
      }
    }

    @inlinable public init() {
      _listed = []
      _fills = []
    }

    @inlinable public init(_ inserts: [ItemInsert]) {
      _listed = inserts
      _fills = []
    }

    /// Appends the inserts of every item of `items`, landing at item 0, 1, …
    /// of `section`: shared, not copied, unless inserts are listed already.
    @inlinable
    mutating func _appendFill(section: Int, items: ArraySlice<Item>) {
      guard !items.isEmpty else { return }
      guard _listed.isEmpty else {
        _listed.reserveCapacity(_listed.count &+ items.count)
        for (k, item) in items.enumerated() { _listed.append(ItemInsert(path: ItemPath(_inSnapshot: section, item: k), item: item)) }
        return
      }
      _fills.append(_Fill(section: section, items: items, end: (_fills.last?.end ?? 0) &+ items.count))
    }

    /// Lists the filled sections' inserts, before an edit.
    @inlinable
    mutating func _list() {
      guard !_fills.isEmpty else { return }
      var listed = [ItemInsert]()
      listed.reserveCapacity(endIndex)
      for fill in _fills {
        for (k, item) in fill.items.enumerated() { listed.append(ItemInsert(path: ItemPath(_inSnapshot: fill.section, item: k), item: item)) }
      }
      _listed = listed
      _fills = []
    }

    /// The fill that holds insert `i`, and where it starts.
    @inlinable
    func _fill(holding i: Int) -> (fill: Int, start: Int) {
      var low = 0, high = _fills.count &- 1
      while low < high {
        let mid = (low &+ high) / 2
        if _fills[mid].end <= i { low = mid &+ 1 } else { high = mid }
      }
      return (low, low == 0 ? 0 : _fills[low &- 1].end)
    }
  }
}

extension Changeset.Stage.ItemInserts: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public typealias Element = Changeset.Stage.ItemInsert
  public typealias Index = Int
  public typealias Indices = Range<Int>

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { _fills.last?.end ?? _listed.count }
  @inlinable public var isEmpty: Bool { _listed.isEmpty && _fills.isEmpty }

  @inlinable
  public subscript(i: Int) -> Element {
    get {
      if _fills.isEmpty { return _listed[i] }
      precondition(i >= 0 && i < endIndex, "Index out of range")
      let (f, start) = _fill(holding: i)
      let fill = _fills[f]
      return Element(path: ItemPath(_inSnapshot: fill.section, item: i &- start), item: fill.items[fill.items.startIndex &+ i &- start])
    }
    set {
      _list()
      _listed[i] = newValue
    }
  }

  @inlinable
  public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C) where C.Element == Element {
    _list()
    _listed.replaceSubrange(range, with: elements)
  }

  @inlinable
  public mutating func reserveCapacity(_ n: Int) {
    if _fills.isEmpty { _listed.reserveCapacity(n) }
  }

  @inlinable
  public mutating func append(_ element: Element) {
    _list()
    _listed.append(element)
  }
}

extension Changeset.Stage.ItemInserts: ExpressibleByArrayLiteral {
  @inlinable public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension Changeset.Stage.ItemInserts: Equatable {
  // Inlinable, as the stage's comparisons are (Stage.swift).
  @inlinable public static func == (a: Self, b: Self) -> Bool {
    a.count == b.count && a.elementsEqual(b, by: ==)
  }
}

extension Changeset.Stage.ItemInserts: CustomStringConvertible {
  public var description: String { Array(self).description }
}

extension Changeset.Stage.ItemInserts._Fill: Sendable where ItemID: Sendable, Content: Sendable {}
extension Changeset.Stage.ItemInserts: Sendable where ItemID: Sendable, Content: Sendable {}
