import TesseraKit

/// `UICollectionViewFlowLayout`: items flow into lines, lines stack along the scroll axis,
/// sections stack with their headers and footers.
///
/// ```
///  |[header              ]|
///  |  [0.0 ]   [0.1 ]  [0.2]  |   a full line is justified (first at the inset, last flush)
///  |   [0.3]  [0.4   ]        |   the last line is left-aligned with the minimum spacing
///  |[footer              ]|
/// ```
///
/// The algorithm is written once in axis-neutral terms: `u` runs along a line (x when
/// scrolling vertically), `v` across lines (y). Horizontal scrolling swaps the axes when frames
/// are stored. Exact floating-point geometry: no pixel rounding, unlike a device.
public final class FlowLayout: CollectionLayout {
  public static let header = ElementKind.supplementary("header")
  public static let footer = ElementKind.supplementary("footer")

  public static let layoutDescription = LayoutDescription(
    name: "flow",
    summary: "UICollectionViewFlowLayout: lines of items, justified, with headers and footers",
    options: [
      OptionDescription(
        "scrollDirection", .choice(["vertical", "horizontal"]), default: "vertical",
        doc: "vertical: lines run across, sections stack downwards; horizontal swaps the axes"),
      OptionDescription(
        "itemSize", .size, default: "50x50", doc: "size of items the dataset gives no size", minimum: 0),
      OptionDescription(
        "minimumLineSpacing", .number, default: "10", doc: "space between lines", minimum: 0),
      OptionDescription(
        "minimumInteritemSpacing", .number, default: "10", doc: "least space between items of a line",
        minimum: 0),
      OptionDescription(
        "sectionInset", .insets, default: "0,0,0,0", doc: "top,left,bottom,right around each section's items"),
      OptionDescription(
        "headerReferenceSize", .size, default: "0x0",
        doc: "header size when the section gives none (height counts vertically, width horizontally)",
        minimum: 0),
      OptionDescription(
        "footerReferenceSize", .size, default: "0x0", doc: "footer size when the section gives none",
        minimum: 0),
    ],
    kinds: [header, footer])

  public let collectionView: CollectionView
  var configuration = Configuration()
  var geometry = FlowGeometry()
  /// The first section the next prepare must lay out again; 0 after anything but a batch
  /// update (options, bounds, invalidate-everything), so the whole layout is rebuilt.
  var firstDirtySection = 0

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    configuration = Configuration(options)
    firstDirtySection = 0
  }

  public func prepare() throws(LayoutError) {
    FlowGeometry.rebuild(
      &geometry, from: firstDirtySection, collectionView: collectionView, configuration: configuration)
    firstDirtySection = Int.max
  }

  /// A batch update re-lays out from the first section it names (before or after the update):
  /// every section before that one keeps its items and its place. Anything else starts over.
  public func invalidateLayout(with context: InvalidationContext) {
    var first = 0
    if !context.invalidatesEverything && !context.flags.contains(.bounds) && context.invalidatesDataSourceCounts
      && !context.updateItems.isEmpty
    {
      first =
        context.updateItems.map { item in
          min(item.before?.section ?? Int.max, item.after?.section ?? Int.max)
        }.min() ?? 0
    }
    firstDirtySection = min(firstDirtySection, first)
  }

  public var collectionViewContentSize: Size { geometry.contentSize }

  /// Without estimated sizes cells do not size themselves, so a preferred size changes
  /// nothing (as UICollectionViewFlowLayout without estimatedItemSize).
  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    false
  }

  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    // Only the extent across the scroll axis matters: scrolling never re-lays out.
    let old = collectionView.bounds.size
    return configuration.isVertical ? newBounds.width != old.width : newBounds.height != old.height
  }
}

extension FlowLayout {
  /// The options, resolved into the numbers the algorithm uses.
  struct Configuration: Equatable {
    var isVertical = true
    var itemSize = Size(width: 50, height: 50)
    var lineSpacing = 10.0
    var interitemSpacing = 10.0
    var inset = EdgeInsets.zero
    var headerSize = Size.zero
    var footerSize = Size.zero

    init() {}

    init(_ options: LayoutOptions) {
      isVertical = options.choice("scrollDirection", default: "vertical") == "vertical"
      itemSize = options.size("itemSize", default: itemSize)
      lineSpacing = options.number("minimumLineSpacing", default: lineSpacing)
      interitemSpacing = options.number("minimumInteritemSpacing", default: interitemSpacing)
      inset = options.insets("sectionInset", default: inset)
      headerSize = options.size("headerReferenceSize", default: headerSize)
      footerSize = options.size("footerReferenceSize", default: footerSize)
    }

    /// Insets along a line (start, end) and across lines (start, end).
    var lineInsets: (start: Double, end: Double) {
      isVertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
    }
    var stackInsets: (start: Double, end: Double) {
      isVertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
    }
  }
}
