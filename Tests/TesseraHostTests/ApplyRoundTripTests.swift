import TesseraKit
import Testing

@testable import TesseraHost

/// `apply` lands exactly on the new version for random edits — inserts, deletes, moves within
/// and across sections, size changes, section inserts, deletes and moves — with a batch UIKit
/// accepts without a warning, and the layout equals a fresh prepare afterwards.
@Suite struct ApplyRoundTripTests {
  static func randomDataset(_ rng: inout SplitMix64, nextID: inout Int) -> Dataset {
    var dataset = Dataset()
    for _ in 0..<rng.int(in: 1...5) {
      var section = DatasetSection(id: "s\(nextID)")
      nextID += 1
      for _ in 0..<rng.int(in: 0...8) {
        section.items.append(
          DatasetItem(
            id: "x\(nextID)", size: Size(width: Double(rng.int(in: 10...90)), height: Double(rng.int(in: 10...60)))))
        nextID += 1
      }
      dataset.sections.append(section)
    }
    return dataset
  }

  static func edit(_ old: Dataset, _ rng: inout SplitMix64, nextID: inout Int) -> Dataset {
    var sections = old.sections.filter { _ in rng.int(in: 0...9) != 0 }
    // Items leave their sections, some for good, some to land elsewhere.
    var travelling: [DatasetItem] = []
    for s in sections.indices {
      var kept = ItemList()
      for item in sections[s].items {
        switch rng.int(in: 0...9) {
        case 0: break
        case 1: travelling.append(item)
        case 2:
          var changed = item
          changed.size = Size(width: Double(rng.int(in: 10...90)), height: Double(rng.int(in: 10...60)))
          kept.append(changed)
        default: kept.append(item)
        }
      }
      sections[s].items = kept
    }
    for _ in 0..<rng.int(in: 0...2) {
      sections.insert(DatasetSection(id: "s\(nextID)"), at: rng.int(in: 0...sections.count))
      nextID += 1
    }
    if sections.count > 1, rng.int(in: 0...2) == 0 {
      let section = sections.remove(at: rng.int(in: 0...sections.count - 1))
      sections.insert(section, at: rng.int(in: 0...sections.count))
    }
    guard !sections.isEmpty else { return Dataset() }
    for _ in 0..<rng.int(in: 0...3) {
      travelling.append(DatasetItem(id: "x\(nextID)", size: Size(width: 30, height: 30)))
      nextID += 1
    }
    for item in travelling {
      let s = rng.int(in: 0...sections.count - 1)
      var items = Array(sections[s].items)
      items.insert(item, at: rng.int(in: 0...items.count))
      sections[s].items = ItemList(items)
    }
    return Dataset(sections: sections)
  }

  @Test(arguments: 1...10)
  func applyLandsExactlyOnTheNewVersion(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var nextID = 0
    var kinds: [String: Int] = [:]
    defer {
      // The edits must really exercise every kind of operation.
      for kind in ["move", "insert", "delete", "reload", "insert-section", "delete-section"] {
        #expect(kinds[kind, default: 0] > 0, "no \(kind) in 100 rounds")
      }
    }
    for round in 0..<100 {
      let old = Self.randomDataset(&rng, nextID: &nextID)
      let new = Self.edit(old, &rng, nextID: &nextID)
      let session = Support.session()
      try session.replaceDatasetForTesting(old)
      let diff = DatasetDiff.diff(from: old, to: new)
      for operation in diff.operations {
        kinds[String(operation.description.split(separator: " ")[0]), default: 0] += 1
      }
      let reply = try session.applyDatasetForTesting(new)
      #expect(!reply.contains("warning"), "round \(round): \(reply)")
      #expect(session.model.dataset == new, "round \(round): \(diff.operations.map(\.description))")
      let layout = try #require(session.layout)
      let fresh = try LayoutInstance(layout.layoutClass, model: session.model, options: layout.options)
      #expect(try layout.allAttributes() == fresh.allAttributes())
    }
  }

  @Test func identicalVersionsNeedNoOperations() {
    var rng = SplitMix64(seed: 9)
    var nextID = 0
    let dataset = Self.randomDataset(&rng, nextID: &nextID)
    #expect(DatasetDiff.diff(from: dataset, to: dataset).operations.isEmpty)
  }

