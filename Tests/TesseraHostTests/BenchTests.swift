import Foundation
import TesseraCore
import TesseraKit
import Testing

@testable import TesseraHost

/// What `tessera bench` measures is what it says (no timing is asserted: figures are the
/// benchmark's job, not a test's).
@Suite struct BenchTests {
  @Test func theFlingEndsAtTheContentsEndAndDecaysAsAScrollViewDoes() {
    let distance = 37_000_000.0
    let fractions = ScrollBenchmark.flingFractions(distance: distance)
    #expect(fractions.last == 1)
    #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 })
    // Each frame covers 0.998^(1000/120) of the distance the one before did.
    let ratio = (fractions[2] - fractions[1]) / (fractions[1] - fractions[0])
    #expect(abs(ratio - pow(0.998, 1000.0 / 120)) < 1e-9)
    // It stops at the first frame with less than half a point left.
    let frames = Int((log(2 * distance) / -log(0.998) / (1000.0 / 120)).rounded(.up))
    #expect(fractions.count == frames)
    #expect(ScrollBenchmark.flingFractions(distance: 0.5).isEmpty)
  }

  @Test func percentilesAreNearestRank() {
    let values = (1...200).map(Double.init)
    #expect(ScrollBenchmark.Result.percentile(values, 0.99) == 198)
    #expect(ScrollBenchmark.Result.percentile(values, 0.5) == 100)
    #expect(ScrollBenchmark.Result.percentile([7], 0.99) == 7)
  }

  @Test func sizesAreWholeNumbersInOrder() throws {
    #expect(try BenchSizes.parse("1000000,10000, 100000,10000").get() == [10_000, 100_000, 1_000_000])
    for bad in ["", "0", "1e6", "10,", "-5", "99999999999"] {
      #expect(throws: HostError.self, "\(bad)") { try BenchSizes.parse(bad).get() }
    }
  }

  /// A tree of exactly N nodes, the count printed is the dataset's, and a fling over a flow
  /// triggers no prepare (nothing invalidates on scroll).
  @Test func theTreeHasTheNodesAskedForAndTheFlingReportsItsFrames() throws {
    let registry = Launch.registry(pluginPaths: []).0
    var configuration = Benchmark.Configuration(
      layout: "schematic", items: 777, dataset: "tree", seed: 1, queries: 10, prepareRuns: 1)
    configuration.scroll = true
    let tree = try Benchmark.run(configuration, registry: registry)
    #expect(tree.items == 777)
    // Queries land where the elements are: a tree's content is mostly empty, and rects at random
    // offsets timed empty queries.
    #expect(tree.visibleElements > 0)
    configuration = Benchmark.Configuration(
      layout: "flow", items: 5000, dataset: "random", seed: 1, queries: 10, prepareRuns: 1)
    configuration.scroll = true
    let flow = try Benchmark.run(configuration, registry: registry)
    let scroll = try #require(flow.scroll)
    #expect(scroll.frames == ScrollBenchmark.flingFractions(distance: scroll.distance).count)
    #expect(scroll.prepares == 0 && scroll.axisIsVertical)
    // Self-sizing cells start at 60x40 and report their sizes as they come into view.
    configuration.scrollSelfSizing = true
    let sizing = try #require(try Benchmark.run(configuration, registry: registry).scroll)
    #expect(sizing.reportedSizes > 0 && sizing.prepares > 0)
    // A tree's fling runs where its nodes are (its deeper columns lie right of the root), and
    // its nodes start at the estimate the data gives them: sizes are reported (it measured 0).
    configuration = Benchmark.Configuration(
      layout: "schematic", items: 777, dataset: "tree", seed: 1, queries: 10, prepareRuns: 1)
    configuration.scroll = true
    configuration.scrollSelfSizing = true
    let treeSizing = try #require(try Benchmark.run(configuration, registry: registry).scroll)
    #expect(treeSizing.reportedSizes > 100 && treeSizing.prepares > 0, "\(treeSizing)")
  }

