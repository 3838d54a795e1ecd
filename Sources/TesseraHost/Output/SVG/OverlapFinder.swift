import TesseraKit

/// Finds the frames that overlap another with positive area (`Rect.overlapsWithArea`: touching
/// edges and zero-area frames never overlap), in O(n log n) for layouts whose frames mostly do not
/// overlap.
///
/// A sweep: frames sorted by their start along one axis, each compared only with the frames still
/// open at its start. The axis is the one along which frames pile up least (the sum of their
/// extents over the span they cover), so a vertical list is swept top to bottom and a
/// horizontal strip left to right. Open frames already known to overlap are kept apart: a new
/// frame checks every open frame not yet marked, but only one marked frame that overlaps it, so
/// a stack of identical frames stays linear too.
enum OverlapFinder {
  /// For each frame, whether it overlaps another.
  static func overlapping(_ frames: [Rect]) -> [Bool] {
    var marked = [Bool](repeating: false, count: frames.count)
    let candidates = frames.indices.filter { frames[$0].width > 0 && frames[$0].height > 0 }
    guard candidates.count > 1 else { return marked }
    // Work in (along, across) coordinates: `along` is the sweep axis.
    let vertical =
      pileUp(candidates.map { (frames[$0].minY, frames[$0].maxY) })
      <= pileUp(candidates.map { (frames[$0].minX, frames[$0].maxX) })
    let boxes: [Rect] =
      vertical ? frames : frames.map { Rect(x: $0.minY, y: $0.minX, width: $0.height, height: $0.width) }
    let order = candidates.sorted { boxes[$0].minY < boxes[$1].minY || boxes[$0].minY == boxes[$1].minY && $0 < $1 }
    var open: [Int] = []  // not (yet) known to overlap
    var openMarked: [Int] = []
    for index in order {
      let box = boxes[index]
      var k = 0
      while k < open.count {
        let other = open[k]
        if boxes[other].maxY <= box.minY {
          open.swapAt(k, open.count - 1)
          open.removeLast()
        } else if boxes[other].overlapsWithArea(box) {
          marked[other] = true
          marked[index] = true
          openMarked.append(other)
          open.swapAt(k, open.count - 1)
          open.removeLast()
        } else {
          k += 1
        }
      }
      k = 0
      while !marked[index], k < openMarked.count {
        let other = openMarked[k]
        if boxes[other].maxY <= box.minY {
          openMarked.swapAt(k, openMarked.count - 1)
          openMarked.removeLast()
        } else if boxes[other].overlapsWithArea(box) {
          marked[index] = true
        } else {
          k += 1
        }
      }
      if marked[index] { openMarked.append(index) } else { open.append(index) }
    }
    return marked
  }

  /// How many intervals cover a point on average: total length over the span.
  private static func pileUp(_ intervals: [(Double, Double)]) -> Double {
    guard let low = intervals.map(\.0).min(), let high = intervals.map(\.1).max(), high > low else {
      return .infinity
    }
    return intervals.reduce(0) { $0 + ($1.1 - $1.0) } / (high - low)
  }
}
