import TesseraCore
import TesseraKit
import Testing

/// `IDMatching` pairs every id of one version with the same id of the other — whether the walk
/// in step or the hash table finds it — and nothing else.
@Suite struct IDMatchingTests {
  /// Columns of these ids, cut into sections of the given sizes.
  static func columns(_ ids: [String], cuts: [Int]) -> [IDColumn] {
    var result: [IDColumn] = []
    var start = 0
    for cut in cuts + [ids.count - cuts.reduce(0, +)] {
      result.append(IDColumn(ids[start..<start + cut]))
      start += cut
    }
    return result
  }

  /// The pairs a dictionary of `String`s finds.
  static func expected(_ old: [String], _ new: [String]) -> [Int32] {
    var where_: [String: Int] = [:]
    for (i, id) in old.enumerated() { where_[id] = i }
    return new.map { where_[$0].map { Int32($0) } ?? -1 }
  }

  static func check(_ old: [String], _ new: [String], cuts: ([Int], [Int])) -> IDMatching {
    let matching = IDMatching(old: columns(old, cuts: cuts.0), new: columns(new, cuts: cuts.1))
    let oldOrdinal = expected(old, new)
    #expect(matching.oldOrdinal == oldOrdinal)
    var newOrdinal = [Int32](repeating: -1, count: old.count)
    for (j, i) in oldOrdinal.enumerated() where i >= 0 { newOrdinal[Int(i)] = Int32(j) }
    #expect(matching.newOrdinal == newOrdinal)
    return matching
  }

  @Test func aFewChangesAreMatchedInStep() {
    var rng = SplitMix64(seed: 3)
    let old = (0..<20_000).map { $0 % 7 == 0 ? "a-long-item-id-\($0)" : "i\($0)" }
    var new = old
    for k in 0..<100 {  // 100 deletes, 100 inserts, 40 moves
      new.remove(at: rng.int(in: 0...new.count - 1))
      new.insert("new-\(k)", at: rng.int(in: 0...new.count))
      if k % 5 < 2 { new.insert(new.remove(at: rng.int(in: 0...new.count - 1)), at: rng.int(in: 0...new.count - 1)) }
    }
    let matching = Self.check(old, new, cuts: ([5_000, 0, 7_000], [4_990, 3, 0, 7_100]))
    // Nearly everything is matched by the walk; a moved id needs the hash table.
    #expect(matching.matchedInStep > 19_700)
    #expect(matching.matchedByHash >= 1 && matching.matchedByHash < 200)
  }

  @Test func aShuffleIsMatchedByHashInPartitions() {
    var rng = SplitMix64(seed: 5)
    // Ids spelled canonically alike but with other bytes (KELVIN SIGN for K, a decomposed é)
    // are the same id.
    let old = (0..<30_000).map { ["i\($0)", "K\($0)", "caf\u{E9}-\($0)", "x-long-\($0)"][$0 % 4] }
    var new = old.map {
      $0.replacingOccurrences(of: "K", with: "\u{212A}").replacingOccurrences(of: "\u{E9}", with: "e\u{301}")
    }
    for index in new.indices.reversed() where index > 0 { new.swapAt(index, rng.int(in: 0...index)) }
    new.removeLast(1_000)
    new += (0..<500).map { "fresh-\($0)" }
    let matching = Self.check(old, new, cuts: ([10_000], [12_345, 0]))
    #expect(matching.matchedByHash > 28_000)
  }

  @Test func emptyVersions() {
    _ = Self.check([], ["a"], cuts: ([], []))
    _ = Self.check(["a"], [], cuts: ([], []))
    _ = Self.check([], [], cuts: ([0], []))
  }

  /// A batch's new ids are checked against the items in one pass: ids spelled canonically alike
  /// are the same id, inline or long.
  @Test func takenIDsAreFoundInOnePass() {
    let items = ItemList(["K1", "a-long-item-id", "caf\u{E9}", "i3"].map { DatasetItem(id: $0) })
    let model = CollectionModel(
      dataset: Dataset(sections: [DatasetSection(id: "s", items: items)]),
      bounds: Rect(x: 0, y: 0, width: 10, height: 10))
    let candidates = ["\u{212A}1", "a-long-item-id", "cafe\u{301}", "free", "K2", "a-long-item-idx", "i3"]
    #expect(model.takenIDs(candidates) == ["\u{212A}1", "a-long-item-id", "cafe\u{301}", "i3"])
    #expect(model.takenIDs([]) == [])
    // Once ids were checked, generated ones continue past the item count, skipping ids in use.
    #expect(model.generateIDs(3, avoiding: ["i5"]) == ["i4", "i6", "i7"])
    // On a dataset not yet checked, the first continues from the last one made (none yet: i0).
    let fresh = CollectionModel(dataset: model.dataset, bounds: model.bounds)
    #expect(fresh.generateIDs(2, avoiding: []) == ["i0", "i4"])
  }
}
