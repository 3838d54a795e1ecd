/// A (section, item) pair, written `S.I`. Ordered section first, as UIKit sorts index paths.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  /// The item of a path that names a whole section (a section update item's paths, section
  /// properties): `Int.max`, as UIKit's NSNotFound; the ABI's `TESSERA_NO_ITEM`.
  public static let noItem = Int.max

  @inlinable public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  @inlinable public init(_ section: Int, _ item: Int) {
    self.section = section
    self.item = item
  }

  @inlinable public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  public var description: String { "\(section).\(item)" }
}
