/// An array kept in chunks, for the generators that insert and remove at
/// random positions of a large list: each edit moves the elements of one
/// chunk, not of the whole array. With a plain array, `random-1e6`'s
/// 100,000 edits moved 10¹¹ bytes and took 51 s to build (measured).
///
/// Indices are positions in the whole sequence, as in an array; the edits
/// give exactly the array's results.
///
/// - Complexity: `insert`, `remove(at:)` and the subscript are
///   O(*n* / *c* + *c*) for *n* elements in chunks of about *c*.
struct ChunkedArray<Element> {
  /// A chunk is split in two when it grows past this many elements.
  let maximumChunk: Int
  private(set) var chunks: [[Element]]
  private(set) var count: Int

  /// The elements in chunks of half the maximum (2,048 by default: about
  /// 500 chunks for a million elements).
  init(_ elements: [Element], maximumChunk: Int = 4_096) {
    precondition(maximumChunk >= 2, "a maximum chunk of at least 2 elements")
    self.maximumChunk = maximumChunk
    let chunk = maximumChunk / 2
    chunks = stride(from: 0, to: elements.count, by: chunk).map { Array(elements[$0..<min($0 + chunk, elements.count)]) }
    if chunks.isEmpty { chunks = [[]] }
    count = elements.count
  }

  /// The chunk holding position `i` and the offset in it; `i == count`
  /// gives the end of the last chunk (where an insert appends).
  private func locate(_ i: Int) -> (chunk: Int, offset: Int) {
    precondition(i >= 0 && i <= count, "position \(i) out of 0...\(count)")
    var rest = i
    for (c, chunk) in chunks.enumerated() {
      if rest < chunk.count { return (c, rest) }
      rest -= chunk.count
    }
    return (chunks.count - 1, chunks[chunks.count - 1].count)
  }

  subscript(i: Int) -> Element {
    get {
      precondition(i < count, "position \(i) out of 0..<\(count)")
      let (c, k) = locate(i)
      return chunks[c][k]
    }
    set {
      precondition(i < count, "position \(i) out of 0..<\(count)")
      let (c, k) = locate(i)
      chunks[c][k] = newValue
    }
  }

  mutating func insert(_ element: Element, at i: Int) {
    let (c, k) = locate(i)
    chunks[c].insert(element, at: k)
    count += 1
    if chunks[c].count > maximumChunk {
      let half = chunks[c].count / 2
      chunks.insert(Array(chunks[c][half...]), at: c + 1)
      chunks[c].removeSubrange(half...)
    }
  }

  @discardableResult
  mutating func remove(at i: Int) -> Element {
    precondition(i < count, "position \(i) out of 0..<\(count)")
    let (c, k) = locate(i)
    count -= 1
    let element = chunks[c].remove(at: k)
    if chunks[c].isEmpty && chunks.count > 1 { chunks.remove(at: c) }
    return element
  }

  /// The elements in order, as one array.
  var elements: [Element] { Array(chunks.joined()) }
}