  /// `--fit`: a photo cell that keeps its column's width and reports the height its photo has
  /// there settles once it is measured (each cell reports at most once); one that reports the
  /// photo's own size never matches the column and reports again every frame, as on a device.
  /// A list row that keeps the width settles too.
  @Test func cellsThatKeepTheWidthSettleAndOthersReportEveryFrame() throws {
    let registry = Launch.registry(pluginPaths: []).0
    var configuration = Benchmark.Configuration(
      layout: "waterfall", items: 3000, dataset: "photos", seed: 1, queries: 10, prepareRuns: 1)
    configuration.scroll = true
    configuration.scrollSelfSizing = true
    configuration.scrollFit = .aspect
    let aspect = try #require(try Benchmark.run(configuration, registry: registry).scroll)
    #expect(aspect.reportedSizes > 100 && aspect.reportedSizes <= 3000, "\(aspect)")
    configuration.scrollFit = .both
    let both = try #require(try Benchmark.run(configuration, registry: registry).scroll)
    #expect(both.reportedSizes > 3000, "\(both)")
    configuration = Benchmark.Configuration(
      layout: "list", items: 3000, dataset: "random", seed: 1, queries: 10, prepareRuns: 1)
    configuration.scroll = true
    configuration.scrollSelfSizing = true
    configuration.scrollFit = .height
    let list = try #require(try Benchmark.run(configuration, registry: registry).scroll)
    #expect(list.reportedSizes > 100 && list.reportedSizes <= 3000, "\(list)")
    // What each fit reports for a 400x300 photo in a 185-point column, on a 3x screen.
    let photo = Size(width: 400, height: 300)
    let column = Size(width: 185, height: 123)
    typealias Fit = SelfSizing.DatasetFit
    #expect(Fit.both.fitted(photo, proposed: column, scale: 3) == photo)
    #expect(Fit.height.fitted(photo, proposed: column, scale: 3) == Size(width: 185, height: 300))
    // 138.75 at 3 pixels a point is 416.25 pixels: 416.
    #expect(Fit.aspect.fitted(photo, proposed: column, scale: 3) == Size(width: 185, height: 416.0 / 3))
    #expect(Fit.aspect.fitted(photo, proposed: column, scale: nil) == Size(width: 185, height: 138.75))
  }

  /// `--apply` changes 1% of the items (0.5% deleted, 0.5% new, 0.2% moved), the same way for a
  /// seed, and the batch `apply` derives lands on that version (the run checks it); `--clock`
  /// drags a springy layout and reports the springs it pulled.
  @Test func applyChangesOnePercentAndLandsAndTheClockPullsSprings() throws {
    var grid = Dataset(sections: [DatasetSection(id: "s0")])
    grid.sections[0].items = ItemList((0..<10_000).map { DatasetItem(id: "i\($0)", size: Size(width: 50, height: 50)) })
    let (changed, deletes, inserts, moves) = ApplyBenchmark.changed(grid, seed: 7)
    #expect((deletes, inserts, moves) == (50, 50, 20))
    #expect(changed.itemCount == 10_000)
    #expect(Set(changed.sections[0].items.ids).count == 10_000)
    #expect(ApplyBenchmark.changed(grid, seed: 7).0 == changed)
    let registry = Launch.registry(pluginPaths: []).0
    var configuration = Benchmark.Configuration(
      layout: "flow", items: 3000, dataset: "grid", seed: 1, queries: 10, prepareRuns: 1)
    configuration.apply = true
    let apply = try #require(try Benchmark.run(configuration, registry: registry).apply)
    #expect((apply.deletes, apply.inserts, apply.moves) == (15, 15, 6))
    configuration = Benchmark.Configuration(
      layout: "springy", items: 400, dataset: "grid", seed: 1, queries: 10, prepareRuns: 1)
    configuration.clock = true
    let clock = try #require(try Benchmark.run(configuration, registry: registry).clock)
    #expect(clock.pulled > 0 && clock.rested && clock.frames == clock.advanceNanoseconds.count)
  }
}
