import Algorithms
import HeapModule
import TesseraABI
import TesseraKit

/// The Pinterest waterfall (after CHTCollectionViewWaterfallLayout): items fill columns, each in
/// the shortest column (or in a fixed order), keeping their aspect ratio.
///
/// ```
///  |[header           ]|
///  |[0.0 ][0.1 ][0.2 ]|
///  |[    ][0.4 ][    ]|
///  |[0.3 ][    ][0.5 ]|
///  |[    ][0.6 ][    ]|
/// ```
///
/// Cells carry a custom value `column`, so a report of what changed shows items that moved to
/// another column.
public final class WaterfallLayout: CollectionLayout {
  public static let header = ElementKind.supplementary("header")
  public static let footer = ElementKind.supplementary("footer")

  public static let layoutDescription = LayoutDescription(
    name: "waterfall",
    summary: "Pinterest-style columns, each item in the shortest one (after CHTCollectionViewWaterfallLayout)",
    options: [
      OptionDescription("columnCount", .integer, default: "2", doc: "number of columns", minimum: 1, maximum: 1000),
      OptionDescription("minimumColumnSpacing", .number, default: "10", doc: "space between columns", minimum: 0),
      OptionDescription(
        "minimumInteritemSpacing", .number, default: "10", doc: "space between items of a column", minimum: 0),
      OptionDescription(
        "sectionInset", .insets, default: "0,0,0,0", doc: "top,left,bottom,right around each section's columns"),
      OptionDescription(
        "headerHeight", .number, default: "0", doc: "header height when the section gives none", minimum: 0),
      OptionDescription(
        "footerHeight", .number, default: "0", doc: "footer height when the section gives none", minimum: 0),
      OptionDescription(
        "itemRenderDirection", .choice(["shortestFirst", "leftToRight", "rightToLeft"]), default: "shortestFirst",
        doc: "which column the next item takes"),
    ],
    kinds: [header, footer], customKeys: ["column"])

  struct Section {
    var itemBase: Int
    var itemCount: Int
    var header: Rect?
    var footer: Rect?
    /// Where its header, items and footer reach. An empty section closes above its start (CHT's
    /// rule) and negative insets move items out of line, so sections may overlap: the rect query
    /// reads these made monotone (`reachBelow`, `reachAbove`).
    var minY: Double
    var maxY: Double
    /// The top the next section starts from.
    var end: Double
  }

