import TesseraKit

/// The tree "schematic" of the AltConf 2015 talk "Beyond the Grid": each section is one depth
/// level drawn as a column of boxes, and a `connector` supplementary view joins every node to its
/// parent (its `parent` prop, an id in the previous section).
///
/// ```
///  [root ]─┬─[child 1 ]──[child 1-1]
///          │            └[child 1-2]
///          ├─[child 2 ]
///          └─[child 3 ]──[child 3-1]
/// ```
///
/// Sizes come from the data source (its `estimated` size first, then `size`, then `nodeSize`); a
/// self-sizing node's preferred size replaces its size — kept by item id, so it survives batch updates — and moves
/// its column and every later one.
public final class SchematicLayout: CollectionLayout {
  public static let connector = ElementKind.supplementary("connector")

  public static let layoutDescription = LayoutDescription(
    name: "schematic",
    summary: "a tree drawn as columns of boxes joined by connector lines (AltConf 2015, Beyond the Grid)",
    options: [
      OptionDescription(
        "nodeSize", .size, default: "100x40", doc: "size of nodes the dataset gives no size", minimum: 0),
      OptionDescription(
        "sectionMargin", .number, default: "20", doc: "space left of the first column and right of the last", minimum: 0
      ),
      OptionDescription(
        "sectionPadding", .number, default: "60", doc: "space between columns (where connectors run)", minimum: 0),
      OptionDescription(
        "itemPadding", .number, default: "40", doc: "space between nodes of a column (half of it above the first)",
        minimum: 0),
    ],
    kinds: [connector],
    customKeys: ["startTop"],
    // A connector is a line from the parent's middle to the child's: down to the right
    // (falling) unless the parent is the lower one (startTop = 1).
    drawings: [
      KindDrawingHint(connector, .line, direction: .falling, flipKey: "startTop"),
      // The talk colours its nodes by type.
      KindDrawingHint(nil, .box, colourProp: "type"),
    ])

  public let collectionView: CollectionView
  var nodeSize = Size(width: 100, height: 40)
  var sectionMargin = 20.0
  var sectionPadding = 60.0
  var itemPadding = 40.0
  /// Preferred sizes of self-sized nodes, by item id (they survive batch updates)…
  var preferred: [String: Size] = [:]
  /// …and by column and node, found again from the ids when the data changes (one id lookup
  /// per preferred size, not an id read per node).
  var preferredAt: [[Int: Size]] = []
  var preferredAtIsStale = true
  /// Preferred sizes reported since the last prepare for columns before `firstDirtyColumn`,
  /// in order: the prepare lays those columns out again from what they keep.
  var pendingSizes: [(section: Int, item: Int, size: Size)] = []
  var columns: [SchematicColumn] = []
  var contentSize = Size.zero
  /// The first column the next prepare must read from the data again.
  var firstDirtyColumn = 0

