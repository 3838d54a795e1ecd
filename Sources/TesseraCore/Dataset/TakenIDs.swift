/// Which of a few ids some item already has, found in one pass over the ids' stored words: a
/// batch's new ids are checked this way, so no set of a million `String`s is built or kept up
/// to date. The candidates' hashes sit in a small table that stays in cache; only a hash that
/// hits one is compared as bytes (`IDIndex.sameID`).
enum TakenIDs {
  static func among(_ candidates: [String], in columns: [IDColumn]) -> Set<String> {
    guard !candidates.isEmpty else { return [] }
    let probes = IDColumn(candidates)
    var size = 16
    while size < 2 * candidates.count { size <<= 1 }
    let mask = size - 1
    var hashes = [UInt64](repeating: 0, count: probes.count)
    var table = [Int32](repeating: -1, count: size)
    for k in probes.indices {
      hashes[k] = probes.withUTF8(at: k) { IDIndex.hash($0) }
      var slot = Int(truncatingIfNeeded: hashes[k]) & mask
      while table[slot] >= 0 { slot = (slot + 1) & mask }
      table[slot] = Int32(k)
    }
    var taken = Set<String>()
    for column in columns {
      for item in column.indices {
        let word = column.words[item]
        let hash =
          word & IDColumn.inlineFlag != 0 && word & 0x0080_8080_8080_8080 == 0
          ? IDIndex.mix(word ^ IDIndex.seed) : column.withUTF8(at: item) { IDIndex.hash($0) }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while table[slot] >= 0 {
          let k = Int(table[slot])
          if hashes[k] == hash, IDMatching.same(probes, k, column, item) { taken.insert(candidates[k]) }
          slot = (slot + 1) & mask
        }
      }
    }
    return taken
  }
}