  public let collectionView: CollectionView
  var columnCount = 2
  var columnSpacing = 10.0
  var itemSpacing = 10.0
  var inset = EdgeInsets.zero
  var headerHeight = 0.0
  var footerHeight = 0.0
  var direction = "shortestFirst"
  var frames: [Rect] = []
  var columns: [Int32] = []
  var sections: [Section] = []
  /// Per section and column, its items in order (so sorted along y): a rect query binary
  /// searches each column.
  var columnItems: [[[Int32]]] = []
  var contentHeight = 0.0
  /// Per section, the least `minY` of it and every later section, and the greatest `maxY` of it and
  /// every earlier one: both monotone, so a rect query binary-searches them.
  var reachAbove: [Double] = []
  var reachBelow: [Double] = []
  /// Preferred sizes of self-sizing items, by item id; the first section to lay out again.
  var preferred: [String: Size] = [:]
  var firstDirtySection = 0

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    columnCount = options.integer("columnCount", default: columnCount)
    columnSpacing = options.number("minimumColumnSpacing", default: columnSpacing)
    itemSpacing = options.number("minimumInteritemSpacing", default: itemSpacing)
    inset = options.insets("sectionInset", default: inset)
    headerHeight = options.number("headerHeight", default: headerHeight)
    footerHeight = options.number("footerHeight", default: footerHeight)
    direction = options.choice("itemRenderDirection", default: direction)
    firstDirtySection = 0
  }

  public var collectionViewContentSize: Size {
    Size(width: collectionView.bounds.width, height: contentHeight)
  }

  /// The column width, floored to the screen's pixels when there is a screen scale, as
  /// CHTCollectionViewWaterfallLayout floors it (`CHTFloorCGFloat`).
  var columnWidth: Double {
    let width = collectionView.bounds.width - inset.left - inset.right - Double(columnCount - 1) * columnSpacing
    return Self.floored(width / Double(columnCount), to: collectionView.screenScale)
  }

  /// `value` floored to the pixels of `scale` (`floor(v × scale) / scale`); as it is without one.
  static func floored(_ value: Double, to scale: Double?) -> Double {
    guard let scale else { return value }
    return (value * scale).rounded(.down) / scale
  }

  /// A new viewport size lays the items out again; scrolling does not. (Without this, the SDK's
  /// default is UIKit's base class, which never invalidates for a bounds change.)
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != collectionView.bounds.size
  }

  public func prepare() throws(LayoutError) {
    let width = collectionView.bounds.width
    let columnWidth = self.columnWidth
    let scale = collectionView.screenScale
    let sectionCount = collectionView.numberOfSections
    let kept = min(firstDirtySection, self.sections.count, sectionCount)
    let keptItems = kept > 0 ? self.sections[kept - 1].itemBase + self.sections[kept - 1].itemCount : 0
    // Built in locals and stored once: appending to a class's properties in the loop would pay a
    // dynamic exclusivity check per item.
    var sections = self.sections
    var columnItems = self.columnItems
    var frames = self.frames
    var columns = self.columns
    (self.sections, self.columnItems, self.frames, self.columns) = ([], [], [], [])
    defer { (self.sections, self.columnItems, self.frames, self.columns) = (sections, columnItems, frames, columns) }
    sections.removeSubrange(kept...)
    columnItems.removeSubrange(kept...)
    frames.removeSubrange(keptItems...)
    columns.removeSubrange(keptItems...)
    let (columnCount, columnSpacing, itemSpacing, inset, direction, preferred) = (
      self.columnCount, self.columnSpacing, self.itemSpacing, self.inset, self.direction, self.preferred
    )
    var top = kept > 0 ? sections[kept - 1].end : 0
    let chunk = UnsafeMutableBufferPointer<Size>.allocate(capacity: 512)
    let scratch = UnsafeMutableBufferPointer<tessera_item_metrics>.allocate(capacity: 512)
    defer {
      chunk.deallocate()
      scratch.deallocate()
    }
    for s in kept..<sectionCount {
      let sectionTop = top
      let count = collectionView.numberOfItems(inSection: s)
      let headerH = collectionView.sectionSize("header", section: s)?.height ?? headerHeight
      let header = headerH > 0 ? Rect(x: 0, y: top, width: width, height: headerH) : nil
      top += max(0, headerH) + inset.top
      let itemsTop = top  // a negative inset may put it above the section's start
      var heights = [Double](repeating: top, count: columnCount)
      // The shortest column (the first of equals) in O(log columns) per item.
      let usesHeap = direction != "leftToRight" && direction != "rightToLeft"
      var shortestColumns =
        usesHeap ? Heap((0..<columnCount).map { ColumnHeight(height: top, column: Int32($0)) }) : Heap()
      var lists = [[Int32]](repeating: [], count: columnCount)
      let itemBase = frames.count
      frames.reserveCapacity(itemBase + count)
      columns.reserveCapacity(itemBase + count)
      let ids = preferred.isEmpty ? [] : (0..<count).map { collectionView.string("id", section: s, item: $0) ?? "" }
      var index = 0
      while index < count {
        // A negative width marks an item the dataset gives no size.
        let got = collectionView.itemSizes(
          inSection: s, from: index, defaultSize: Size(width: -1, height: -1), into: chunk, scratch: scratch)
        guard got > 0 else { break }
        for offset in 0..<got {
          let k = index + offset
          let size = ids.isEmpty ? chunk[offset] : preferred[ids[k]] ?? chunk[offset]
          var height: Double
          if size.width > 0 {
            height = size.height * columnWidth / size.width
          } else if let aspect = collectionView.numbers("aspect", section: s, item: k)?.first, aspect > 0 {
            height = columnWidth / aspect
          } else {
            height = size.width == 0 ? 0 : columnWidth  // no size, no aspect: square
          }
          if scale != nil { height = Self.floored(height, to: scale) }
          let column: Int
          switch direction {
          case "leftToRight": column = k % columnCount
          case "rightToLeft": column = columnCount - 1 - k % columnCount
          default: column = Int(shortestColumns.removeMin().column)
          }
          let x = inset.left + Double(column) * (columnWidth + columnSpacing)
          lists[column].append(Int32(frames.count - itemBase))
          frames.append(Rect(x: x, y: heights[column], width: columnWidth, height: height))
          columns.append(Int32(column))
          heights[column] += height + itemSpacing
          if usesHeap { shortestColumns.insert(ColumnHeight(height: heights[column], column: Int32(column))) }
        }
        index += got
      }
      // CHT: the tallest column less one interitem spacing — the one after its last item, or, in
      // a section with no items, one spacing above where the items would have started (CHT's
      // guard counts columns, not items) — then the bottom inset. Never above the content's top.
      let itemsBottom = count > 0 ? (heights.max() ?? top) - itemSpacing : itemsTop
      top = max(0, (heights.max() ?? top) - itemSpacing + inset.bottom)
      let footerH = collectionView.sectionSize("footer", section: s)?.height ?? footerHeight
      let footer = footerH > 0 ? Rect(x: 0, y: top, width: width, height: footerH) : nil
      top += max(0, footerH)
      sections.append(
        Section(
          itemBase: itemBase, itemCount: frames.count - itemBase, header: header, footer: footer,
          minY: min(sectionTop, itemsTop, footer?.minY ?? sectionTop),
          maxY: max(top, header?.maxY ?? top, itemsBottom), end: top))
      columnItems.append(lists)
    }
    reachAbove = sections.map(\.minY)
    for k in reachAbove.indices.reversed().dropFirst() { reachAbove[k] = min(reachAbove[k], reachAbove[k + 1]) }
    reachBelow = sections.map(\.maxY)
    for k in reachBelow.indices.dropFirst() { reachBelow[k] = max(reachBelow[k], reachBelow[k - 1]) }
    contentHeight = top
    firstDirtySection = Int.max
  }

  /// A column's height, ordered by height and then by column: the heap's minimum is the first
  /// of the shortest columns.
  struct ColumnHeight: Comparable {
    var height: Double
    var column: Int32
    static func < (a: ColumnHeight, b: ColumnHeight) -> Bool {
      a.height < b.height || (a.height == b.height && a.column < b.column)
    }
  }

  func cell(_ s: Int, _ index: Int) -> LayoutAttributes {
    var attributes = LayoutAttributes(indexPath: IndexPath(s, index - sections[s].itemBase), frame: frames[index])
    attributes.custom[0] = Double(columns[index])
    return attributes
  }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    var s = reachBelow.partitioningIndex { $0 >= rect.minY }
    while s < sections.count, reachAbove[s] <= rect.maxY {
      let section = sections[s]
      if let header = section.header, header.intersects(rect) {
        sink.append(LayoutAttributes(kind: Self.header, indexPath: IndexPath(s, 0), frame: header, zIndex: 10))
      }
      // Each column's items run down in order: binary search the first that ends below the
      // rect's top, then walk while they start above its bottom.
      for list in columnItems[s] {
        var i = list.partitioningIndex { frames[section.itemBase + Int($0)].maxY >= rect.minY }
        while i < list.count {
          let index = section.itemBase + Int(list[i])
          if frames[index].minY > rect.maxY { break }
          if frames[index].intersects(rect) { sink.append(cell(s, index)) }
          i += 1
        }
      }
      if let footer = section.footer, footer.intersects(rect) {
        sink.append(LayoutAttributes(kind: Self.footer, indexPath: IndexPath(s, 0), frame: footer, zIndex: 10))
      }
      s += 1
    }
  }

  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    for (s, section) in sections.enumerated() {
      if let header = section.header {
        sink.append(LayoutAttributes(kind: Self.header, indexPath: IndexPath(s, 0), frame: header, zIndex: 10))
      }
      for index in section.itemBase..<(section.itemBase + section.itemCount) { sink.append(cell(s, index)) }
      if let footer = section.footer {
        sink.append(LayoutAttributes(kind: Self.footer, indexPath: IndexPath(s, 0), frame: footer, zIndex: 10))
      }
    }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section), indexPath.item >= 0,
      indexPath.item < sections[indexPath.section].itemCount
    else { return nil }
    return cell(indexPath.section, sections[indexPath.section].itemBase + indexPath.item)
  }

  public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
    let frame = kind == Self.header ? sections[indexPath.section].header : sections[indexPath.section].footer
    return frame.map { LayoutAttributes(kind: kind, indexPath: indexPath, frame: $0, zIndex: 10) }
  }

  /// A late height change moves only the items after it in its section (and the sections
  /// after); with shortestFirst they may change column.
  public func invalidateLayout(with context: InvalidationContext) {
    var first = 0
    if !context.invalidatesEverything && !context.invalidatesDataSourceCounts && !context.flags.contains(.bounds) {
      first = context.preferredSizes.map(\.indexPath.section).min() ?? Int.max
    }
    for p in context.preferredSizes where sections.indices.contains(p.indexPath.section) {
      if let id = collectionView.string("id", section: p.indexPath.section, item: p.indexPath.item) {
        preferred[id] = p.size
      }
    }
    firstDirtySection = min(firstDirtySection, first)
  }

  /// The column width is fixed: a preferred size matters when its aspect differs.
  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    preferred.frame.size != original.frame.size
  }
}
