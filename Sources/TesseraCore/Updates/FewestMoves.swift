/// The fewest moves that turn one order into another: the phase of `DatasetDiff` that decides,
/// for sections and for the items of each section, which stay and which move.
package enum FewestMoves {
  /// Which elements must move for the others to keep their relative order. `ranks` holds, in
  /// the new order, each element's rank in the old order (a permutation of `0..<ranks.count`).
  /// All but a longest run of elements whose old order is already the new one (a longest
  /// increasing subsequence of `ranks`) move — the fewest moves. Among the longest runs it keeps
  /// one with the most `preferred` elements (those that change: kept in place they are reloaded,
  /// moved they must be deleted and inserted), then the most whose rank does not change (so a
  /// move to the same place appears only where every shortest batch needs it), then the one
  /// ending earliest.
  ///
  /// n log n in the blocks, linear in the elements: a block is a stretch of the new order whose
  /// ranks go up one by one, and a longest run takes every block it touches whole (an element
  /// after a block's first whose rank lies between the block's cannot exist, so any run through
  /// part of a block grows by the rest). A version that differs in a few places has few blocks,
  /// however many elements. The blocks' best runs are found with a Fenwick tree of prefix maxima
  /// over their ranks.
  package static func moving(ranks: [Int32], preferred: (Int) -> Bool) -> [Bool] {
    let n = ranks.count
    // The blocks: their first element, and per block (length, preferred, in place).
    var blockStart: [Int32] = []
    var weights: [(length: UInt64, preferred: UInt64, inPlace: UInt64)] = []
    for index in 0..<n {
      if index == 0 || ranks[index] != ranks[index - 1] + 1 {
        blockStart.append(Int32(index))
        weights.append((0, 0, 0))
      }
      weights[weights.count - 1].length += 1
      if preferred(index) { weights[weights.count - 1].preferred += 1 }
      if Int(ranks[index]) == index { weights[weights.count - 1].inPlace += 1 }
    }
    let blocks = blockStart.count
    blockStart.append(Int32(n))
    // Each block's rank among the blocks (their ranks are disjoint intervals).
    var blockOfRank = [Int32](repeating: 0, count: n)
    for block in 0..<blocks { blockOfRank[Int(ranks[Int(blockStart[block])])] = Int32(block) + 1 }
    var blockRank = [Int32](repeating: 0, count: blocks)
    var next: Int32 = 0
    for rank in 0..<n where blockOfRank[rank] > 0 {
      blockRank[Int(blockOfRank[rank]) - 1] = next
      next += 1
    }
    // A run ending at element `end` (a block's last), packed so that comparing two runs is
    // comparing two words: (length, preferred) in `high`, (in place, end reversed) in `low`.
    // Every count is below 2³¹ (ranks are Int32).
    struct Run {
      var high: UInt64 = 0
      var low: UInt64 = 0
      var block: Int32 = -1
      @inline(__always) static func better(_ a: Run, _ b: Run) -> Bool {
        a.high != b.high ? a.high > b.high : a.low > b.low
      }
    }
    var tree = [Run](repeating: Run(), count: blocks + 1)
    var previous = [Int32](repeating: -1, count: blocks)
    var overall = Run()
    tree.withUnsafeMutableBufferPointer { tree in
      for block in 0..<blocks {
        let value = Int(blockRank[block])
        var before = Run()  // the best run over the blocks ranked below
        var i = value
        while i > 0 {
          if Run.better(tree[i], before) { before = tree[i] }
          i &= i - 1
        }
        previous[block] = before.block
        let end = Int(blockStart[block + 1]) - 1
        let weight = weights[block]
        let run = Run(
          high: before.high &+ (weight.length << 32) &+ weight.preferred,
          low: ((before.low & 0xFFFF_FFFF_0000_0000) &+ (weight.inPlace << 32)) | UInt64(UInt32.max - UInt32(end)),
          block: Int32(block))
        i = value + 1
        while i <= blocks {
          if Run.better(run, tree[i]) { tree[i] = run }
          i += i & -i
        }
        if Run.better(run, overall) { overall = run }
      }
    }
    var moves = [Bool](repeating: true, count: n)
    var cursor = Int(overall.block)
    while cursor >= 0 {
      for index in Int(blockStart[cursor])..<Int(blockStart[cursor + 1]) { moves[index] = false }
      cursor = Int(previous[cursor])
    }
    return moves
  }

  /// The elements of `candidates` that must move, in new order, for orders of ids: `isCommon`
  /// names the elements in both orders (the others are left out of both), `preferred` those
  /// `moving(ranks:preferred:)` prefers to keep.
  package static func moved(
    _ candidates: [String], oldOrder: [String], newOrder: [String], isCommon: Set<String>,
    preferred: Set<String> = []
  ) -> [String] {
    var oldRank: [String: Int32] = [:]
    var rank: Int32 = 0
    for id in oldOrder where isCommon.contains(id) {
      oldRank[id] = rank
      rank += 1
    }
    let sequence = newOrder.filter { isCommon.contains($0) }
    let moves = moving(ranks: sequence.map { oldRank[$0]! }, preferred: { preferred.contains(sequence[$0]) })
    return sequence.indices.filter { moves[$0] }.map { sequence[$0] }
  }
}
