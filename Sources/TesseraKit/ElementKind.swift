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
/// The name is a `StaticString` so that attributes stay plain data: a rect query copies them
/// without reference counting.
public struct ElementKind: Hashable, Sendable, CustomStringConvertible {
  public let category: ElementCategory
  public let name: StaticString

  public init(_ category: ElementCategory, _ name: StaticString) {
    self.category = category
    self.name = name
  }

  public static func supplementary(_ name: StaticString) -> ElementKind {
    ElementKind(.supplementary, name)
  }

  public static func decoration(_ name: StaticString) -> ElementKind {
    ElementKind(.decoration, name)
  }

  public var description: String { name.description }

  @inlinable public static func == (lhs: ElementKind, rhs: ElementKind) -> Bool {
    lhs.category == rhs.category
      && (lhs.name.utf8Start == rhs.name.utf8Start
        || lhs.name.description == rhs.name.description)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(category)
    hasher.combine(name.description)
  }
}
