/// Which items of two versions of a dataset have the same id, by ordinal (an item's place in
/// its version counting across sections). Ids compare as everywhere in the workbench
/// (`IDIndex.sameID`: bytes for ASCII, canonical equivalence otherwise).
///
/// Two versions mostly keep their items in order, so the match is made in two passes:
/// - a walk through both in step, comparing each id with the one across (an inline id is one
///   word), and on a mismatch looking a few ids ahead on either side: an item deleted or inserted
///   costs a few comparisons, and memory is read in order;
/// - the ids the walk left unmatched (moved items, arrivals and departures, or everything when
///   the order changed throughout) are matched through a hash table of the old ones, cut into
///   partitions that fit in the cache when there are many.
public struct IDMatching: Sendable {
  /// Per new ordinal, the old ordinal with the same id, or -1.
  public private(set) var oldOrdinal: [Int32]
  /// Per old ordinal, the new ordinal with the same id, or -1.
  public private(set) var newOrdinal: [Int32]
  /// How many ids the walk matched, and how many the hash table (for tests and benchmarks).
  public private(set) var matchedInStep = 0
  public private(set) var matchedByHash = 0

  /// How far the walk looks ahead on each side after a mismatch.
  static let lookahead = 4

  /// The ids of both versions, section by section; each version's ids must be unique.
  public init(old: [IDColumn], new: [IDColumn]) {
    let a = Flat(old)
    let b = Flat(new)
    oldOrdinal = [Int32](repeating: -1, count: b.count)
    newOrdinal = [Int32](repeating: -1, count: a.count)
    walk(a, b)
    matchLeftovers(a, b)
    matchedByHash = count(newOrdinal) - matchedInStep
  }

  /// The ids of a version as one sequence of ordinals.
  struct Flat {
    let columns: [IDColumn]
    let starts: [Int]
    var count: Int { starts.last! }

    init(_ columns: [IDColumn]) {
      self.columns = columns
      var starts = [0]
      for column in columns { starts.append(starts.last! + column.count) }
      self.starts = starts
    }

