import TesseraABI
import TesseraKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `tessera bench --scroll`: one fling through the whole content at 120 frames a second, the
/// velocity decaying as a scroll view's does (UIScrollView's normal deceleration rate, 0.998
/// per millisecond). Each frame is what a collection view does while scrolling: move the
/// bounds, ask the layout whether that invalidates it (and for the context when it does), lay
/// out again if needed, and query the visible rect. With self-sizing, the cells that come into
/// view report their measured sizes (the dataset's `size`; the layout was told an estimate) and
/// the frame lays out again before it ends, as UIKit's layout pass does.
public enum ScrollBenchmark {
  public static let framesPerSecond = 120.0
  /// UIScrollView.DecelerationRate.normal: the velocity is multiplied by this every millisecond.
  public static let decelerationRate = 0.998
  /// The frame budget at 120 frames a second, in milliseconds.
  public static let budgetMilliseconds = 1000 / framesPerSecond

  public struct Result: Sendable {
    /// Per-frame times, in nanoseconds, in frame order.
    public var frameNanoseconds: [Double]
    public var distance: Double
    public var axisIsVertical: Bool
    /// Prepare calls the frames triggered (full ones: everything invalidated).
    public var prepares: Int
    public var fullPrepares: Int
    /// Preferred sizes the cells reported (self-sizing only) and the ones the layout accepted.
    public var reportedSizes: Int
    public var selfSizing: Bool

    public var frames: Int { frameNanoseconds.count }
    public var medianMilliseconds: Double { Benchmark.median(frameNanoseconds) / 1e6 }
    public var p99Milliseconds: Double { Self.percentile(frameNanoseconds, 0.99) / 1e6 }
    public var maxMilliseconds: Double { (frameNanoseconds.max() ?? 0) / 1e6 }
    public var framesOverBudget: Int {
      frameNanoseconds.filter { $0 / 1e6 > ScrollBenchmark.budgetMilliseconds }.count
    }

