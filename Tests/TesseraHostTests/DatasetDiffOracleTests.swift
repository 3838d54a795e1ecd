import TesseraCore
import TesseraKit
import Testing

/// The diff matches ids through the id index and decides the fewest moves over integer ranks;
/// `StringKeyedDiff` is the string-keyed diff it replaced. For random pairs of versions — items
/// deleted, inserted, moved within and across sections, resized, given new estimates and
/// properties; sections inserted, deleted, moved, given new headers; ids written differently but
/// canonically the same — both derive the same operations and the same rewrites, in the same
/// order.
@Suite struct DatasetDiffOracleTests {
  struct Versions {
    var rng: SplitMix64
    var nextID = 0

    mutating func id() -> String {
      nextID += 1
      // Some ids are written with characters canonically equal to ASCII ones (KELVIN SIGN for
      // K) or are not ASCII at all, some are longer than an inline id.
      switch rng.int(in: 0...9) {
      case 0: return "\u{212A}\(nextID)"
      case 1: return "é\(nextID)"
      case 2: return "a-long-item-id-\(nextID)"
      default: return "x\(nextID)"
      }
    }

    mutating func item() -> DatasetItem {
      var item = DatasetItem(id: id())
      if rng.int(in: 0...4) != 0 { item.size = size() }
      if rng.int(in: 0...4) == 0 { item.estimated = size() }
      if rng.int(in: 0...3) == 0 { item.props = props() }
      return item
    }

    mutating func size() -> Size {
      Size(width: Double(rng.int(in: 1...4) * 10), height: Double(rng.int(in: 1...3) * 10))
    }

    mutating func props() -> [String: PropertyValue] {
      var props: [String: PropertyValue] = [:]
      if rng.int(in: 0...1) == 0 { props["kind"] = .string(["a", "b"][rng.int(in: 0...1)]) }
      if rng.int(in: 0...1) == 0 { props["weight"] = .number(Double(rng.int(in: 0...2))) }
      return props
    }

    mutating func dataset() -> Dataset {
      var dataset = Dataset()
      for _ in 0..<rng.int(in: 1...5) {
        nextID += 1
        var section = DatasetSection(id: "s\(nextID)")
        if rng.int(in: 0...2) == 0 { section.header = Size(width: 0, height: 20) }
        for _ in 0..<rng.int(in: 0...16) { section.items.append(item()) }
        dataset.sections.append(section)
      }
      return dataset
    }

    /// Another version of `old`.
    mutating func edit(_ old: Dataset) -> Dataset {
      if rng.int(in: 0...5) == 0 {
        // Only the sections' order changes (a section that moves and changes is recreated).
        var sections = old.sections
        for s in sections.indices.reversed() where s > 0 { sections.swapAt(s, rng.int(in: 0...s)) }
        return Dataset(sections: sections)
      }
      var sections = old.sections.filter { _ in rng.int(in: 0...7) != 0 }
      var travelling: [DatasetItem] = []
      for s in sections.indices {
        if rng.int(in: 0...5) == 0 { sections[s].header = sections[s].header == nil ? Size(width: 0, height: 30) : nil }
        var kept: [DatasetItem] = []
        for var item in sections[s].items {
          switch rng.int(in: 0...11) {
          case 0: continue
          case 1:
            travelling.append(item)
            continue
          case 2: item.size = size()
          case 3: item.estimated = rng.int(in: 0...1) == 0 ? nil : size()
          case 4: item.props = props()
          case 5:
            // The same id, written with the other of two canonically equal spellings.
            if item.id.hasPrefix("\u{212A}") { item.id = "K" + item.id.dropFirst() }
          default: break
          }
          kept.append(item)
        }
        // Some runs are reversed, some moved whole: many items, and runs of items, compete for
        // the fewest moves.
        if kept.count > 3, rng.int(in: 0...2) == 0 {
          let start = rng.int(in: 0...kept.count - 2)
          let end = rng.int(in: start + 1...kept.count)
          if rng.int(in: 0...1) == 0 {
            kept[start..<end].reverse()
          } else {
            let run = Array(kept[start..<end])
            kept.removeSubrange(start..<end)
            kept.insert(contentsOf: run, at: rng.int(in: 0...kept.count))
          }
        }
        sections[s].items = ItemList(kept)
      }
      for _ in 0..<rng.int(in: 0...2) {
        nextID += 1
        sections.insert(DatasetSection(id: "s\(nextID)"), at: rng.int(in: 0...sections.count))
      }
      if sections.count > 1, rng.int(in: 0...2) == 0 {
        let section = sections.remove(at: rng.int(in: 0...sections.count - 1))
        sections.insert(section, at: rng.int(in: 0...sections.count))
      }
      guard !sections.isEmpty else { return Dataset() }
      for _ in 0..<rng.int(in: 0...3) { travelling.append(item()) }
      for item in travelling {
        let s = rng.int(in: 0...sections.count - 1)
        var items = Array(sections[s].items)
        items.insert(item, at: rng.int(in: 0...items.count))
        sections[s].items = ItemList(items)
      }
      return Dataset(sections: sections)
    }
  }

  @Test(arguments: 1...8)
  func derivesWhatTheStringKeyedDiffDerives(seed: UInt64) {
    var versions = Versions(rng: SplitMix64(seed: seed))
    var kinds: [String: Int] = [:]
    var rewrites = 0
    for round in 0..<250 {
      let old = versions.dataset()
      let new = versions.edit(old)
      let diff = DatasetDiff.diff(from: old, to: new)
      let oracle = StringKeyedDiff.diff(from: old, to: new)
      #expect(diff.operations == oracle.operations, "round \(round)")
      #expect(diff.rewrites == oracle.rewrites, "round \(round)")
      #expect(diff.sectionDataChanged == oracle.sectionDataChanged, "round \(round)")
      for operation in diff.operations {
        kinds[String(operation.description.split(separator: " ")[0]), default: 0] += 1
      }
      rewrites += diff.rewrites.count
    }
    // The versions really exercise every kind of operation and the rewrites.
    for kind in [
      "move", "insert", "delete", "reload", "insert-section", "delete-section", "move-section", "reload-section",
    ] {
      #expect(kinds[kind, default: 0] > 0, "no \(kind) in 250 rounds")
    }
    #expect(rewrites > 0)
  }
}
