import TesseraKit

/// Cell frames in memory the layout keeps between prepares and never initialises in bulk: a
/// prepare writes every frame exactly once, so zero-filling 32 MB first (what an Array would
/// need) would be a third of a million-item prepare's memory traffic.
final class FrameBuffer {
  private(set) var base: UnsafeMutablePointer<Rect>
  private(set) var capacity: Int
  /// Frames written by the last prepare.
  var count = 0

  init() {
    base = .allocate(capacity: 1)
    capacity = 1
  }

  deinit {
    base.deallocate()
  }

  /// Room for `n` frames, keeping the first `keeping` (an incremental prepare keeps the
  /// sections before the first one that changed); the rest is undefined until written.
  func reserve(_ n: Int, keeping: Int = 0) {
    guard n > capacity else { return }
    let grown = UnsafeMutablePointer<Rect>.allocate(capacity: n)
    grown.update(from: base, count: min(keeping, count))
    base.deallocate()
    base = grown
    capacity = n
  }

  @inline(__always) subscript(index: Int) -> Rect {
    get { base[index] }
    set { base[index] = newValue }
  }

  var buffer: UnsafeBufferPointer<Rect> { UnsafeBufferPointer(start: base, count: count) }
}
