import Foundation
import TesseraHost
import TesseraKit
import Testing

/// Thousands of random valid batches, each checked against a plain model of id arrays.
///
/// The generator works backwards: it first decides the arrangement after the update (which
/// sections and items go where, the untouched ones in their old order around them), then writes
/// the operations that describe it. The expected result is therefore known without re-deriving
/// UIKit's rules, and Tessera must land on it exactly. A failure writes a `.session` reproducer.
private typealias IndexPath = TesseraKit.IndexPath

@Suite struct BatchRandomTests {
  struct Case {
    var operations: [String] = []
    /// Ids per section after the update; nil for an inserted section (its ids are generated).
    var expected: [[String]?] = []
    var expectedSectionIDs: [String?] = []
    var insertedCounts: [Int: Int] = [:]
    /// Inserts written as one path repeated: the section and the slots they fill.
    var repeatedInserts: [(section: Int, slots: [Int])] = []
  }

  static func pick<T>(_ values: [T], _ rng: inout SplitMix64) -> T { values[Int(rng.next() % UInt64(values.count))] }

  static func chance(_ percent: Int, _ rng: inout SplitMix64) -> Bool { Int(rng.next() % 100) < percent }

  /// Random distinct slots among `free`, `count` of them, in random order.
  static func slots(_ count: Int, among free: [Int], _ rng: inout SplitMix64) -> [Int] {
    var pool = free
    var chosen: [Int] = []
    for _ in 0..<count where !pool.isEmpty { chosen.append(pool.remove(at: Int(rng.next() % UInt64(pool.count)))) }
    return chosen
  }

  static func makeCase(_ dataset: Dataset, _ rng: inout SplitMix64, nextID: inout Int) -> Case {
    var c = Case()
    let before = dataset.sections.map { Array($0.items.ids) }
    let sectionsBefore = before.count
    // Sections: deletes, moves, inserts.
    let deleted = (0..<sectionsBefore).filter { _ in chance(10, &rng) }
    let survivors = (0..<sectionsBefore).filter { !deleted.contains($0) }
    let moved = survivors.filter { _ in chance(15, &rng) }
    let insertedCount = chance(30, &rng) ? Int(rng.next() % 3) : 0
    let sectionsAfter = sectionsBefore - deleted.count + insertedCount
    let insertedSlots = slots(insertedCount, among: Array(0..<sectionsAfter), &rng)
    let movedSlots = slots(moved.count, among: (0..<sectionsAfter).filter { !insertedSlots.contains($0) }, &rng)
    var source = [Int?](repeating: nil, count: sectionsAfter)
    for (index, b) in moved.enumerated() { source[movedSlots[index]] = b }
    var rest = survivors.filter { !moved.contains($0) }.makeIterator()
    for a in 0..<sectionsAfter where !insertedSlots.contains(a) && source[a] == nil { source[a] = rest.next() }
    for d in deleted { c.operations.append("delete-section \(d)") }
    for (index, b) in moved.enumerated() { c.operations.append("move-section \(b) \(movedSlots[index])") }
    for a in insertedSlots {
      let n = Int(rng.next() % 3)
      c.insertedCounts[a] = n
      c.operations.append("insert-section \(a) \(n)")
    }
    // Items: deletes, moves (across surviving sections), inserts, reloads.
    let existing = (0..<sectionsAfter).filter { source[$0] != nil }
    var leaving = Set<IndexPath>()
    var movesInto = [Int: [IndexPath]]()
    var deletes: [IndexPath] = []
    for b in survivors {
      for i in before[b].indices {
        let path = IndexPath(b, i)
        if chance(8, &rng) {
          deletes.append(path)
          leaving.insert(path)
        } else if chance(8, &rng), !existing.isEmpty {
          movesInto[pick(existing, &rng), default: []].append(path)
          leaving.insert(path)
        }
      }
    }
    // Duplicates count once per occurrence, staggered (docs/uikit-behaviour.md,
    // "performBatchUpdates"): a run of consecutive deleted items b.i, b.i+1, … may be written as
    // the same `delete b.i` repeated — the same items go.
    var index = 0
    while index < deletes.count {
      var end = index + 1
      while end < deletes.count, deletes[end].section == deletes[index].section,
        deletes[end].item == deletes[end - 1].item + 1
      {
        end += 1
      }
      let repeats = end - index > 1 && chance(40, &rng)
      for k in index..<end { c.operations.append("delete \(repeats ? deletes[index] : deletes[k])") }
      index = end
    }
    var sectionsWithTraffic = Set<Int>()
    for (a, paths) in movesInto {
      sectionsWithTraffic.insert(a)
      for path in paths { sectionsWithTraffic.insert(path.section) }
    }
    for a in 0..<sectionsAfter {
      guard let b = source[a] else {
        c.expected.append(nil)
        c.expectedSectionIDs.append(nil)
        continue
      }
      let incoming = movesInto[a] ?? []
      let inserts = chance(30, &rng) ? Int(rng.next() % 3) : 0
      let stay = before[b].indices.filter { !leaving.contains(IndexPath(b, $0)) }
      let count = stay.count + incoming.count + inserts
      let reserved = slots(incoming.count + inserts, among: Array(0..<count), &rng)
      var row = [String?](repeating: nil, count: count)
      for (index, path) in incoming.enumerated() {
        row[reserved[index]] = before[path.section][path.item]
        c.operations.append("move \(path) \(a).\(reserved[index])")
      }
      // Inserts into consecutive slots s, s+1, … may be written as the same `insert a.s`
      // repeated: they land in the order typed (fixed after the shuffle below).
      let insertSlots = reserved.dropFirst(incoming.count).sorted()
      var k = 0
      while k < insertSlots.count {
        var end = k + 1
        while end < insertSlots.count, insertSlots[end] == insertSlots[end - 1] + 1 { end += 1 }
        let repeats = end - k > 1 && chance(40, &rng)
        for slot in insertSlots[k..<end] {
          let id = "r\(nextID)"
          nextID += 1
          row[slot] = id
          c.operations.append("insert \(a).\(repeats ? insertSlots[k] : slot) id=\(id)")
        }
        if repeats { c.repeatedInserts.append((a, Array(insertSlots[k..<end]))) }
        k = end
      }
      var next = stay.makeIterator()
      for slot in 0..<count where row[slot] == nil {
        let i = next.next()!
        row[slot] = before[b][i]
        // A reload of an item that stays where the shift rule puts it (no moves in or out here).
        if !sectionsWithTraffic.contains(a), !sectionsWithTraffic.contains(b), chance(8, &rng) {
          c.operations.append("reload \(b).\(i)")
        }
      }
      c.expected.append(row.map { $0! })
      c.expectedSectionIDs.append(dataset.sections[b].id)
    }
    // The order of operations inside a batch does not matter: shuffle them.
    c.operations.shuffle(using: &rng)
    // Repeated inserts at one path land in the order typed: the slots take their ids in that order.
    for (a, slots) in c.repeatedInserts {
      let typed = c.operations.filter { $0.hasPrefix("insert \(a).\(slots[0]) id=") }.map {
        String($0.split(separator: "=").last!)
      }
      for (slot, id) in zip(slots, typed) { c.expected[a]![slot] = id }
    }
    return c
  }

