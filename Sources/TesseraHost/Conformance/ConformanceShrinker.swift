import TesseraKit

/// Delta debugging for a broken rule: the smallest case that still breaks it the same way.
///
/// On generated data it first finds the fewest items `gen` can make that still fail (halving,
/// then a binary search). Then, on the data given item by item, it repeats these passes until
/// a whole round changes nothing (a fixed point) or the time is up: runs of items (halves,
/// quarters, … single items), whole sections, each section's header, footer and props, each
/// item's size, estimate and props, and each layout option. A candidate counts only when it
/// fails the same rule in the same phase (a setup failure stays a setup failure), so a smaller
/// case never swaps the bug for another.
struct ConformanceShrinker {
  /// The failure a case shows, when it is one of the kind being shrunk; nil when it passes.
  let fails: (ConformanceCase) -> ConformanceFailure?
  /// The generated dataset with this many items, to take apart.
  let generate: (Int) -> Dataset?
  /// Whether generated data is sized by an item count (a tree's is not).
  let sizedByCount: Bool
  let deadline: ContinuousClock.Instant
  private(set) var best: ConformanceCase
  private(set) var failure: ConformanceFailure
  private(set) var trials = 0
  /// Set when the time ran out before a fixed point.
  private(set) var ranOutOfTime = false

  init(
    from start: ConformanceCase, failure: ConformanceFailure, sizedByCount: Bool, deadline: ContinuousClock.Instant,
    generate: @escaping (Int) -> Dataset?, fails: @escaping (ConformanceCase) -> ConformanceFailure?
  ) {
    best = start
    self.failure = failure
    self.sizedByCount = sizedByCount
    self.deadline = deadline
    self.generate = generate
    self.fails = fails
  }

  mutating func shrink() {
    if case .generated(let items) = best.data, sizedByCount { shrinkCount(items) }
    while !ranOutOfTime {
      var changed = false
      if shrinkItemRuns() { changed = true }
      if shrinkSections() { changed = true }
      if shrinkDetails() { changed = true }
      if shrinkOptions() { changed = true }
      if !changed { break }
    }
  }

  /// Tries a candidate: true, and it becomes the best, when it fails the same way.
  private mutating func tries(_ candidate: ConformanceCase) -> Bool {
    guard candidate != best else { return false }
    guard ContinuousClock.now < deadline else {
      ranOutOfTime = true
      return false
    }
    trials += 1
    guard let found = fails(candidate) else { return false }
    best = candidate
    failure = found
    return true
  }

  private mutating func tries(_ data: Dataset) -> Bool {
    tries(ConformanceCase(data: .given(data), options: best.options))
  }

  /// The best case's data, item by item (generated data made once more).
  private var data: Dataset? {
    switch best.data {
    case .given(let dataset): dataset
    case .generated(let items): generate(items)
    }
  }

  /// Halving while it fails, then a binary search between the last count that passed and the
  /// smallest that failed.
  private mutating func shrinkCount(_ items: Int) {
    var failing = items
    var count = items / 2
    while count >= 1, tries(ConformanceCase(data: .generated(items: count), options: best.options)) {
      failing = count
      count /= 2
    }
    var passing = count
    while failing - passing > 1, !ranOutOfTime {
      let middle = passing + (failing - passing) / 2
      if tries(ConformanceCase(data: .generated(items: middle), options: best.options)) {
        failing = middle
      } else {
        passing = middle
      }
    }
  }

  /// Keeps one run of items alone, or removes one, halves first, down to single items (Zeller's
  /// ddmin: subsets, then complements).
  private mutating func shrinkItemRuns() -> Bool {
    guard var current = data, current.itemCount > 0 else { return false }
    var changed = false
    var run = max(1, current.itemCount / 2)
    while !ranOutOfTime {
      // A run alone: one item that shows the bug beats two that show it together.
      var start = 0
      while run < current.itemCount, start < current.itemCount, !ranOutOfTime {
        let count = current.itemCount
        let end = min(start + run, count)
        let candidate = Self.removing(end..<count, from: Self.removing(0..<start, from: current))
        if tries(candidate) {
          current = candidate
          changed = true
          run = max(1, current.itemCount / 2)
          start = 0
        } else {
          start += run
        }
      }
      start = 0
      while start < current.itemCount, !ranOutOfTime {
        let candidate = Self.removing(start..<min(start + run, current.itemCount), from: current)
        if tries(candidate) {
          current = candidate
          changed = true
        } else {
          start += run
        }
      }
      if run == 1 { break }
      run = max(1, run / 2)
    }
    return changed
  }

  /// Removes whole sections, last first.
  private mutating func shrinkSections() -> Bool {
    guard var current = data, current.sections.count > 1 else { return false }
    var changed = false
    for section in current.sections.indices.reversed() where current.sections.count > 1 && !ranOutOfTime {
      var candidate = current
      candidate.sections.remove(at: section)
      if tries(candidate) {
        current = candidate
        changed = true
      }
    }
    return changed
  }

  /// Drops what sections and items carry beyond their ids: headers, footers, props, sizes,
  /// estimates; a size that must stay is tried rounded up to whole tens.
  private mutating func shrinkDetails() -> Bool {
    guard var current = data else { return false }
    var changed = false
    func attempt(_ change: (inout Dataset) -> Void) {
      var candidate = current
      change(&candidate)
      if candidate != current, tries(candidate) {
        current = candidate
        changed = true
      }
    }
    for s in current.sections.indices where !ranOutOfTime {
      attempt { $0.sections[s].header = nil }
      attempt { $0.sections[s].footer = nil }
      attempt { $0.sections[s].props = [:] }
      for i in 0..<current.sections[s].items.count where !ranOutOfTime {
        attempt { Self.change(&$0, s, i) { $0.size = nil } }
        attempt { Self.change(&$0, s, i) { $0.estimated = nil } }
        attempt { Self.change(&$0, s, i) { $0.props = [:] } }
        attempt { Self.change(&$0, s, i) { $0.size = $0.size.map(Self.roundedUp) } }
      }
    }
    return changed
  }

  /// Drops layout options one at a time (the layout's defaults instead).
  private mutating func shrinkOptions() -> Bool {
    var changed = false
    var index = best.options.count - 1
    while index >= 0, !ranOutOfTime {
      var candidate = best
      candidate.options.remove(at: index)
      if tries(candidate) { changed = true }
      index -= 1
    }
    return changed
  }

  /// `dataset` without the items at flat positions `range` (counting across sections).
  static func removing(_ range: Range<Int>, from dataset: Dataset) -> Dataset {
    var result = dataset
    var first = 0
    for s in result.sections.indices {
      let count = result.sections[s].items.count
      let lower = min(max(range.lowerBound - first, 0), count)
      let local = lower..<min(max(range.upperBound - first, lower), count)
      if !local.isEmpty {
        var items = Array(result.sections[s].items)
        items.removeSubrange(local)
        result.sections[s].items = ItemList(items)
      }
      first += count
    }
    return result
  }

  private static func change(_ dataset: inout Dataset, _ section: Int, _ item: Int, _ body: (inout DatasetItem) -> Void)
  {
    var items = Array(dataset.sections[section].items)
    body(&items[item])
    dataset.sections[section].items = ItemList(items)
  }

  private static func roundedUp(_ size: Size) -> Size {
    Size(width: (size.width / 10).rounded(.up) * 10, height: (size.height / 10).rounded(.up) * 10)
  }
}
