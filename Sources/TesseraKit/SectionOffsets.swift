import Algorithms

/// Where each section starts in a layout's flat, all-sections array of items, and the way back
/// from a flat index to an index path: what a layout that stores one array of frames needs for
/// its rect queries and item lookups.
public struct SectionOffsets: Sendable {
  /// Index of each section's first item in the flat array.
  public private(set) var starts: [Int] = []
  /// Items in all sections.
  public private(set) var total = 0

  public init() {}

  public mutating func removeAll() {
    starts.removeAll(keepingCapacity: true)
    total = 0
  }

  /// Appends a section of `count` items after the ones so far.
  public mutating func append(count: Int) {
    starts.append(total)
    total += count
  }

  /// The flat index of `indexPath`, or nil when it names no item.
  public func flatIndex(of indexPath: IndexPath) -> Int? {
    guard indexPath.section >= 0, indexPath.section < starts.count, indexPath.item >= 0 else { return nil }
    let end = indexPath.section + 1 < starts.count ? starts[indexPath.section + 1] : total
    let index = starts[indexPath.section] + indexPath.item
    return index < end ? index : nil
  }

  /// The index path of flat index `index` (empty sections share a start with the next one).
  public func indexPath(of index: Int) -> IndexPath {
    // The last section starting at or before `index` holds it: an empty one shares its start
    // with the next, which comes later.
    let s = max(0, starts.partitioningIndex { $0 > index } - 1)
    return IndexPath(s, index - starts[s])
  }
}
