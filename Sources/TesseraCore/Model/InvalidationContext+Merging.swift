import TesseraABI
import TesseraKit

/// The host's side of an invalidation context (the SDK's `InvalidationContext`, the mirror of
/// `UICollectionViewLayoutInvalidationContext`): the host gathers them between layout passes and
/// merges them (docs/uikit-behaviour.md, "Invalidation contexts"): flags add up, index paths are
/// listed once, a later preferred size for the same item replaces the earlier one in its place.
/// The layout sees one merged context at the start of the next pass.
extension InvalidationContext {
  /// From the ABI's flag bits.
  package init(abiFlags: UInt32) { self.init(flags: Flags(rawValue: abiFlags)) }

  package static let everything = InvalidationContext(flags: .everything)

  package mutating func merge(_ other: InvalidationContext) {
    var index = MergeIndex(self)
    merge(other, index: &index)
  }

  /// What a context names, by value: merging many contexts into one through it costs what they
  /// name, not what the merged one already holds times that (a screen of self-sizing cells, each
  /// naming a thousand elements, took seconds a pass when every name was searched for in a list).
  package struct MergeIndex {
    var items: Set<IndexPath>
    var supplementaries: Set<ElementRef>
    var decorations: Set<ElementRef>
    /// Where each item's preferred size is in `preferredSizes`.
    var preferred: [IndexPath: Int]

    package init(_ context: InvalidationContext) {
      items = Set(context.items)
      supplementaries = Set(context.supplementaries)
      decorations = Set(context.decorations)
      preferred = [:]
      for (position, size) in context.preferredSizes.enumerated() { preferred[size.indexPath] = position }
    }
  }

  /// `merge`, with `index` describing this context (and kept describing it).
  package mutating func merge(_ other: InvalidationContext, index: inout MergeIndex) {
    flags.formUnion(other.flags)
    for item in other.items where index.items.insert(item).inserted { items.append(item) }
    for ref in other.supplementaries where index.supplementaries.insert(ref).inserted { supplementaries.append(ref) }
    for ref in other.decorations where index.decorations.insert(ref).inserted { decorations.append(ref) }
    for preferred in other.preferredSizes {
      if let position = index.preferred[preferred.indexPath] {
        preferredSizes[position].size = preferred.size
      } else {
        index.preferred[preferred.indexPath] = preferredSizes.count
        preferredSizes.append(PreferredSize(indexPath: preferred.indexPath, size: preferred.size))
      }
    }
    updateItems += other.updateItems
    contentSizeAdjustment.width += other.contentSizeAdjustment.width
    contentSizeAdjustment.height += other.contentSizeAdjustment.height
    contentOffsetAdjustment.x += other.contentOffsetAdjustment.x
    contentOffsetAdjustment.y += other.contentOffsetAdjustment.y
  }

  /// A preferred size for `path`: in place of an earlier one for the same item, else at the end.
  package mutating func addPreferredSize(_ size: Size, at path: IndexPath) {
    if let index = preferredSizes.firstIndex(where: { $0.indexPath == path }) {
      preferredSizes[index].size = size
    } else {
      preferredSizes.append(PreferredSize(indexPath: path, size: size))
    }
  }

  /// For `trace` and `invalidate`: `everything`, `dataSourceCounts, items 0.1 0.3, preferred
  /// 0.1=40x40`, ...
  package var summary: String {
    var parts: [String] = []
    if flags.contains(.everything) { parts.append("everything") }
    if flags.contains(.dataSourceCounts) { parts.append("dataSourceCounts") }
    if flags.contains(.bounds) { parts.append("bounds") }
    if !items.isEmpty { parts.append("items " + items.map(\.description).joined(separator: " ")) }
    if !supplementaries.isEmpty {
      parts.append("supplementaries " + supplementaries.map { "\($0.kind) \($0.indexPath)" }.joined(separator: " "))
    }
    if !decorations.isEmpty {
      parts.append("decorations " + decorations.map { "\($0.kind) \($0.indexPath)" }.joined(separator: " "))
    }
    if !preferredSizes.isEmpty {
      parts.append("preferred " + preferredSizes.map { "\($0.indexPath)=\($0.size.formatted)" }.joined(separator: " "))
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
