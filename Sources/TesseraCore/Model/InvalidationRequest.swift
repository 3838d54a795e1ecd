import TesseraABI
import TesseraKit

/// What to invalidate, as the host accumulates it between layout passes. Repeated invalidations
/// merge (docs/uikit-behaviour.md, "Invalidation contexts"): flags add up, index paths are listed
/// once, a later preferred size for the same item replaces the earlier one. The layout sees one
/// merged context at the start of the next pass.
public struct InvalidationRequest: Sendable, Equatable {
  public var flags: UInt32 = 0
  public var items: [IndexPath] = []
  public var supplementaries: [Element.Reference] = []
  public var decorations: [Element.Reference] = []
  public var preferredSizes: [IndexPath: Size] = [:]
  /// In the order given, for a stable context.
  package var preferredOrder: [IndexPath] = []
  public var updateItems: [UpdateItem] = []
  public var contentSizeAdjustment: Size = .zero
  public var contentOffsetAdjustment: Point = .zero

  public init(flags: UInt32 = 0) {
    self.flags = flags
  }

  public static let everything = InvalidationRequest(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING))

  public var invalidatesEverything: Bool { flags & UInt32(TESSERA_INVALIDATE_EVERYTHING) != 0 }

  public mutating func merge(_ other: InvalidationRequest) {
    flags |= other.flags
    for item in other.items where !items.contains(item) { items.append(item) }
    for ref in other.supplementaries where !supplementaries.contains(ref) { supplementaries.append(ref) }
    for ref in other.decorations where !decorations.contains(ref) { decorations.append(ref) }
    for path in other.preferredOrder {
      if preferredSizes[path] == nil { preferredOrder.append(path) }
      preferredSizes[path] = other.preferredSizes[path]
    }
    updateItems += other.updateItems
    contentSizeAdjustment.width += other.contentSizeAdjustment.width
    contentSizeAdjustment.height += other.contentSizeAdjustment.height
    contentOffsetAdjustment.x += other.contentOffsetAdjustment.x
    contentOffsetAdjustment.y += other.contentOffsetAdjustment.y
  }

  public mutating func addPreferredSize(_ size: Size, at path: IndexPath) {
    if preferredSizes[path] == nil { preferredOrder.append(path) }
    preferredSizes[path] = size
  }

  /// For `trace`: `everything`, `dataSourceCounts, items 0.1 0.3, preferred 0.1=40x40`, ...
  public var description: String {
    var parts: [String] = []
    if flags & UInt32(TESSERA_INVALIDATE_EVERYTHING) != 0 { parts.append("everything") }
    if flags & UInt32(TESSERA_INVALIDATE_DATA_SOURCE_COUNTS) != 0 { parts.append("dataSourceCounts") }
    if flags & UInt32(TESSERA_INVALIDATE_BOUNDS) != 0 { parts.append("bounds") }
    if !items.isEmpty { parts.append("items " + items.map(\.description).joined(separator: " ")) }
    if !supplementaries.isEmpty {
      parts.append("supplementaries " + supplementaries.map(\.description).joined(separator: " "))
    }
    if !decorations.isEmpty { parts.append("decorations " + decorations.map(\.description).joined(separator: " ")) }
    if !preferredOrder.isEmpty {
      parts.append(
        "preferred " + preferredOrder.map { "\($0)=\(preferredSizes[$0]!.formatted)" }.joined(separator: " "))
    }
    if !updateItems.isEmpty { parts.append("\(updateItems.count) update item\(updateItems.count == 1 ? "" : "s")") }
    if contentSizeAdjustment != .zero { parts.append("contentSizeAdjustment \(contentSizeAdjustment.formatted)") }
    if contentOffsetAdjustment != .zero {
      parts.append(
        "contentOffsetAdjustment \(formatNumber(contentOffsetAdjustment.x)),\(formatNumber(contentOffsetAdjustment.y))")
    }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }
}

extension Element {
  /// A supplementary or decoration element by kind and index path.
  public struct Reference: Hashable, Sendable, CustomStringConvertible {
    public var kind: String
    public var indexPath: IndexPath

    public init(kind: String, indexPath: IndexPath) {
      self.kind = kind
      self.indexPath = indexPath
    }

    public var description: String { "\(kind) \(indexPath)" }
  }
}