  /// A reproducer: the dataset before the batch as JSON, and a session that loads it and runs
  /// the batch. Returns the session file's path.
  static func writeReproducer(_ dataset: Dataset, _ batch: String, seed: UInt64) -> String {
    let folder = NSTemporaryDirectory()
    let data = "tessera-repro-\(seed).json"
    var json = "{\"sections\": ["
    json += dataset.sections.map { s in
      "{\"id\": \"\(s.id)\", \"items\": [" + s.items.ids.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ") + "]}"
    }.joined(separator: ", ")
    json += "]}\n"
    try? json.write(toFile: folder + data, atomically: true, encoding: .utf8)
    let session =
      "# random batch that Tessera applied differently from the reference model\n> load \(data)\n> batch \(batch)\n> data\n"
    let path = folder + "tessera-repro-\(seed).session"
    try? session.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// 20 × 500 = 10,000 batches; each case starts from a random dataset and chains batches.
  @Test(arguments: 1...20)
  func randomValidBatchesLandOnTheReferenceModel(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let session = Support.session()
    var nextID = 0
    var applied = 0
    var withMoves = 0
    var withRepeats = 0
    _ = session.execute("gen grid \(rng.int(in: 0...30)) sections=\(rng.int(in: 1...5))")
    defer {
      // The generator must really produce work: nearly every round a batch, many with moves.
      #expect(applied >= 440, "only \(applied) batches ran")
      #expect(withMoves >= 150, "only \(withMoves) batches moved anything")
      #expect(withRepeats >= 20, "only \(withRepeats) batches repeated a delete or an insert")
    }
    for round in 0..<500 {
      if session.model.dataset.itemCount > 60 || session.model.dataset.sections.isEmpty {
        _ = session.execute("gen grid \(rng.int(in: 0...30)) sections=\(rng.int(in: 1...5))")
      }
      let before = session.model.dataset
      let c = Self.makeCase(before, &rng, nextID: &nextID)
      if c.operations.isEmpty { continue }
      let batch = c.operations.joined(separator: "; ")
      let reply = session.execute("batch \(batch)") ?? ""
      let after = session.model.dataset
      var matches = !reply.hasPrefix("error") && after.sections.count == c.expected.count
      if matches {
        for (a, expected) in c.expected.enumerated() {
          if let expected {
            matches =
              matches && Array(after.sections[a].items.ids) == expected
              && after.sections[a].id == c.expectedSectionIDs[a]
          } else {
            matches = matches && after.sections[a].items.count == c.insertedCounts[a]
          }
        }
      }
      if !matches {
        let path = Self.writeReproducer(before, batch, seed: seed)
        Issue.record("seed \(seed) round \(round): batch \(batch)\nsaid: \(reply)\nreproducer: \(path)")
        return
      }
      applied += 1
      if batch.contains("move") { withMoves += 1 }
      if !c.repeatedInserts.isEmpty || Set(c.operations).count < c.operations.count { withRepeats += 1 }
      if round % 25 == 0 { try Self.expectIncrementalEqualsFresh(session) }
    }
  }

  /// After any batch, the layout's answer must equal a fresh prepare of the same data.
  static func expectIncrementalEqualsFresh(_ session: Session) throws {
    let layout = try #require(session.layout)
    let fresh = try LayoutInstance(layout.layoutClass, model: session.model, options: layout.options)
    #expect(try layout.allAttributes() == fresh.allAttributes())
    #expect(try layout.contentSize() == fresh.contentSize())
  }

  /// Arbitrary batches, mostly invalid: the host never traps, a refused batch changes nothing,
  /// and an accepted one keeps UIKit's count rule.
  @Test(arguments: 1...10)
  func arbitraryBatchesNeverCrashAndRefusalsChangeNothing(seed: UInt64) {
    var rng = SplitMix64(seed: seed &+ 1000)
    let session = Support.session()
    let verbs = [
      "insert", "delete", "move", "reload", "insert-section", "delete-section", "move-section", "reload-section",
    ]
    for _ in 0..<200 {
      _ = session.execute("gen grid \(rng.int(in: 0...12)) sections=\(rng.int(in: 1...3))")
      let before = session.model.dataset
      var operations: [String] = []
      for _ in 0..<rng.int(in: 1...5) {
        let verb = Self.pick(verbs, &rng)
        let p = { (rng: inout SplitMix64) in "\(rng.int(in: 0...4)).\(rng.int(in: 0...6))" }
        switch verb {
        case "move": operations.append("move \(p(&rng)) \(p(&rng))")
        case "move-section": operations.append("move-section \(rng.int(in: 0...4)) \(rng.int(in: 0...4))")
        case let v where v.hasSuffix("-section"): operations.append("\(v) \(rng.int(in: 0...4))")
        default: operations.append("\(verb) \(p(&rng))")
        }
      }
      if Self.chance(20, &rng) {
        operations.append(
          "counts " + (0..<rng.int(in: 1...4)).map { _ in "\(rng.int(in: 0...6))" }.joined(separator: ","))
      }
      let reply = session.execute("batch " + operations.joined(separator: "; ")) ?? ""
      if reply.hasPrefix("error") {
        #expect(session.model.dataset == before, "refused batch changed the data: \(operations)")
      } else {
        let ids = session.model.dataset.sections.flatMap(\.items.ids)
        #expect(Set(ids).count == ids.count, "duplicate ids after \(operations)")
      }
    }
  }

  /// Refusals name the first offender in UIKit's sorted order, whatever the order typed: of
  /// several deletes out of range the largest, of several inserts out of range the smallest, and
  /// a reload of an item a move takes is check 4 — for random sections, counts and orders.
  @Test(arguments: 1...5)
  func randomRefusalsNameUIKitsFirstOffender(seed: UInt64) {
    var rng = SplitMix64(seed: seed &+ 500)
    let session = Support.session()
    for _ in 0..<200 {
      let count = rng.int(in: 1...8)
      _ = session.execute("gen grid \(count)")
      // Deletes: some in range, several beyond it (distinct, so none is staggered), shuffled.
      // (Sorted before shuffling: a set's order changes from run to run, the shuffle must not.)
      var deletes = Set((0..<rng.int(in: 0...min(2, count - 1))).map { _ in rng.int(in: 0...count - 1) }).sorted()
      let beyond = Set((0..<rng.int(in: 2...4)).map { _ in rng.int(in: count + 5...count + 30) }).sorted()
      deletes += beyond
      deletes.shuffle(using: &rng)
      let largest = beyond.max()!
      #expect(
        session.execute("batch " + deletes.map { "delete 0.\($0)" }.joined(separator: "; "))
          == "error: attempt to delete item \(largest) from section 0 which only contains \(count) items before the update"
      )
      // Inserts: n of them, all beyond the count after the update, shuffled.
      let n = rng.int(in: 2...4)
      let after = count + n
      var targets = Set<Int>()
      while targets.count < n { targets.insert(rng.int(in: after...after + 20)) }
      #expect(
        session.execute(
          "batch " + targets.sorted().shuffled(using: &rng).map { "insert 0.\($0)" }.joined(separator: "; "))
          == "error: attempt to insert item \(targets.min()!) into section 0, but there are only \(after) items in section 0 after the update"
      )
      // A reload of an item a move takes, typed in either order.
      if count >= 2 {
        let from = rng.int(in: 0...count - 1)
        var to = rng.int(in: 0...count - 1)
        if to == from { to = (from + 1) % count }
        let ops = ["move 0.\(from) 0.\(to)", "reload 0.\(from)"].shuffled(using: &rng)
        #expect(
          session.execute("batch " + ops.joined(separator: "; "))
            == "error: attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - \(from)})"
        )
      }
    }
  }
}