    /// The section holding `ordinal`, starting from a guess (the walk's current section).
    @inline(__always) func section(of ordinal: Int, near guess: Int) -> Int {
      if guess < columns.count, starts[guess] <= ordinal, ordinal < starts[guess + 1] { return guess }
      var low = 0
      var high = columns.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= ordinal { low = middle } else { high = middle - 1 }
      }
      // Empty sections share a start: the last of them with this start holds the item.
      return low
    }
  }

  /// Whether item `i` of column `x` and item `j` of column `y` have the same id.
  @inline(__always) static func same(_ x: IDColumn, _ i: Int, _ y: IDColumn, _ j: Int) -> Bool {
    let (u, v) = (x.words[i], y.words[j])
    if u & v & IDColumn.inlineFlag != 0 {
      // Two inline ids: ASCII ones are the same exactly when their words are.
      if u == v { return true }
      if (u | v) & 0x0080_8080_8080_8080 == 0 { return false }
    }
    return x.withUTF8(at: i) { p in y.withUTF8(at: j) { q in IDIndex.sameID(p, q) } }
  }

  /// The first pass: both versions in step.
  private mutating func walk(_ a: Flat, _ b: Flat) {
    var (i, j) = (0, 0)  // old and new ordinals
    var (sa, sb) = (0, 0)  // their sections
    @inline(__always) func same(_ i: Int, _ j: Int) -> Bool {
      sa = a.section(of: i, near: sa)
      sb = b.section(of: j, near: sb)
      return Self.same(a.columns[sa], i - a.starts[sa], b.columns[sb], j - b.starts[sb])
    }
    // Both cursors only move forward, past every pair made: no id is matched twice.
    outer: while i < a.count && j < b.count {
      if same(i, j) {
        pair(i, j)
        i += 1
        j += 1
        continue
      }
      // A mismatch: old items may have left (the new id is a little further on the old side),
      // or new ones arrived (the old id is a little further on the new side). What is skipped
      // is left to the second pass.
      for d in 1...Self.lookahead {
        if i + d < a.count, same(i + d, j) {
          pair(i + d, j)
          i += d + 1
          j += 1
          continue outer
        }
        if j + d < b.count, same(i, j + d) {
          pair(i, j + d)
          i += 1
          j += d + 1
          continue outer
        }
      }
      i += 1
      j += 1
    }
    matchedInStep = count(newOrdinal)
  }

  private func count(_ ordinals: [Int32]) -> Int { ordinals.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }

  @inline(__always) private mutating func pair(_ old: Int, _ new: Int) {
    oldOrdinal[new] = Int32(old)
    newOrdinal[old] = Int32(new)
  }

  /// The hash of the id at an ordinal (as `IDIndex` hashes it).
  @inline(__always) private static func hash(_ flat: Flat, _ ordinal: Int, section: inout Int) -> UInt64 {
    section = flat.section(of: ordinal, near: section)
    let column = flat.columns[section]
    let item = ordinal - flat.starts[section]
    let word = column.words[item]
    if word & IDColumn.inlineFlag != 0 && word & 0x0080_8080_8080_8080 == 0 {
      return IDIndex.mix(word ^ IDIndex.seed)  // a short ASCII id: its word
    }
    return column.withUTF8(at: item) { IDIndex.hash($0) }
  }

  /// The second pass: the ids the walk left, through a hash table of the old ones. Many
  /// leftovers are first partitioned by hash, so that each partition's table stays in cache.
  private mutating func matchLeftovers(_ a: Flat, _ b: Flat) {
    var olds: [(hash: UInt64, ordinal: Int32)] = []
    var news: [(hash: UInt64, ordinal: Int32)] = []
    var section = 0
    for i in 0..<a.count where newOrdinal[i] < 0 { olds.append((Self.hash(a, i, section: &section), Int32(i))) }
    guard !olds.isEmpty else { return }
    section = 0
    for j in 0..<b.count where oldOrdinal[j] < 0 { news.append((Self.hash(b, j, section: &section), Int32(j))) }
    guard !news.isEmpty else { return }
    var bits = 0
    while (olds.count >> bits) > 4096 { bits += 1 }
    let oldParts = Self.partition(olds, bits: bits)
    let newParts = Self.partition(news, bits: bits)
    var table: [Int32] = []
    var (sa, sb) = (0, 0)
    for part in 0..<(1 << bits) {
      let members = oldParts.entries[oldParts.starts[part]..<oldParts.starts[part + 1]]
      let probes = newParts.entries[newParts.starts[part]..<newParts.starts[part + 1]]
      guard !members.isEmpty, !probes.isEmpty else { continue }
      var size = 16
      while size < 2 * members.count { size <<= 1 }
      let mask = size - 1
      table.removeAll(keepingCapacity: true)
      table.append(contentsOf: repeatElement(-1, count: size))
      for (position, member) in zip(members.indices, members) {
        var slot = Int(truncatingIfNeeded: member.hash) & mask
        while table[slot] >= 0 { slot = (slot + 1) & mask }
        table[slot] = Int32(position)
      }
      for probe in probes {
        var slot = Int(truncatingIfNeeded: probe.hash) & mask
        while table[slot] >= 0 {
          let member = oldParts.entries[Int(table[slot])]
          if member.hash == probe.hash {
            let (i, j) = (Int(member.ordinal), Int(probe.ordinal))
            sa = a.section(of: i, near: sa)
            sb = b.section(of: j, near: sb)
            if Self.same(a.columns[sa], i - a.starts[sa], b.columns[sb], j - b.starts[sb]) {
              pair(i, j)
              break
            }
          }
          slot = (slot + 1) & mask
        }
      }
    }
  }

  /// Entries grouped by the top `bits` of their hash (a counting sort, stable).
  private static func partition(
    _ entries: [(hash: UInt64, ordinal: Int32)], bits: Int
  ) -> (entries: [(hash: UInt64, ordinal: Int32)], starts: [Int]) {
    guard bits > 0 else { return (entries, [0, entries.count]) }
    let shift = UInt64(64 - bits)
    var starts = [Int](repeating: 0, count: (1 << bits) + 1)
    for entry in entries { starts[Int(entry.hash >> shift) + 1] += 1 }
    for part in 0..<(1 << bits) { starts[part + 1] += starts[part] }
    var fill = starts
    var sorted = [(hash: UInt64, ordinal: Int32)](repeating: (0, 0), count: entries.count)
    for entry in entries {
      let part = Int(entry.hash >> shift)
      sorted[fill[part]] = entry
      fill[part] += 1
    }
    return (sorted, starts)
  }
}
