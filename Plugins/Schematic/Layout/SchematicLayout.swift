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
    drawings: [KindDrawingHint(connector, .line, direction: .falling, flipKey: "startTop")])

  public let collectionView: CollectionView
  var nodeSize = Size(width: 100, height: 40)
  var sectionMargin = 20.0
  var sectionPadding = 60.0
  var itemPadding = 40.0
  /// Preferred sizes of self-sized nodes, by item id.
  var preferred: [String: Size] = [:]
  var columns: [Column] = []
  var contentSize = Size.zero
  /// The first column the next prepare must lay out again.
  var firstDirtyColumn = 0

  struct Column {
    var x: Double
    var width: Double
    var height: Double
    var ids: [String]
    var frames: [Rect]
    /// Per node: the index of its parent in the previous column, if it has one.
    var parents: [Int?]
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
  }

  public var collectionViewContentSize: Size { contentSize }

  public func prepare() throws(LayoutError) {
    columns = layOut(from: min(firstDirtyColumn, columns.count), preferred: preferred)
    if let last = columns.last {
      contentSize = Size(width: last.x + last.width + sectionMargin, height: columns.map(\.height).max() ?? 0)
    } else {
      contentSize = .zero
    }
    firstDirtyColumn = Int.max
  }

  /// The columns, keeping the current ones before `first` and laying out the rest with the
  /// given preferred sizes. Pure, so an invalidation context can compare before and after.
  func layOut(from first: Int, preferred: [String: Size]) -> [Column] {
    let sectionCount = collectionView.numberOfSections
    var result = Array(columns.prefix(min(first, sectionCount)))
    for s in result.count..<sectionCount {
      let count = collectionView.numberOfItems(inSection: s)
      let ids = (0..<count).map { collectionView.string("id", section: s, item: $0) ?? "" }
      var sizes = [Size](repeating: nodeSize, count: count)
      collectionView.forEachItemSize(inSection: s, defaultSize: nodeSize, estimatesFirst: true) { index, size in
        if index < count { sizes[index] = preferred[ids[index]] ?? size }
      }
      let width = sizes.map(\.width).max() ?? 0
      let x = s == 0 ? sectionMargin : result[s - 1].x + result[s - 1].width + sectionPadding
      var frames: [Rect] = []
      var y = itemPadding / 2
      for size in sizes {
        frames.append(Rect(x: x + (width - size.width) / 2, y: y, width: size.width, height: size.height))
        y += size.height + itemPadding
      }
      var parents: [Int?] = Array(repeating: nil, count: count)
      if s > 0 {
        var previous: [String: Int] = [:]
        for (index, id) in result[s - 1].ids.enumerated() { previous[id] = index }
        for item in 0..<count {
          parents[item] = collectionView.string("parent", section: s, item: item).flatMap { previous[$0] }
        }
      }
      result.append(Column(x: x, width: width, height: y - itemPadding / 2, ids: ids, frames: frames, parents: parents))
    }
    return result
  }

  /// The connector into node `item` of column `s`: from its parent's right edge to its left
  /// edge, spanning the two mid-y values; `startTop` is 1 when the parent's mid y is the lower.
  func connector(_ s: Int, _ item: Int) -> LayoutAttributes? {
    Self.connector(s, item, in: columns)
  }

  static func connector(_ s: Int, _ item: Int, in columns: [Column]) -> LayoutAttributes? {
    guard s > 0, let parentIndex = columns[s].parents[item] else { return nil }
    let parent = columns[s - 1].frames[parentIndex]
    let child = columns[s].frames[item]
    var attributes = LayoutAttributes(
      kind: Self.connector, indexPath: IndexPath(s, item),
      frame: Rect(
        x: parent.maxX, y: min(parent.midY, child.midY), width: child.minX - parent.maxX,
        height: abs(parent.midY - child.midY)))
    attributes.custom[0] = parent.midY > child.midY ? 1 : 0
    return attributes
  }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    for (s, column) in columns.enumerated() {
      // Connectors into this column run between the previous column's right edge and this one.
      let start = s > 0 ? columns[s - 1].x : column.x
      guard start < rect.maxX, column.x + column.width > rect.minX else { continue }
      for (item, frame) in column.frames.enumerated() {
        if frame.intersects(rect) { sink.append(LayoutAttributes(indexPath: IndexPath(s, item), frame: frame)) }
        if let line = connector(s, item), line.frame.intersects(rect) { sink.append(line) }
      }
    }
  }

  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    for (s, column) in columns.enumerated() {
      for (item, frame) in column.frames.enumerated() {
        sink.append(LayoutAttributes(indexPath: IndexPath(s, item), frame: frame))
        if let line = connector(s, item) { sink.append(line) }
      }
    }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard columns.indices.contains(indexPath.section),
      columns[indexPath.section].frames.indices.contains(indexPath.item)
    else { return nil }
    return LayoutAttributes(indexPath: indexPath, frame: columns[indexPath.section].frames[indexPath.item])
  }

  public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == Self.connector, columns.indices.contains(indexPath.section),
      columns[indexPath.section].frames.indices.contains(indexPath.item)
    else { return nil }
    return connector(indexPath.section, indexPath.item)
  }
}