  var spacing: SchematicColumn.Spacing {
    .init(sectionMargin: sectionMargin, sectionPadding: sectionPadding, itemPadding: itemPadding)
  }

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    nodeSize = options.size("nodeSize", default: nodeSize)
    sectionMargin = options.number("sectionMargin", default: sectionMargin)
    sectionPadding = options.number("sectionPadding", default: sectionPadding)
    itemPadding = options.number("itemPadding", default: itemPadding)
    firstDirtyColumn = 0
    pendingSizes = []
  }

  public var collectionViewContentSize: Size { contentSize }

  public func prepare() throws(LayoutError) {
    if preferredAtIsStale { findPreferredPositions() }
    let sectionCount = collectionView.numberOfSections
    var result = Array(columns.prefix(min(firstDirtyColumn, sectionCount)))
    relayOutResized(&result)
    layOut(appendingTo: &result, upTo: sectionCount)
    columns = result
    if let last = columns.last {
      contentSize = Size(width: last.x + last.width + sectionMargin, height: columns.map(\.height).max() ?? 0)
    } else {
      contentSize = .zero
    }
    firstDirtyColumn = Int.max
    pendingSizes = []
  }

  /// Lays the kept columns out again where a preferred size changed one of them or the column
  /// before moved (`laidOutAgain`).
  func relayOutResized(_ result: inout [SchematicColumn]) {
    var changes: [Int: [(item: Int, size: Size)]] = [:]
    for pending in pendingSizes where pending.section < result.count && pending.item < result[pending.section].count {
      changes[pending.section, default: []].append((pending.item, pending.size))
    }
    result = laidOutAgain(result, changing: changes)
  }

  /// `columns` laid out again from the sizes and parents they keep, with `changes` (by column,
  /// nodes' new sizes in order): a column is laid out again when one of its nodes changed or the
  /// column before it moved. No data read, and the same arithmetic as from the data, so the same
  /// columns a fresh prepare gives.
  func laidOutAgain(_ columns: [SchematicColumn], changing changes: [Int: [(item: Int, size: Size)]])
    -> [SchematicColumn]
  {
    guard let first = changes.keys.min() else { return columns }
    var result = columns
    var previousMoved = false
    for s in first..<result.count {
      let changed = changes[s]
      guard previousMoved || changed != nil else { continue }
      var sizes = result[s].sizes
      for change in changed ?? [] { sizes[change.item] = change.size }
      let column = SchematicColumn(
        sizes: sizes, parents: result[s].parents, after: s > 0 ? result[s - 1] : nil, spacing: spacing)
      previousMoved = !column.hasSameFrames(as: result[s])
      result[s] = column
    }
    return result
  }

  /// Lays out the columns after `result`'s from the data: one bulk read of sizes and of
  /// parents (`reference_bulk`) per column; preferred sizes by position, and `extra` (a size
  /// being asked about) over them.
  func layOut(
    appendingTo result: inout [SchematicColumn], upTo sectionCount: Int,
    extra: (section: Int, item: Int, size: Size)? = nil
  ) {
    while result.count < sectionCount {
      let s = result.count
      let count = collectionView.numberOfItems(inSection: s)
      var sizes = [Size](repeating: nodeSize, count: count)
      collectionView.forEachItemSize(inSection: s, defaultSize: nodeSize, estimatesFirst: true) { index, size in
        if index < count { sizes[index] = size }
      }
      if s < preferredAt.count {
        for (item, size) in preferredAt[s] where item < count { sizes[item] = size }
      }
      if let extra, extra.section == s, extra.item < count { sizes[extra.item] = extra.size }
      let parents = s > 0 ? readParents(section: s, count: count, parentCount: result[s - 1].count) : []
      result.append(
        SchematicColumn(
          sizes: sizes, parents: s > 0 ? parents : [Int32](repeating: -1, count: count),
          after: s > 0 ? result[s - 1] : nil, spacing: spacing))
    }
  }

  /// Each node's parent: its index in the previous column, or -1.
  func readParents(section s: Int, count: Int, parentCount: Int) -> [Int32] {
    var parents = [Int32](repeating: -1, count: count)
    let chunk = 4096
    withUnsafeTemporaryAllocation(of: IndexPath?.self, capacity: chunk) { buffer in
      var start = 0
      while start < count {
        let got = collectionView.references(
          "parent", section: s, from: start, count: min(chunk, count - start), into: buffer.baseAddress!)
        guard got > 0 else { break }
        for k in 0..<got {
          if let path = buffer[k], path.section == s - 1, path.item < parentCount {
            parents[start + k] = Int32(path.item)
          }
        }
        start += got
      }
    }
    return parents
  }

  /// The positions of the preferred sizes kept by id, after the data changed.
  func findPreferredPositions() {
    preferredAtIsStale = false
    let sectionCount = collectionView.numberOfSections
    preferredAt = [[Int: Size]](repeating: [:], count: preferred.isEmpty ? 0 : sectionCount)
    for (id, size) in preferred {
      guard let path = collectionView.indexPath(forItemID: id), path.section < sectionCount else { continue }
      preferredAt[path.section][path.item] = size
    }
  }

  /// The connector into node `item` of column `s`: from its parent's right edge to its left
  /// edge, spanning the two mid-y values; `startTop` is 1 when the parent's mid y is the lower.
  func connector(_ s: Int, _ item: Int) -> LayoutAttributes? {
    Self.connector(s, item, in: columns)
  }

  static func connector(_ s: Int, _ item: Int, in columns: [SchematicColumn]) -> LayoutAttributes? {
    guard s > 0 else { return nil }
    let parentIndex = Int(columns[s].parents[item])
    guard parentIndex >= 0 else { return nil }
    return connector(IndexPath(s, item), parent: columns[s - 1].frame(parentIndex), child: columns[s].frame(item))
  }

  static func connector(_ indexPath: IndexPath, parent: Rect, child: Rect) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      kind: Self.connector, indexPath: indexPath,
      frame: Rect(
        x: parent.maxX, y: min(parent.midY, child.midY), width: child.minX - parent.maxX,
        height: abs(parent.midY - child.midY)))
    attributes.custom[0] = parent.midY > child.midY ? 1 : 0
    return attributes
  }
}
