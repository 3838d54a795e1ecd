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
    /// Where its items start (below the header and the top inset): a column with none of the
    /// items before a late change is this high.
    var itemsTop: Double
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
  /// Preferred sizes of self-sizing items, by item id (they follow their items through batch
  /// updates), and the same by position while the data does not change: per item across
  /// sections, its preferred size or a negative width for none (empty while there is none).
  var preferred: [String: Size] = [:]
  var preferredAt: [Size] = []
  /// The positions must be found again from the ids (the data changed).
  var preferredAtIsStale = true
  /// The first section to lay out again, and in it the first item: a preferred size re-places
  /// only the items from the first that changed, not its whole section.
  var firstDirtySection = 0
  var firstDirtyItem = 0
  /// Per section, the last item with a preferred size (by position).
  var lastPreferred: [Int: Int] = [:]
  /// Per section, where the run of items of one size (a positive width) that ends the section
  /// starts, and that size (from the last placement of the whole section; `Int.max`: unknown).
  var uniformFrom: [Int] = []
  var uniformSize: [Size] = []
  /// The last section's items not placed yet, after a late size change (`placeTail`).
  var tail: Tail?

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
    firstDirtyItem = 0
  }

  public var collectionViewContentSize: Size {
    Size(width: collectionView.bounds.width, height: contentHeight)
  }

  /// The column width, floored to the screen's pixels when there is a screen scale, as
  /// CHTCollectionViewWaterfallLayout floors it (`CHTFloorCGFloat`); never below 0: a view
  /// narrower than its insets and spacing has columns of no width (CHT's would be negative,
  /// which no frame can be), its items stacked as lines.
  var columnWidth: Double {
    let width = collectionView.bounds.width - inset.left - inset.right - Double(columnCount - 1) * columnSpacing
    return max(0, Self.floored(width / Double(columnCount), to: collectionView.screenScale))
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
    // A late size change in section `kept`: its items before the first changed one stay (and
    // those not placed yet count as changed).
    var placedInKept = kept < self.sections.count ? self.sections[kept].itemCount : 0
    if let tail, tail.section == kept { placedInKept = tail.next }
    let resumed =
      kept < self.sections.count && firstDirtyItem > 0 && firstDirtyItem < self.sections[kept].itemCount
      ? self.sections[kept] : nil
    let resumeItem = resumed == nil ? 0 : min(firstDirtyItem, placedInKept)
    // Resumed in the last section, frames are written in place: the items left of one height
    // stay unplaced (a tail).
    let inPlace = resumed != nil && kept == sectionCount - 1
    if let tail, tail.section >= kept { self.tail = nil }
    let keptItems =
      resumed.map { $0.itemBase + resumeItem }
      ?? (kept > 0 ? self.sections[kept - 1].itemBase + self.sections[kept - 1].itemCount : 0)
    if preferredAtIsStale { findPreferredPositions(sectionCount: sectionCount) }
    if uniformFrom.count != sectionCount {
      uniformFrom = [Int](repeating: Int.max, count: sectionCount)
      uniformSize = [Size](repeating: Size(width: -1, height: -1), count: sectionCount)
    }
    // Built in locals and stored once: appending to a class's properties in the loop would pay a
    // dynamic exclusivity check per item.
    var sections = self.sections
    var columnItems = self.columnItems
    var frames = self.frames
    var columns = self.columns
    var uniformFrom = self.uniformFrom
    var uniformSize = self.uniformSize
    var resumedLists = resumed.map { _ in columnItems[kept] }
    (self.sections, self.columnItems, self.frames, self.columns) = ([], [], [], [])
    defer {
      (self.sections, self.columnItems, self.frames, self.columns) = (sections, columnItems, frames, columns)
      (self.uniformFrom, self.uniformSize) = (uniformFrom, uniformSize)
    }
    sections.removeSubrange(kept...)
    columnItems.removeSubrange(kept...)
    if !inPlace {
      frames.removeSubrange(keptItems...)
      columns.removeSubrange(keptItems...)
    }
    let (columnCount, columnSpacing, itemSpacing, inset, direction, preferredAt) = (
      self.columnCount, self.columnSpacing, self.itemSpacing, self.inset, self.direction, self.preferredAt
    )
    var top = kept > 0 ? sections[kept - 1].end : 0
    let chunk = UnsafeMutableBufferPointer<Size>.allocate(capacity: 512)
    let scratch = UnsafeMutableBufferPointer<tessera_item_metrics>.allocate(capacity: 512)
    defer {
      chunk.deallocate()
      scratch.deallocate()
    }
    for s in kept..<sectionCount {
      let count = collectionView.numberOfItems(inSection: s)
      let sectionTop: Double
      let header: Rect?
      let itemsTop: Double
      var lists: [[Int32]]
      let itemBase: Int
      var index: Int
      var placer: ColumnPlacer
      if let resumed, s == kept, let oldLists = resumedLists.take() {
        // Each column as high as after its last item before the change (the same additions
        // as placing them made), its list cut there (in place: the lists are held once).
        (sectionTop, header, itemsTop, itemBase, index) =
          (top, resumed.header, resumed.itemsTop, resumed.itemBase, resumeItem)
        lists = oldLists
        for column in lists.indices {
          lists[column].removeSubrange(lists[column].partitioningIndex { Int($0) >= resumeItem }...)
        }
        let heights = lists.map { list in
          guard let last = list.last else { return resumed.itemsTop }
          let frame = frames[resumed.itemBase + Int(last)]
          return frame.origin.y + (frame.size.height + itemSpacing)
        }
        placer = ColumnPlacer(heights: heights, direction: direction, spacing: itemSpacing)
        top = resumed.itemsTop
      } else {
        sectionTop = top
        let headerH = collectionView.sectionSize("header", section: s)?.height ?? headerHeight
        header = headerH > 0 ? Rect(x: 0, y: top, width: width, height: headerH) : nil
        top += max(0, headerH) + inset.top
        itemsTop = top  // a negative inset may put it above the section's start
        placer = ColumnPlacer(
          heights: [Double](repeating: top, count: columnCount), direction: direction, spacing: itemSpacing)
        lists = [[Int32]](repeating: [], count: columnCount)
        itemBase = frames.count
        index = 0
      }
      // Where the items of one size (and no preferred size) run to the section's end: found by
      // a full placement, used by a resumed one.
      let tailFrom =
        inPlace && s == kept && uniformSize[s].width > 0 ? max(uniformFrom[s], (lastPreferred[s] ?? -1) + 1) : count
      let fromStart = resumed == nil || s != kept
      var run = (start: 0, size: Size(width: -1, height: -1))
      if !inPlace {
        frames.reserveCapacity(itemBase + count)
        columns.reserveCapacity(itemBase + count)
      }
      while index < min(count, tailFrom) {
        // A negative width marks an item the dataset gives no size.
        let got = collectionView.itemSizes(
          inSection: s, from: index, defaultSize: Size(width: -1, height: -1), estimatesFirst: true, into: chunk,
          scratch: scratch)
        guard got > 0 else { break }
        for offset in 0..<min(got, tailFrom - index) {
          let k = index + offset
          var size = chunk[offset]
          if fromStart && (k == 0 || size != run.size) { run = (k, size) }
          if !preferredAt.isEmpty, preferredAt[itemBase + k].width >= 0 { size = preferredAt[itemBase + k] }
          let height = itemHeight(size, section: s, item: k, columnWidth: columnWidth, scale: scale)
          let column = placer.column(for: k)
          let frame = Rect(
            x: inset.left + Double(column) * (columnWidth + columnSpacing), y: placer.heights[column],
            width: columnWidth, height: height)
          lists[column].append(Int32(k))
          if inPlace {
            frames[itemBase + k] = frame
            columns[itemBase + k] = Int32(column)
          } else {
            frames.append(frame)
            columns.append(Int32(column))
          }
          placer.add(height, to: column)
        }
        index += got
      }
      if fromStart {
        uniformFrom[s] = run.size.width > 0 ? run.start : count
        uniformSize[s] = run.size
      }
      var heights = placer.heights
      if tailFrom < count {
        // The rest share one height: the section's end comes from running the columns on.
        let height = itemHeight(uniformSize[s], section: s, item: tailFrom, columnWidth: columnWidth, scale: scale)
        var ahead = placer
        ahead.run(tailFrom..<count, height: height)
        heights = ahead.heights
        tail = Tail(
          section: s, next: tailFrom, placer: placer, height: height, columnWidth: columnWidth, left: inset.left,
          columnStep: columnWidth + columnSpacing)
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
          itemBase: itemBase, itemCount: count, header: header, footer: footer,
          minY: min(sectionTop, itemsTop, footer?.minY ?? sectionTop),
          maxY: max(top, header?.maxY ?? top, itemsBottom), end: top, itemsTop: itemsTop))
      columnItems.append(lists)
    }
    reachAbove = sections.map(\.minY)
    for k in reachAbove.indices.reversed().dropFirst() { reachAbove[k] = min(reachAbove[k], reachAbove[k + 1]) }
    reachBelow = sections.map(\.maxY)
    for k in reachBelow.indices.dropFirst() { reachBelow[k] = max(reachBelow[k], reachBelow[k - 1]) }
    guard top.isFinite else { throw overflow(sections: sections, frames: frames, columnWidth: columnWidth) }
    contentHeight = top
    firstDirtySection = Int.max
    firstDirtyItem = 0
  }

  /// The positions of the preferred sizes kept by id, after the data changed (through the
  /// host's id index: one lookup per preferred size, not an id per item).
  func findPreferredPositions(sectionCount: Int) {
    preferredAtIsStale = false
    preferredAt = []
    lastPreferred = [:]
    guard !preferred.isEmpty else { return }
    var bases: [Int] = []
    var total = 0
    for s in 0..<sectionCount {
      bases.append(total)
      total += collectionView.numberOfItems(inSection: s)
    }
    preferredAt = [Size](repeating: Size(width: -1, height: -1), count: total)
    for (id, size) in preferred {
      guard let path = collectionView.indexPath(forItemID: id), path.section < sectionCount else { continue }
      preferredAt[bases[path.section] + path.item] = size
      lastPreferred[path.section] = max(lastPreferred[path.section] ?? -1, path.item)
    }
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
    if tail != nil { placeTail(below: rect.maxY) }
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
    placeTail()
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
    if let tail, tail.section == indexPath.section, indexPath.item >= tail.next {
      placeTail(throughItem: indexPath.item)
    }
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
    let onlySizes =
      !context.invalidatesEverything && !context.invalidatesDataSourceCounts && !context.flags.contains(.bounds)
    if context.invalidatesDataSourceCounts { preferredAtIsStale = true }
    var first = (section: onlySizes ? Int.max : 0, item: 0)
    for p in context.preferredSizes where sections.indices.contains(p.indexPath.section) {
      let (s, item) = (p.indexPath.section, p.indexPath.item)
      guard item >= 0, item < sections[s].itemCount else { continue }
      if let id = collectionView.string("id", section: s, item: item) { preferred[id] = p.size }
      if !preferredAtIsStale {
        if preferredAt.isEmpty { preferredAt = [Size](repeating: Size(width: -1, height: -1), count: frames.count) }
        preferredAt[sections[s].itemBase + item] = p.size
        lastPreferred[s] = max(lastPreferred[s] ?? -1, item)
      }
      if onlySizes, (s, item) < first { first = (s, item) }
    }
    if first.section < firstDirtySection {
      (firstDirtySection, firstDirtyItem) = first
    } else if first.section == firstDirtySection {
      firstDirtyItem = min(firstDirtyItem, first.item)
    }
  }

  /// The column width is fixed: a preferred size matters when its aspect differs.
  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    preferred.frame.size != original.frame.size
  }
}
