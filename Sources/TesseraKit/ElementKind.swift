import Synchronization

/// What an element is: a cell, or a supplementary or decoration view.
public enum ElementCategory: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  case cell = 0
  case supplementary = 1
  case decoration = 2

  public var description: String {
    switch self {
    case .cell: "cell"
    case .supplementary: "supplementary"
    case .decoration: "decoration"
    }
  }
}

/// A kind of supplementary or decoration element a layout produces, like UIKit's
/// `elementKindSectionHeader`. Declare each as a static constant and list it in the layout's
/// description; the adapter turns it into the ABI's kind index.
///
/// The name is a `KindName`, a pointer to text that lives as long as the process (a string
/// literal, or a name interned once), so attributes stay plain data: a rect query copies them
/// without reference counting.
public struct ElementKind: Hashable, Sendable, CustomStringConvertible {
  public let category: ElementCategory
  public let name: KindName

  public init(_ category: ElementCategory, _ name: StaticString) {
    self.category = category
    self.name = KindName(name)
  }

  /// A kind whose name is only known at run time (a UIKit layout's `String` kinds): the name is
  /// interned, so the same text always gives the same pointer.
  public init(_ category: ElementCategory, named name: String) {
    self.category = category
    self.name = KindName(interning: name)
  }

  public static func supplementary(_ name: StaticString) -> ElementKind {
    ElementKind(.supplementary, name)
  }

  public static func decoration(_ name: StaticString) -> ElementKind {
    ElementKind(.decoration, name)
  }

  public var description: String { name.description }

  @inlinable public static func == (lhs: ElementKind, rhs: ElementKind) -> Bool {
    lhs.category == rhs.category && lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(category)
    hasher.combine(name)
  }
}

/// The UTF-8 text of a kind's name, in memory that lives as long as the process: a string
/// literal's, or a copy made once per distinct name by `init(interning:)`. Compares by text.
public struct KindName: Hashable, @unchecked Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  public let utf8Start: UnsafePointer<UInt8>
  public let utf8CodeUnitCount: Int

  public init(_ literal: StaticString) {
    precondition(literal.hasPointerRepresentation, "a kind name is text, not a single scalar")
    utf8Start = literal.utf8Start
    utf8CodeUnitCount = literal.utf8CodeUnitCount
  }

  public init(stringLiteral value: StaticString) {
    self.init(value)
  }

  /// The interned copy of `name`: made on the first call for a text, shared by every later one.
  public init(interning name: String) {
    let (start, count) = internedNames.withLock { table -> (UInt, Int) in
      if let found = table[name] { return found }
      let bytes = Array(name.utf8)
      let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
      copy.initialize(from: bytes, count: bytes.count)
      let entry = (UInt(bitPattern: copy), bytes.count)
      table[name] = entry
      return entry
    }
    utf8Start = UnsafePointer(bitPattern: start)!
    utf8CodeUnitCount = count
  }

  public var utf8: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }

  public var description: String { String(decoding: utf8, as: UTF8.self) }

  @inlinable public static func == (lhs: KindName, rhs: KindName) -> Bool {
    if lhs.utf8Start == rhs.utf8Start && lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount { return true }
    return lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount
      && lhs.utf8.elementsEqual(rhs.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
  }
}

/// Interned kind names (text → start address, length): one entry per distinct name a process
/// ever uses, which its layouts' code fixes, never its data.
private let internedNames = Mutex<[String: (UInt, Int)]>([:])
