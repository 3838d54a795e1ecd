import TesseraKit

/// `tessera bench --clock`: what a layout that moves with time (springy) costs a frame. A finger
/// goes down in the middle of the viewport and drags the content 100 points along the side that
/// scrolls in one bounds change, which pulls every item the layout holds on a spring; then frames of 1/60 s run until
/// it rests (at most 10 s), each what a display-link tick does: the layout's `advance`, the pass
/// it invalidates (prepare), and the visible query that draws the frame.
public enum ClockBenchmark {
  public static let frame = 1.0 / 60
  public static let mostFrames = 600

  public struct Result: Sendable {
    /// Items whose attributes the drag moved: the springs in play.
    public var pulled: Int
    /// Per-frame times, in nanoseconds, until the layout rested.
    public var frameNanoseconds: [Double]
    /// The `advance` call alone in each frame: the simulation (two solver steps of 1/120 s a
    /// frame, one on the first) and moving the items.
    public var advanceNanoseconds: [Double]
    /// Whether it rested within `mostFrames`.
    public var rested: Bool

    public var frames: Int { frameNanoseconds.count }
    public var medianMicroseconds: Double { Benchmark.median(frameNanoseconds) / 1e3 }
    public var p99Microseconds: Double { ScrollBenchmark.Result.percentile(frameNanoseconds, 0.99) / 1e3 }
    public var maxMicroseconds: Double { (frameNanoseconds.max() ?? 0) / 1e3 }
    public var advanceMedianMicroseconds: Double { Benchmark.median(advanceNanoseconds) / 1e3 }
  }

  static func run(_ instance: LayoutInstance, model: CollectionModel, progress: BenchProgress) throws(HostError)
    -> Result
  {
    guard instance.movesWithTime else {
      throw HostError(
        "bench: layout '\(instance.layoutClass.name)' does not move with time (it has no tessera.clock/1): --clock measures one that does, such as springy"
      )
    }
    try instance.prepareIfNeeded()
    let before = Dictionary(
      try instance.allAttributes().filter { $0.category == .cell }.map { ($0.indexPath, $0.frame) },
      uniquingKeysWith: { a, _ in a })
    // The finger drags the content 100 points along the side that scrolls (down, unless only
    // the width exceeds the bounds): the offset moves the other way.
    let size = model.bounds.size
    let content = try instance.contentSize()
    let across = content.width > size.width && content.height <= size.height
    model.touch = Touch(screenPoint: Point(x: size.width / 2, y: size.height / 2), isDown: true)
    let moved = Rect(
      x: model.bounds.minX + (across ? 100 : 0), y: model.bounds.minY + (across ? 0 : 100), width: size.width,
      height: size.height)
    if instance.shouldInvalidate(forBoundsChange: moved) { try instance.invalidate(forBoundsChange: moved) }
    model.bounds = moved
    model.touch.isDown = false
    try instance.prepareIfNeeded()
    let pulled = try instance.allAttributes().filter { $0.category == .cell && before[$0.indexPath] != $0.frame }.count
    var times: [Double] = []
    var advances: [Double] = []
    var rested = false
    for n in 0..<mostFrames {
      if n % 60 == 0 { progress.show("clock: frame \(n + 1)") }
      let start = Benchmark.now()
      let moving = try instance.advance(by: frame)
      advances.append(Double(Benchmark.now() - start))
      try instance.prepareIfNeeded()
      _ = try instance.attributes(in: model.bounds)
      times.append(Double(Benchmark.now() - start))
      if !moving {
        rested = true
        break
      }
    }
    progress.clear()
    return Result(pulled: pulled, frameNanoseconds: times, advanceNanoseconds: advances, rested: rested)
  }
}
