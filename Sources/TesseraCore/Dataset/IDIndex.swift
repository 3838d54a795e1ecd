import TesseraKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where each item id is: an open-addressing hash table of item ordinals (4 bytes a slot, at
/// most half full) over the ids' own storage, so the index holds no copy of any id. Used to find
/// duplicates while a dataset loads, to answer a plugin's `index_path_for_id`, and to resolve
/// references between items (a tree node's `parent`) in bulk.
///
/// The hash is seeded per process, so ids crafted to collide cannot slow a load to a crawl.
public struct IDIndex: Sendable {
  /// Ordinal + 1 per slot; 0 is empty.
  private var slots: [UInt32]
  private var mask: Int
  /// Ordinals the index covers (ids indexed, and the empty ids of items without one).
  public private(set) var count = 0
  /// Ids per section, and the ordinal of each section's first item; no sections while an index
  /// is built one id at a time into `building`.
  private var columns: [IDColumn]
  private var starts: [Int]
  private var building = IDColumn()

  package static let seed: UInt64 = {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }()

  /// The most items an index holds (ordinals are 32-bit).
  public static let capacityLimit = Int(UInt32.max / 2)

  /// False: `insert` only collects the ids (in order), for `firstRepeat` to check afterwards in
  /// a cache-friendly pass — a million random probes into a table larger than the cache cost
  /// more than reading the whole file.
  public private(set) var indexes = true

  /// Collects ids without indexing them (see `indexes`).
  public static func collecting(expected: Int) -> IDIndex {
    var index = IDIndex()
    index.indexes = false
    index.building.reserveCapacity(expected)
    return index
  }

  /// An empty index for ids to be added one at a time with `insert`.
  public init(expected: Int = 0) {
    var size = 16
    while size < 2 * expected { size <<= 1 }
    slots = [UInt32](repeating: 0, count: size)
    mask = size - 1
    columns = []
    starts = []
    building.reserveCapacity(expected)
  }

  /// Every id of `sections`; later duplicates (which a valid dataset has none of) are not added.
  public init(_ sections: [IDColumn]) {
    let total = sections.reduce(0) { $0 + $1.count }
    self.init(expected: 0)
    var size = 16
    while size < 2 * total { size <<= 1 }
    slots = [UInt32](repeating: 0, count: size)
    mask = size - 1
    columns = sections
    var start = 0
    for column in sections {
      starts.append(start)
      start += column.count
    }
    var ordinal = 0
    for column in sections {
      for index in column.indices {
        _ = column.withUTF8(at: index) { place($0, ordinal: ordinal) }
        ordinal += 1
      }
    }
    count = ordinal
  }

  // MARK: Hashing

  @inline(__always) package static func mix(_ value: UInt64) -> UInt64 { HashMix.mix(value) }

  // Ids compare as Swift strings do — canonically equivalent ones ("é" and "e\u{301}") are one
  // id — as everywhere else in the workbench (batches, apply). ASCII ids, nearly all of them,
  // are compared and hashed as bytes; an id with other characters is hashed as a String (which
  // hashes its normalized form) unless it is canonically ASCII (the three characters whose
  // canonical form is an ASCII one: KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA), which is
  // hashed as those ASCII bytes.

  @inline(__always) package static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    for byte in bytes where byte >= 0x80 { return false }
    return true
  }

  /// The ASCII id canonically equivalent to `text`, if there is one.
  package static func asciiEquivalent(_ text: String) -> [UInt8]? {
    var result: [UInt8] = []
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0..<0x80: result.append(UInt8(scalar.value))
      case 0x212A: result.append(UInt8(ascii: "K"))
      case 0x037E: result.append(UInt8(ascii: ";"))
      case 0x1FEF: result.append(UInt8(ascii: "`"))
      default: return nil
      }
    }
    return result
  }

  /// True when two ids are the same id.
  @inline(__always) package static func sameID(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    if isASCII(a) && isASCII(b) {
      return a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
    return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
  }

  /// The same for an id whichever way it is stored, and for ids that are the same id.
  package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    if isASCII(bytes) { return asciiHash(bytes) }
    let text = String(decoding: bytes, as: UTF8.self)
    if let ascii = asciiEquivalent(text) { return ascii.withUnsafeBytes { asciiHash($0) } }
    var hasher = Hasher()
    hasher.combine(text)
    return mix(UInt64(bitPattern: Int64(hasher.finalize())) ^ seed)
  }

  @inline(__always) package static func asciiHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    if bytes.count <= IDColumn.inlineCapacity { return mix(IDColumn.inlineWord(bytes) ^ seed) }
    var h = seed ^ UInt64(bytes.count)
    var index = 0
    while index + 8 <= bytes.count {
      h = mix(h ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &+ 0x9E37_79B9_7F4A_7C15
      index += 8
    }
    if index < bytes.count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      for offset in index..<bytes.count {
        tail |= UInt64(bytes[offset]) << shift
        shift += 8
      }
      h = mix(h ^ tail)
    }
    return h
  }

  // MARK: Lookup

  /// The section and item of `ordinal`.
  @inline(__always) private func locate(_ ordinal: Int) -> (section: Int, item: Int) {
    if starts.count <= 1 { return (0, ordinal) }
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= ordinal { low = middle } else { high = middle - 1 }
    }
    // Empty sections share a start: the last of them with this start holds the item.
    return (low, ordinal - starts[low])
  }

  @inline(__always) private func matches(_ bytes: UnsafeRawBufferPointer, ordinal: Int) -> Bool {
    if starts.isEmpty { return matches(bytes, in: building, at: ordinal) }
    let (section, item) = locate(ordinal)
    return matches(bytes, in: columns[section], at: item)
  }

  @inline(__always) private func matches(_ bytes: UnsafeRawBufferPointer, in column: IDColumn, at item: Int) -> Bool {
    if bytes.count <= IDColumn.inlineCapacity, column.words[item] == IDColumn.inlineWord(bytes) { return true }
    return column.withUTF8(at: item) { Self.sameID($0, bytes) }
  }

  /// The ordinal of the item with these id bytes.
  public func ordinal(of bytes: UnsafeRawBufferPointer) -> Int? {
    var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if matches(bytes, ordinal: Int(entry) - 1) { return Int(entry) - 1 }
      slot = (slot + 1) & mask
    }
  }

  public func indexPath(of id: String) -> IndexPath? {
    var id = id
    return id.withUTF8 { bytes in
      ordinal(of: UnsafeRawBufferPointer(bytes)).map {
        let (s, i) = locate($0); return IndexPath(s, i)
      }
    }
  }

  public func indexPath(ofUTF8 bytes: UnsafeRawBufferPointer) -> IndexPath? {
    ordinal(of: bytes).map {
      let (s, i) = locate($0); return IndexPath(s, i)
    }
  }

  // MARK: Building

  /// Puts `ordinal` in the table unless an equal id is there; returns that one's ordinal.
  private mutating func place(_ bytes: UnsafeRawBufferPointer, ordinal: Int) -> Int? {
    var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 {
        slots[slot] = UInt32(ordinal + 1)
        return nil
      }
      if matches(bytes, ordinal: Int(entry) - 1) { return Int(entry) - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// Appends an id to the index's own single column (a loader's running list of every id) and
  /// indexes it; returns the ordinal of an earlier equal id instead when there is one (then
  /// nothing is added).
  public mutating func insert(utf8 bytes: UnsafeRawBufferPointer) -> Int? {
    precondition(starts.isEmpty, "insert builds an index one id at a time")
    guard indexes else {
      building.append(utf8: bytes)
      count += 1
      return nil
    }
    if 2 * (count + 1) > slots.count { grow() }
    if bytes.count <= IDColumn.inlineCapacity, Self.isASCII(bytes) {
      // A short ASCII id is its word: one hash, a word comparison first, one append.
      let word = IDColumn.inlineWord(bytes)
      var slot = Int(truncatingIfNeeded: Self.mix(word ^ Self.seed)) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { break }
        if building.words[Int(entry) - 1] == word || matches(bytes, in: building, at: Int(entry) - 1) {
          return Int(entry) - 1
        }
        slot = (slot + 1) & mask
      }
      slots[slot] = UInt32(count + 1)
      building.words.append(word)
      count += 1
      return nil
    }
    let ordinal = count
    building.append(utf8: bytes)
    if let existing = place(bytes, ordinal: ordinal) {
      building.words.removeLast()
      return existing
    }
    count += 1
    return nil
  }

  /// Takes the next ordinal for an item without an id (an empty one, filled in later), not
  /// indexed.
  public mutating func appendUnindexed() {
    precondition(starts.isEmpty, "appendUnindexed builds an index one id at a time")
    building.words.append(IDColumn.inlineFlag)
    count += 1
  }

  /// Appends the ids another collecting index collected (the items read after these).
  package mutating func append(collected other: IDIndex) {
    precondition(!indexes && !other.indexes, "only collected ids are appended")
    building.append(contentsOf: other.building, range: 0..<other.building.count)
    count += other.count
  }

  /// The ids `insert` collected, in order.
  public var insertedIDs: IDColumn { building }

  private mutating func grow() {
    let size = slots.count * 2
    slots = [UInt32](repeating: 0, count: size)
    mask = size - 1
    let column = building
    for index in 0..<count where !column.isEmptyID(at: index) {
      _ = column.withUTF8(at: index) { place($0, ordinal: index) }
    }
  }

  // MARK: Repeats, after the fact

  /// The first id of `column` that repeats, in order: the ordinal of its first occurrence and of
  /// the repeat (the smallest such repeat). Empty ids (items still to get one) are skipped.
  /// Cache-friendly: the ids are partitioned by hash into buckets of a few thousand (sequential
  /// writes), and each bucket is checked in a small table that stays in cache.
  public static func firstRepeat(in column: IDColumn) -> (first: Int, repeat: Int)? {
    let n = column.count
    guard n > 1 else { return nil }
    var bucketBits = 0
    while (n >> bucketBits) > 2048 { bucketBits += 1 }
    let shift = UInt64(64 - bucketBits)
    @inline(__always) func bucket(_ h: UInt64) -> Int { bucketBits == 0 ? 0 : Int(h >> shift) }
    // Each id's hash with its ordinal, scattered by bucket: a bucket's pass then reads its
    // entries in order (a table of the hashes by ordinal would be read at random).
    var hashes = [UInt64](repeating: 0, count: n)
    var starts = [Int](repeating: 0, count: (1 << bucketBits) + 1)
    column.words.withUnsafeBufferPointer { words in
      for ordinal in 0..<n {
        let word = words[ordinal]
        let hash =
          word & IDColumn.inlineFlag != 0 && word & 0x0080_8080_8080_8080 == 0
          ? mix(word ^ seed)  // a short ASCII id: its word
          : column.withUTF8(at: ordinal) { Self.hash($0) }
        hashes[ordinal] = hash
        if word != IDColumn.inlineFlag { starts[bucket(hash) + 1] += 1 }  // empty ids are skipped
      }
    }
    for b in 0..<(1 << bucketBits) { starts[b + 1] += starts[b] }
    var fill = starts
    var entries = [(hash: UInt64, ordinal: Int32)](repeating: (0, 0), count: starts[1 << bucketBits])
    for ordinal in 0..<n where !column.isEmptyID(at: ordinal) {
      let b = bucket(hashes[ordinal])
      entries[fill[b]] = (hashes[ordinal], Int32(ordinal))
      fill[b] += 1
    }
    hashes = []
    var best: (first: Int, repeat: Int)?
    var table: [Int32] = []
    for b in 0..<(1 << bucketBits) {
      let members = starts[b]..<starts[b + 1]
      guard members.count > 1 else { continue }
      var size = 16
      while size < 2 * members.count { size <<= 1 }
      table.removeAll(keepingCapacity: true)
      table.append(contentsOf: repeatElement(-1, count: size))
      let mask = size - 1
      for position in members {  // ascending ordinals: the first repeat found is this bucket's smallest
        let (hash, ordinal32) = entries[position]
        let ordinal = Int(ordinal32)
        if let best, ordinal >= best.repeat { break }
        var slot = Int(truncatingIfNeeded: hash) & mask
        var found: Int?
        while table[slot] >= 0 {
          let other = entries[Int(table[slot])]
          if other.hash == hash,
            column.words[Int(other.ordinal)] == column.words[ordinal]
              || sameBytes(column, Int(other.ordinal), ordinal)
          {
            found = Int(other.ordinal)
            break
          }
          slot = (slot + 1) & mask
        }
        if let found {
          best = (found, ordinal)
          break
        }
        table[slot] = Int32(position)
      }
    }
    return best
  }

  private static func sameBytes(_ column: IDColumn, _ a: Int, _ b: Int) -> Bool {
    column.withUTF8(at: a) { x in column.withUTF8(at: b) { y in sameID(x, y) } }
  }

}
