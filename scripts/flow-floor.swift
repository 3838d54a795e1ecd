// The floor under the flow layout's prepare: a bare loop that breaks the same kind of sizes into
// lines as `tessera bench --layout flow` does (1,000,000 items of whole sizes from 20x20 to
// 200x120, a 390-point width, spacings of 10), places each line's items spread out across the
// width with the line's items centred on it, as UICollectionViewFlowLayout does, and writes one
// frame per item into an array kept between runs. Prints the median time per item.
//
//     swiftc -O scripts/flow-floor.swift -o /tmp/flow-floor && /tmp/flow-floor [items]
import Foundation

struct Frame { var x = 0.0, y = 0.0, width = 0.0, height = 0.0 }
struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
var rng = SplitMix(state: 1)
let widths = (0..<count).map { _ in Double(rng.int(20...200)) }
let heights = (0..<count).map { _ in Double(rng.int(20...120)) }
var frames = [Frame](repeating: Frame(), count: count)
let (width, interitem, line) = (390.0, 10.0, 10.0)

@inline(never) func prepare() -> Double {
  var y = 0.0
  var start = 0
  frames.withUnsafeMutableBufferPointer { frames in
    while start < count {
      // The items that fit on this line, and its height.
      var end = start
      var used = 0.0
      var tallest = 0.0
      while end < count, end == start || used + interitem + widths[end] <= width {
        used += (end == start ? 0 : interitem) + widths[end]
        tallest = max(tallest, heights[end])
        end += 1
      }
      // Spread across the width (one item: at the left), centred on the line.
      let gap = end - start > 1 ? (width - used) / Double(end - start - 1) + interitem : 0
      var x = 0.0
      for k in start..<end {
        frames[k] = Frame(x: x, y: y + (tallest - heights[k]) / 2, width: widths[k], height: heights[k])
        x += widths[k] + gap
      }
      y += tallest + line
      start = end
    }
  }
  return y
}

var times: [Double] = []
var sink = 0.0
for _ in 0..<7 {
  let start = DispatchTime.now().uptimeNanoseconds
  sink += prepare()
  times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
}
times.sort()
print(
  String(
    format: "bare flow loop: %.2f ms for %d items, %.2f ns/item (median of 7; content %.0f)", times[3] / 1e6, count,
    times[3] / Double(count), sink / 7))
