/// A section's item properties, one column per key: no dictionary (and no heap object) per item.
/// A column holds a tag and an 8-byte payload per item — a number's bits, a boolean, where a list
/// of numbers starts in the column's shared list storage and how long it is, or which of the
/// column's strings (stored like ids: 8 bytes when short) — up to the last item that has the
/// key; items past that have none. An item without properties costs nothing.
public struct PropsColumns: Hashable, Sendable {
  package struct Column: Hashable, Sendable {
    package enum Tag: UInt8 { case absent, number, numbers, string, bool }
    package var tags: [UInt8] = []
    package var payloads: [UInt64] = []
    package var lists: [Double] = []
    package var strings = IDColumn()

    package var count: Int { tags.count }

    package func value(at item: Int) -> PropertyValue? {
      guard item < tags.count else { return nil }
      let payload = payloads[item]
      switch Tag(rawValue: tags[item]) ?? .absent {
      case .absent: return nil
      case .number: return .number(Double(bitPattern: payload))
      case .bool: return .bool(payload != 0)
      case .string: return .string(strings[Int(payload)])
      case .numbers:
        let start = Int(payload >> 24)
        let length = Int(payload & 0xFF_FFFF)
        return .numbers(Array(lists[start..<start + length]))
      }
    }

    /// Calls `body` with the numbers of a number or list value — a boolean reads as 1 or 0 — and
    /// nil for a string or no value, without an array.
    package func withNumbers<R>(at item: Int, _ body: (UnsafeBufferPointer<Double>?) -> R) -> R {
      guard item < tags.count else { return body(nil) }
      let payload = payloads[item]
      switch Tag(rawValue: tags[item]) ?? .absent {
      case .number, .bool:
        var value = tags[item] == Tag.bool.rawValue ? (payload != 0 ? 1.0 : 0.0) : Double(bitPattern: payload)
        return withUnsafePointer(to: &value) { body(UnsafeBufferPointer(start: $0, count: 1)) }
      case .numbers:
        let start = Int(payload >> 24)
        let length = Int(payload & 0xFF_FFFF)
        return lists.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<start + length])) }
      default: return body(nil)
      }
    }

    /// The string value's UTF-8 bytes, without making a String.
    package func withString<R>(at item: Int, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
      guard item < tags.count, tags[item] == Tag.string.rawValue else { return body(nil) }
      return strings.withUTF8(at: Int(payloads[item])) { body($0) }
    }

    /// Sets item `item`'s value (nil: none), padding with absent entries up to it.
    package mutating func set(_ value: PropertyValue?, at item: Int) {
      if item >= tags.count {
        guard value != nil else { return }
        while tags.count <= item {
          tags.append(Tag.absent.rawValue)
          payloads.append(0)
        }
      }
      switch value {
      case nil:
        tags[item] = Tag.absent.rawValue
        payloads[item] = 0
      case .number(let n):
        tags[item] = Tag.number.rawValue
        payloads[item] = n.bitPattern
      case .bool(let b):
        tags[item] = Tag.bool.rawValue
        payloads[item] = b ? 1 : 0
      case .string(let s):
        tags[item] = Tag.string.rawValue
        payloads[item] = UInt64(strings.count)
        strings.append(s)
      case .numbers(let list):
        precondition(list.count < 1 << 24, "a property list of 16 million numbers")
        tags[item] = Tag.numbers.rawValue
        payloads[item] = UInt64(lists.count) << 24 | UInt64(list.count)
        lists.append(contentsOf: list)
      }
    }

    /// Appends items `range` of `other` after this column's first `base` items.
    package mutating func append(_ other: Column, range: Range<Int>, base: Int) {
      // A column stops at the last item that has the key: the range may start past it.
      let end = min(range.upperBound, other.count)
      guard range.lowerBound < end else { return }
      for item in range.lowerBound..<end where other.tags[item] != Tag.absent.rawValue {
        set(other.value(at: item), at: base + item - range.lowerBound)
      }
    }

    /// Appends every item of `other` after this column's first `base` items, stored values
    /// moved as they are (string and list positions shifted past this column's own).
    package mutating func append(whole other: Column, base: Int) {
      guard other.count > 0 else { return }
      if tags.count < base {
        tags += [UInt8](repeating: Tag.absent.rawValue, count: base - tags.count)
        payloads += [UInt64](repeating: 0, count: base - payloads.count)
      }
      let stringBase = UInt64(strings.count)
      let listBase = UInt64(lists.count)
      tags += other.tags
      payloads.reserveCapacity(payloads.count + other.count)
      for (tag, payload) in zip(other.tags, other.payloads) {
        switch Tag(rawValue: tag) ?? .absent {
        case .string: payloads.append(payload + stringBase)
        case .numbers: payloads.append(payload + listBase << 24)
        default: payloads.append(payload)
        }
      }
      strings.append(contentsOf: other.strings, range: 0..<other.strings.count)
      lists += other.lists
    }

    /// Bytes held (capacity).
    package var storedBytes: Int { tags.capacity + payloads.capacity * 8 + lists.capacity * 8 + strings.storedBytes }
  }

  /// Keys in the order they first appeared, and their columns (`index[key]` is the position).
  package private(set) var keys: [String] = []
  private var columns: [Column] = []
  private var index: [String: Int] = [:]

  /// The position of `key`'s column, made when it has none.
  private mutating func position(_ key: String) -> Int {
    if let position = index[key] { return position }
    keys.append(key)
    columns.append(Column())
    index[key] = columns.count - 1
    return columns.count - 1
  }

  public init() {}

  public var isEmpty: Bool { keys.isEmpty }

  /// Item `item`'s properties as a dictionary (for output and comparisons; hot paths read a
  /// column).
  public func dictionary(at item: Int) -> [String: PropertyValue] {
    var result: [String: PropertyValue] = [:]
    for (position, key) in keys.enumerated() {
      if let value = columns[position].value(at: item) { result[key] = value }
    }
    return result
  }

  /// Whether item `item` here and item `other` of `columns` have the same properties (what
  /// comparing their dictionaries says, without making them).
  package func sameValues(at item: Int, as columns: PropsColumns, at other: Int) -> Bool {
    if isEmpty && columns.isEmpty { return true }
    for (position, key) in keys.enumerated()
    where self.columns[position].value(at: item) != columns.value(key, at: other) {
      return false
    }
    for (position, key) in columns.keys.enumerated() where index[key] == nil {
      if columns.columns[position].value(at: other) != nil { return false }
    }
    return true
  }

  public func value(_ key: String, at item: Int) -> PropertyValue? {
    index[key].flatMap { columns[$0].value(at: item) }
  }

  package func column(_ key: String) -> Column? { index[key].map { columns[$0] } }

  /// Replaces item `item`'s properties with `props`.
  package mutating func set(_ props: [String: PropertyValue], at item: Int) {
    for (position, key) in keys.enumerated() where props[key] == nil && columns[position].count > item {
      columns[position].set(nil, at: item)
    }
    // New keys become columns in sorted order, so the column order does not depend on hashing.
    if props.keys.contains(where: { index[$0] == nil }) {
      for key in props.keys.sorted() { _ = position(key) }
    }
    for (key, value) in props { columns[index[key]!].set(value, at: item) }
  }

  /// Sets one property of item `item`.
  package mutating func set(_ key: String, _ value: PropertyValue, at item: Int) {
    columns[position(key)].set(value, at: item)
  }

  /// Appends items `range` of `other` after this section's first `base` items.
  package mutating func append(_ other: PropsColumns, range: Range<Int>, base: Int) {
    for (otherPosition, key) in other.keys.enumerated() {
      columns[position(key)].append(other.columns[otherPosition], range: range, base: base)
    }
  }

  /// Appends every item of `other` after this section's first `base` items (a loader's second
  /// half).
  package mutating func append(whole other: PropsColumns, base: Int) {
    for (otherPosition, key) in other.keys.enumerated() {
      columns[position(key)].append(whole: other.columns[otherPosition], base: base)
    }
  }

  public var storedBytes: Int { columns.reduce(0) { $0 + $1.storedBytes } }

  public static func == (lhs: PropsColumns, rhs: PropsColumns) -> Bool {
    let count = max(lhs.columns.map(\.count).max() ?? 0, rhs.columns.map(\.count).max() ?? 0)
    return (0..<count).allSatisfy { lhs.dictionary(at: $0) == rhs.dictionary(at: $0) }
  }

  public func hash(into hasher: inout Hasher) {
    // Equal columns may differ in keys that no item has: hash nothing rather than those.
  }
}