  /// A reordering moves exactly the items outside a longest run already in order (checked
  /// against a quadratic longest increasing subsequence), to the same index path only when no
  /// longest run keeps that item, and lands on the new order.
  @Test func reorderingMovesTheFewestItems() throws {
    var rng = SplitMix64(seed: 41)
    for round in 0..<200 {
      let count = rng.int(in: 0...30)
      let ids = (0..<count).map { "i\($0)" }
      var order = ids
      for index in order.indices.reversed() where index > 0 { order.swapAt(index, rng.int(in: 0...index)) }
      func dataset(_ ids: [String]) -> Dataset {
        Dataset(sections: [DatasetSection(id: "s", items: ItemList(ids.map { DatasetItem(id: $0) }))])
      }
      let diff = DatasetDiff.diff(from: dataset(ids), to: dataset(order))
      // Longest increasing run of old positions in the new order, the slow way.
      let positions = order.map { Int($0.dropFirst())! }
      var ending = [Int](repeating: 1, count: positions.count)  // longest run ending at j
      for j in positions.indices {
        for i in 0..<j where positions[i] < positions[j] { ending[j] = max(ending[j], ending[i] + 1) }
      }
      var starting = [Int](repeating: 1, count: positions.count)  // longest run starting at j
      for j in positions.indices.reversed() {
        for k in (j + 1)..<max(j + 1, positions.count) where positions[k] > positions[j] {
          starting[j] = max(starting[j], starting[k] + 1)
        }
      }
      let longest = ending.max() ?? 0
      let moves = diff.operations.filter { if case .moveItem = $0 { true } else { false } }
      #expect(moves.count == count - longest, "round \(round): \(order)")
      for case .moveItem(let from, let to) in diff.operations where from == to {
        // Only an item that no longest run can keep moves to its own place.
        #expect(ending[to.item] + starting[to.item] - 1 < longest, "round \(round): \(order) moves \(from) in place")
      }
      let session = Support.session()
      try session.replaceDatasetForTesting(dataset(ids))
      _ = try session.applyDatasetForTesting(dataset(order))
      #expect(Array(session.model.dataset.sections[0].items.ids) == order, "round \(round)")
    }
  }

  /// With some items changed, the ones whose reload cannot land are deleted and inserted, and
  /// the moves are the fewest for the items left: no item moves to keep its place among items
  /// that are replaced anyway ([a b c] → [c′ b a] is one move, of a, and c deleted and inserted).
  @Test func replacedItemsLeaveTheFewestMovesForTheRest() throws {
    var rng = SplitMix64(seed: 43)
    for round in 0..<200 {
      let count = rng.int(in: 1...20)
      let ids = (0..<count).map { "i\($0)" }
      var order = ids
      for index in order.indices.reversed() where index > 0 { order.swapAt(index, rng.int(in: 0...index)) }
      let changed = Set(ids.filter { _ in rng.int(in: 0...3) == 0 })
      func dataset(_ ids: [String], changing: Set<String> = []) -> Dataset {
        let items = ids.map { DatasetItem(id: $0, size: changing.contains($0) ? Size(width: 60, height: 60) : nil) }
        return Dataset(sections: [DatasetSection(id: "s", items: ItemList(items))])
      }
      let diff = DatasetDiff.diff(from: dataset(ids), to: dataset(order, changing: changed))
      var inserted = Set<String>()
      var moves = 0
      for operation in diff.operations {
        if case .insertItem(_, _, let id) = operation { inserted.insert(id ?? "") }
        if case .moveItem = operation { moves += 1 }
      }
      let positions = order.filter { !inserted.contains($0) }.map { Int($0.dropFirst())! }
      var ending = [Int](repeating: 1, count: positions.count)
      for j in positions.indices {
        for i in 0..<j where positions[i] < positions[j] { ending[j] = max(ending[j], ending[i] + 1) }
      }
      #expect(moves == positions.count - (ending.max() ?? 0), "round \(round): \(order), changed \(changed.sorted())")
      let session = Support.session()
      try session.replaceDatasetForTesting(dataset(ids))
      _ = try session.applyDatasetForTesting(dataset(order, changing: changed))
      #expect(session.model.dataset == dataset(order, changing: changed), "round \(round)")
    }
  }
}
