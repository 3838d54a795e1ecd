/// A section's item ids, stored compactly: one 8-byte word per item. An id of at most 7 UTF-8
/// bytes (every generated id up to `i9999999`, most hand-written ones) lives in its word; a
/// longer one lives in a shared byte arena (its length, then its bytes) and the word says where.
/// A million short ids take 8 MB, against 16 MB as `[String]` and far more as separate objects.
public struct IDColumn: RandomAccessCollection, Hashable, Sendable {
  /// Inline: bit 63 set, the length in bits 56–58, the bytes in bits 0–55 (first byte lowest).
  /// In the arena: bit 63 clear, the offset of the entry.
  package var words: [UInt64] = []
  /// Entries of long ids: a LEB128 length, then the bytes.
  package var arena: [UInt8] = []
  /// Arena bytes no word points at any more (replaced ids); compacted when they dominate.
  package var garbage = 0

  package static let inlineFlag: UInt64 = 1 << 63
  public static let inlineCapacity = 7

  public init() {}

  public init(_ ids: some Sequence<String>) {
    for id in ids { append(id) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { words.count }
  public var count: Int { words.count }

  public subscript(position: Int) -> String {
    withUTF8(at: position) { String(decoding: $0, as: UTF8.self) }
  }

  /// The id's UTF-8 bytes, without making a String.
  public func withUTF8<R>(at position: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    let word = words[position]
    if word & Self.inlineFlag != 0 {
      var bytes = word & 0x00FF_FFFF_FFFF_FFFF
      let length = Int((word >> 56) & 0x7)
      return withUnsafeBytes(of: &bytes) { body(UnsafeRawBufferPointer(rebasing: $0.prefix(length))) }
    }
    return arena.withUnsafeBytes { arena in
      let (length, start) = Self.readLength(arena, at: Int(word))
      return body(UnsafeRawBufferPointer(rebasing: arena[start..<start + length]))
    }
  }

  /// True when the id at `position` is the empty string (an id still to be filled in).
  public func isEmptyID(at position: Int) -> Bool {
    words[position] == Self.inlineFlag
  }

  package static func readLength(_ arena: UnsafeRawBufferPointer, at offset: Int) -> (Int, Int) {
    var length = 0
    var shift = 0
    var index = offset
    while true {
      let byte = arena[index]
      length |= Int(byte & 0x7F) << shift
      index += 1
      if byte & 0x80 == 0 { return (length, index) }
      shift += 7
    }
  }

  /// The word for `bytes`, appending them to the arena when they do not fit inline.
  private mutating func word(for bytes: UnsafeRawBufferPointer) -> UInt64 {
    if bytes.count <= Self.inlineCapacity {
      return Self.inlineWord(bytes)
    }
    let offset = UInt64(arena.count)
    var length = bytes.count
    repeat {
      arena.append(UInt8(length & 0x7F) | (length >= 0x80 ? 0x80 : 0))
      length >>= 7
    } while length > 0
    arena.append(contentsOf: bytes)
    return offset
  }

  /// The inline word of at most 7 bytes.
  @inline(__always) package static func inlineWord(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var word = inlineFlag | UInt64(bytes.count) << 56
    var shift: UInt64 = 0
    for index in 0..<bytes.count {
      word |= UInt64(bytes[index]) << shift
      shift += 8
    }
    return word
  }

  public mutating func append(_ id: String) {
    var id = id
    id.withUTF8 { append(utf8: UnsafeRawBufferPointer($0)) }
  }

  public mutating func append(utf8 bytes: UnsafeRawBufferPointer) {
    words.append(word(for: bytes))
  }

  /// Replaces one id; the old one's arena bytes become garbage, compacted when they dominate.
  public mutating func replace(at position: Int, with id: String) {
    let old = words[position]
    if old & Self.inlineFlag == 0 {
      garbage += arena.withUnsafeBytes { arena in
        let (length, start) = Self.readLength(arena, at: Int(old))
        return start - Int(old) + length
      }
    }
    var id = id
    let new = id.withUTF8 { word(for: UnsafeRawBufferPointer($0)) }
    words[position] = new
    if garbage > 4096 && garbage > arena.count / 2 { compact() }
  }

  private mutating func compact() {
    var fresh = IDColumn()
    fresh.reserveCapacity(count)
    fresh.append(contentsOf: self, range: indices)
    self = fresh
  }

  public mutating func reserveCapacity(_ n: Int) {
    words.reserveCapacity(n)
  }

  /// Appends ids `range` of `other`: inline words as they are, long ids re-entered.
  public mutating func append(contentsOf other: IDColumn, range: Range<Int>) {
    guard !range.isEmpty else { return }
    if other.arena.isEmpty {
      words.append(contentsOf: other.words[range])
      return
    }
    words.reserveCapacity(words.count + range.count)
    for index in range { append(from: other, at: index) }
  }

  public mutating func append(from other: IDColumn, at index: Int) {
    let word = other.words[index]
    if word & Self.inlineFlag != 0 {
      words.append(word)
    } else {
      other.withUTF8(at: index) { append(utf8: $0) }
    }
  }

  /// The bytes an id needs here: its word, and its arena entry when it has one.
  public var storedBytes: Int { words.capacity * 8 + arena.capacity }

  public static func == (lhs: IDColumn, rhs: IDColumn) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.arena.isEmpty && rhs.arena.isEmpty { return lhs.words == rhs.words }
    for index in lhs.indices {
      let (u, v) = (lhs.words[index], rhs.words[index])
      if u & v & inlineFlag != 0 {
        if u != v { return false }  // two inline ids: the same bytes exactly when the same word
        continue
      }
      let same = lhs.withUTF8(at: index) { a in rhs.withUTF8(at: index) { b in a.elementsEqual(b) } }
      if !same { return false }
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for index in indices { withUTF8(at: index) { hasher.combine(bytes: $0) } }
  }
}

extension IDColumn: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: String...) {
    self.init(elements)
  }
}
