/// The fewest moves that turn one order into another: the phase of `DatasetDiff` that decides,
/// for sections and for the items of each section, which stay and which move.
package enum FewestMoves {
  /// The elements of `candidates` that must move for the others to keep their relative order:
  /// all but a longest run of candidates whose old order is already the new one (a longest
  /// increasing subsequence of their old ranks, in new order) — the fewest moves. Among the
  /// longest runs it keeps one with the most `preferred` elements (those that change: kept in
  /// place they are reloaded, moved they must be deleted and inserted), then the most whose
  /// rank does not change, so a move to the same place appears only where every shortest batch
  /// needs it. n log n, with a Fenwick tree over the old ranks.
  package static func moved(
    _ candidates: [String], oldOrder: [String], newOrder: [String], isCommon: Set<String>,
    preferred: Set<String> = []
  ) -> [String] {
    var oldRank: [String: Int] = [:]
    var rank = 0
    for id in oldOrder where isCommon.contains(id) {
      oldRank[id] = rank
      rank += 1
    }
    let sequence = newOrder.filter { isCommon.contains($0) }
    let ranks = sequence.map { oldRank[$0]! }
    // best[k]: the best run ending at sequence index k, as (length, elements in place, k).
    struct Run: Comparable {
      var length = 0
      var preferred = 0
      var inPlace = 0
      var end = -1
      static func < (a: Run, b: Run) -> Bool {
        (a.length, a.preferred, a.inPlace, -a.end) < (b.length, b.preferred, b.inPlace, -b.end)
      }
    }
    var tree = [Run](repeating: Run(), count: ranks.count + 1)
    func query(_ r: Int) -> Run {  // the best run over ranks 0..<r
      var best = Run()
      var i = r
      while i > 0 {
        best = max(best, tree[i])
        i -= i & -i
      }
      return best
    }
    func update(_ r: Int, _ run: Run) {
      var i = r + 1
      while i <= ranks.count {
        tree[i] = max(tree[i], run)
        i += i & -i
      }
    }
    var previous = [Int](repeating: -1, count: ranks.count)
    var overall = Run()
    for (index, value) in ranks.enumerated() {
      let before = query(value)
      previous[index] = before.end
      let run = Run(
        length: before.length + 1, preferred: before.preferred + (preferred.contains(sequence[index]) ? 1 : 0),
        inPlace: before.inPlace + (value == index ? 1 : 0), end: index)
      update(value, run)
      overall = max(overall, run)
    }
    var staying = Set<Int>()
    var cursor = overall.end
    while cursor >= 0 {
      staying.insert(cursor)
      cursor = previous[cursor]
    }
    return sequence.indices.filter { !staying.contains($0) }.map { sequence[$0] }
  }
}
