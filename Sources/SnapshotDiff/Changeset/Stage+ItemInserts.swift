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

      /// The insert of this fill's `k`th item, which lands at item `k`.
      @inlinable
      func insert(_ k: Int) -> ItemInsert {
        ItemInsert(path: ItemPath(_inSnapshot: section, item: k), item: items[items.startIndex &+ k])
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
      let fill = _Fill(section: section, items: items, end: (_fills.last?.end ?? 0) &+ items.count)
      guard _listed.isEmpty else {
        _listed.reserveCapacity(_listed.count &+ items.count)
        for k in 0..<items.count { _listed.append(fill.insert(k)) }
        return
      }
      _fills.append(fill)
    }

    /// Insert `i`'s path alone, its item not read (the rules, the layout
    /// and the calls read paths only: a whole insert read retained and
    /// released its id and content, counted).
    @inlinable
    func _path(at i: Int) -> ItemPath {
      if _fills.isEmpty { return _listed[i].path }
      let (f, start) = _fill(holding: i)
      return ItemPath(_inSnapshot: _fills[f].section, item: i &- start)
    }

    /// The inserts' paths, in order (``_path(at:)``).
    @inlinable
    var _paths: LazyMapCollection<Range<Int>, ItemPath> { (0..<endIndex).lazy.map { _path(at: $0) } }

    /// Calls `body` with each insert's path, in order, its item not read.
    @inlinable @inline(__always)
    func _forEachPath(_ body: (ItemPath) -> Void) {
      guard _fills.isEmpty else {
        for fill in _fills { for k in 0..<fill.items.count { body(ItemPath(_inSnapshot: fill.section, item: k)) } }
        return
      }
      _listed.withUnsafeBufferPointer { inserts in
        for k in inserts.indices { body(inserts[k].path) }
      }
    }

    /// The inserts as an array, for code that indexes them many times: the
    /// list itself, shared; fills listed (as their consumer would read them).
    @inlinable
    var _array: [ItemInsert] { _fills.isEmpty ? _listed : Array(self) }

    /// Lists the filled sections' inserts, before an edit.
    @inlinable
    mutating func _list() {
      guard !_fills.isEmpty else { return }
      _listed = Array(self)
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
      return _fills[f].insert(i &- start)
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

extension Changeset.Stage.ItemInserts {
  /// The inserts in order, read in place: the list's elements, or each
  /// fill's items with their paths (indexing went through the fills'
  /// search for each element).
  public struct Iterator: IteratorProtocol {
    @usableFromInline let inserts: Changeset.Stage.ItemInserts
    /// The next element of the list, or the next item of the current fill.
    @usableFromInline var offset = 0
    /// The current fill.
    @usableFromInline var fill = 0

    @inlinable init(_ inserts: Changeset.Stage.ItemInserts) { self.inserts = inserts }

    @inlinable
    public mutating func next() -> Changeset.Stage.ItemInsert? {
      if inserts._fills.isEmpty {
        guard offset < inserts._listed.count else { return nil }
        defer { offset &+= 1 }
        return inserts._listed[offset]
      }
      while fill < inserts._fills.count {
        let current = inserts._fills[fill]
        if offset < current.items.count {
          defer { offset &+= 1 }
          return current.insert(offset)
        }
        fill &+= 1
        offset = 0
      }
      return nil
    }
  }

  @inlinable public func makeIterator() -> Iterator { Iterator(self) }

  /// The inserts transformed, in order: the list's own `map` where they
  /// are listed (the generic one read each through a key path and the
  /// runtime's metadata, counted: a batch update's calls cost a third more).
  @inlinable
  public func map<T, E>(_ transform: (Changeset.Stage.ItemInsert) throws(E) -> T) throws(E) -> [T] {
    if _fills.isEmpty { return try _listed.map(transform) }
    var result: [T] = []
    result.reserveCapacity(endIndex)
    var iterator = makeIterator()
    while let insert = iterator.next() { result.append(try transform(insert)) }
    return result
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
