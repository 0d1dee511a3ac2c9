import DiffBenchmarks
import Testing

/// `AllocationProbe.exactly`: the peak of live bytes must see every
/// allocation, however short-lived, and count what the result still holds.
@Suite struct MeasurementTests {
  /// Allocates and frees `bytes`, touching them so the allocation stays.
  func transient(_ bytes: Int) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 16)
    buffer.storeBytes(of: 1, toByteOffset: bytes - 1, as: UInt8.self)
    buffer.deallocate()
  }

  @Test func aBufferFreedBeforeTheEndIsInThePeak() throws {
    let probe = AllocationProbe()
    #expect(probe.isAvailable, "jemalloc is not the allocator")
    // 40 KiB, allocated and freed: less than the 64 KiB between refreshes of
    // jemalloc's own thread peak, which may or may not see it.
    let measured = try #require(probe.exactly { transient(40 << 10) })
    #expect(measured.peak >= 40 << 10)
    #expect(measured.allocated >= 40 << 10)
    // Several in turn: the peak is the largest live at once, not their sum.
    let three = try #require(probe.exactly {
      transient(40 << 10)
      transient(100 << 10)
      transient(40 << 10)
    })
    #expect(three.peak >= 100 << 10 && three.peak < 180 << 10)
    #expect(three.allocated >= 180 << 10)
  }

  @Test func whatTheResultHoldsIsCounted() throws {
    let probe = AllocationProbe()
    let measured = try #require(probe.exactly { [UInt8](repeating: 7, count: 200_000) })
    #expect(measured.result.count == 200_000)
    #expect(measured.peak >= 200_000)
    // Nothing allocated: nothing counted (the hooks are off again after).
    let none = try #require(probe.exactly { 3 })
    #expect(none.peak == 0 && none.allocated == 0)
  }
}