    /// The nearest-rank percentile: the smallest value at least `fraction` of them do not exceed.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
      guard !values.isEmpty else { return 0 }
      let sorted = values.sorted()
      let rank = Int((fraction * Double(sorted.count)).rounded(.up))
      return sorted[min(sorted.count, max(1, rank)) - 1]
    }
  }

  /// How far along a fling of `distance` points each frame is (0 to 1): the scroll view's
  /// exponential decay, sampled once a frame, ending when less than half a point is left.
  public static func flingFractions(distance: Double) -> [Double] {
    guard distance >= 1 else { return [] }
    let k = -log(decelerationRate)  // per millisecond
    let frame = 1000 / framesPerSecond
    var offsets: [Double] = []
    var t = frame
    while true {
      let travelled = distance * (1 - exp(-k * t))
      if distance - travelled < 0.5 {
        offsets.append(1)
        return offsets
      }
      offsets.append(travelled / distance)
      t += frame
    }
  }

  /// Runs the fling on a fresh instance of `layoutClass` over `dataset`. `selfSizing`: layouts
  /// with an `estimatedItemSize` option get one (60x40), so cells start at an estimate; for the
  /// others (the schematic reads the data's estimates first) every item without an estimate
  /// gets that one in the data.
  /// Where the viewport sits across the fling: the median centre of up to 101 cells spread over
  /// the data, less half the viewport, within the content; 0 when the content fits across.
  static func crossOffset(
    _ instance: LayoutInstance, dataset: Dataset, vertical: Bool, content: Size, viewport: Size
  ) throws(HostError) -> Double {
    let room = vertical ? content.width - viewport.width : content.height - viewport.height
    guard room > 0 else { return 0 }
    let count = dataset.itemCount
    var centres: [Double] = []
    var flat = 0
    let step = max(1, count / 100)
    for (s, section) in dataset.sections.enumerated() {
      var item = (step - flat % step) % step
      while item < section.items.count {
        if let cell = try instance.item(at: IndexPath(s, item)) {
          centres.append(vertical ? cell.frame.midX : cell.frame.midY)
        }
        item += step
      }
      flat += section.items.count
    }
    guard !centres.isEmpty else { return 0 }
    let median = centres.sorted()[centres.count / 2]
    let half = (vertical ? viewport.width : viewport.height) / 2
    return min(max(0, (median - half).rounded(.down)), room)
  }

  /// The estimate self-sizing cells start at.
  static let estimate = Size(width: 60, height: 40)

  package static func run(
    layoutClass: LayoutClass, dataset given: Dataset, selfSizing: Bool, fit: SelfSizing.DatasetFit = .both,
    progress: BenchProgress
  ) throws(HostError) -> Result {
    var dataset = given
    if selfSizing, !layoutClass.options.contains(where: { $0.name == "estimatedItemSize" }) {
      for s in dataset.sections.indices { dataset.sections[s].items.estimateUnestimated(Self.estimate) }
    }
    let model = CollectionModel(dataset: dataset, bounds: Rect(origin: .zero, size: Session.defaultViewport))
    var values: [OptionSpec.Value] = []
    for option in layoutClass.options {
      values.append(
        selfSizing && option.name == "estimatedItemSize"
          ? try option.parse(Self.estimate.formatted) : option.defaultValue)
    }
    let instance = try LayoutInstance(layoutClass, model: model, options: values)
    try instance.prepareIfNeeded()
    var sizing = SelfSizing()
    sizing.fit = fit
    var reported = 0
    /// One pass of self-sizing over `shown`, as a layout pass does it: every visible cell whose
    /// measured size differs reports it (a layout that never takes the size it is told — a fixed
    /// column width — asks again next frame, as a device would).
    func sizeCells(_ shown: [Element], in bounds: Rect) throws(HostError) -> Bool {
      // Every cell asks the layout as it is; the invalidations merge into the next pass.
      let requests = try sizing.requests(for: shown, of: instance, in: dataset, scale: nil).map(\.request)
      for request in requests { instance.invalidate(request) }
      reported += requests.count
      let changed = !requests.isEmpty
      if changed {
        try instance.prepareIfNeeded()
        _ = try instance.countAttributes(in: bounds)
      }
      return changed
    }
    // The first screen sizes its cells before the finger moves, as when the view appears.
    if selfSizing { _ = try sizeCells(try instance.attributes(in: model.bounds), in: model.bounds) }
    var content = try instance.contentSize()
    let viewport = model.bounds.size
    let overflowY = max(0, content.height - viewport.height)
    let overflowX = max(0, content.width - viewport.width)
    let vertical = overflowY >= overflowX
    let fractions = flingFractions(distance: vertical ? overflowY : overflowX)
    // Across the fling, the viewport sits where cells are: centred on the median of a sample of
    // cells (a tree's deeper columns lie to the right of its root's).
    let across = try crossOffset(instance, dataset: dataset, vertical: vertical, content: content, viewport: viewport)
    let before = instance.stats
    var times: [Double] = []
    times.reserveCapacity(fractions.count)
    var travelled = 0.0
    for (n, fraction) in fractions.enumerated() {
      if n % 64 == 0 { progress.show("scroll: frame \(n + 1) of \(fractions.count)") }
      let start = Benchmark.now()
      // Cells that size themselves grow or shrink the content: the fling ends at its end.
      let limit = vertical ? max(0, content.height - viewport.height) : max(0, content.width - viewport.width)
      let position = fraction * limit
      travelled = position
      let bounds = Rect(
        origin: vertical ? Point(x: across, y: position) : Point(x: position, y: across), size: viewport)
      if instance.shouldInvalidate(forBoundsChange: bounds) {
        try instance.invalidate(forBoundsChange: bounds)
        model.bounds = bounds
        try instance.prepareIfNeeded()
      } else {
        model.bounds = bounds
      }
      let shown = try instance.attributes(in: bounds)
      if selfSizing, try sizeCells(shown, in: bounds) { content = try instance.contentSize() }
      times.append(Double(Benchmark.now() - start))
    }
    let after = instance.stats
    return Result(
      frameNanoseconds: times, distance: travelled, axisIsVertical: vertical,
      prepares: after[.prepare] - before[.prepare], fullPrepares: after.fullPrepares - before.fullPrepares,
      reportedSizes: reported, selfSizing: selfSizing)
  }
}
