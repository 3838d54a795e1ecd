import TesseraKit
import Testing

@testable import TesseraHost

private func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
  Rect(x: x, y: y, width: w, height: h)
}

@Suite struct PictureOverlapFinderTests {
  /// Every pair, for comparison.
  static func bruteForce(_ frames: [Rect]) -> [Bool] {
    frames.indices.map { i in frames.indices.contains { j in j != i && frames[i].overlapsWithArea(frames[j]) } }
  }

  @Test func touchingEdgesAndCornersDoNotOverlap() {
    let frames = [r(0, 0, 10, 10), r(10, 0, 10, 10), r(0, 10, 10, 10), r(10, 10, 10, 10)]
    #expect(OverlapFinder.overlapping(frames) == [false, false, false, false])
  }

  @Test func nestedFramesOverlap() {
    let frames = [r(0, 0, 100, 100), r(10, 10, 20, 20), r(12, 12, 2, 2), r(200, 0, 10, 10)]
    #expect(OverlapFinder.overlapping(frames) == [true, true, true, false])
  }

  @Test func oneBigFrameOverManySmallOnesMarksThemAll() {
    var frames = (0..<100).map { r(Double($0 % 10) * 10, Double($0 / 10) * 10, 10, 10) }
    #expect(OverlapFinder.overlapping(frames).allSatisfy { !$0 })
    frames.append(r(5, 5, 80, 80))
    let marked = OverlapFinder.overlapping(frames)
    #expect(marked == Self.bruteForce(frames))
    #expect(marked.count { $0 } == 1 + 81)  // the big one and the 9x9 small ones it covers
  }

  @Test func identicalFramesAllOverlap() {
    let frames = Array(repeating: r(3, 4, 5, 6), count: 1000) + [r(8, 4, 5, 6)]
    let marked = OverlapFinder.overlapping(frames)
    #expect(marked.prefix(1000).allSatisfy { $0 })
    #expect(marked.last == false)
  }

  @Test func zeroAreaFramesNeverOverlap() {
    let frames = [r(0, 0, 100, 100), r(10, 10, 0, 50), r(10, 10, 50, 0), r(20, 20, 0, 0)]
    #expect(OverlapFinder.overlapping(frames) == [false, false, false, false])
    #expect(OverlapFinder.overlapping([]) == [])
    #expect(OverlapFinder.overlapping([r(0, 0, 1, 1)]) == [false])
  }

  @Test func aNewFrameOverlappingTwoOpenOnesMarksBoth() {
    // The third starts while both others are open; they do not overlap each other.
    let frames = [r(0, 0, 10, 100), r(20, 0, 10, 100), r(5, 50, 20, 10)]
    #expect(OverlapFinder.overlapping(frames) == [true, true, true])
    // The same, transposed: swept along x.
    let across = frames.map { r($0.minY, $0.minX, $0.height, $0.width) }
    #expect(OverlapFinder.overlapping(across) == [true, true, true])
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func agreesWithEveryPairOnRandomFrames(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    func next(_ bound: Int) -> Double { Double(random.next() % UInt64(bound)) }
    // Wide, tall and square scatters, with repeats, so both sweep axes and ties are exercised.
    let shape = seed % 3
    let frames = (0..<400).map { _ in
      let w = shape == 1 ? next(400) : next(30)
      let h = shape == 2 ? next(400) : next(30)
      return r(next(shape == 2 ? 3000 : 600), next(shape == 1 ? 3000 : 600), w, h)
    }
    let expected = Self.bruteForce(frames)
    #expect(expected.contains(true) && expected.contains(false))
    #expect(OverlapFinder.overlapping(frames) == expected)
  }

  @Test func aLongListWithoutOverlapsIsSweptAlongIt() {
    // 20,000 full-width rows and 20,000 full-height columns: every frame spans the other axis.
    let rows = (0..<20_000).map { r(0, Double($0) * 44, 390, 44) }
    #expect(OverlapFinder.overlapping(rows).allSatisfy { !$0 })
    let columns = rows.map { r($0.minY, $0.minX, $0.height, $0.width) }
    #expect(OverlapFinder.overlapping(columns).allSatisfy { !$0 })
  }
}
