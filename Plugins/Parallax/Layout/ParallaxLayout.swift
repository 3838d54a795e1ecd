import TesseraKit

/// Parallax: a list of rows over a "landscape" that moves slower than the content, under a
/// header that stretches when the content is pulled past its top (the talk's "parallax scrolling
/// landscapes"). The rows are cells, full width, one after another below the header. The header
/// is supplementary view `header` (0.0): pulled down (a negative offset) it grows to fill the gap;
/// scrolled up it moves at `headerSpeed` of the content's pace, behind the rows. The landscape is
/// `layers` decoration layers of `layer` tiles: layer k moves at (k + 1) / (layers + 1) of the
/// content's pace, the nearest fastest, all behind everything else.
///
/// Everything but the rows depends on the content offset: the layout asks to be invalidated on
/// every vertical scroll, and its context names only the header and the tiles on screen before or
/// after, so a scroll frame costs what it moves, whatever the number of rows.
public final class ParallaxLayout: CollectionLayout {
  public static let header = ElementKind.supplementary("header")
  public static let layer = ElementKind.decoration("layer")
  /// The most layers; each is a column of tiles computed on demand.
  public static let largestLayerCount = 16

  public static let layoutDescription = LayoutDescription(
    name: "parallax",
    summary: "rows over layers that move slower than the content, under a header that stretches when pulled",
    options: [
      OptionDescription(
        "rowHeight", .number, default: "60", doc: "height of a row whose item has no size", minimum: 0,
        maximum: 100_000),
      OptionDescription("spacing", .number, default: "1", doc: "space between rows", minimum: 0, maximum: 100_000),
      OptionDescription(
        "headerHeight", .number, default: "240", doc: "height of the header at rest", minimum: 0, maximum: 100_000),
      OptionDescription(
        "headerSpeed", .number, default: "0.5",
        doc:
          "the header's pace as the content scrolls up, from 0 (pinned to the top of the view) to 1 (with the content)",
        minimum: 0, maximum: 1),
      OptionDescription(
        "layers", .integer, default: "3", doc: "background layers, each slower than the one in front", minimum: 0,
        maximum: Double(largestLayerCount)),
      OptionDescription(
        "tileHeight", .number, default: "400", doc: "height of a layer's tile", minimum: 1, maximum: 100_000),
    ],
    kinds: [header, layer],
    customKeys: ["depth"])

  public let collectionView: CollectionView
  var rowHeight = 60.0
  var spacing = 1.0
  var headerHeight = 240.0
  var headerSpeed = 0.5
  var layers = 3
  var tileHeight = 400.0

  /// Where each section's rows begin in `starts`, and each row's top (one more: the end).
  var sectionFirst: [Int] = []
  var starts: [Double] = []
  var needsRows = true
  /// The bounds the last prepare read: the header and the layers follow its offset.
  var bounds = Rect.zero
  var contentSize = Size.zero
  /// Tiles in each layer: enough to cover the content at every offset.
  var tileCount = 0

  public init(collectionView: CollectionView) { self.collectionView = collectionView }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    rowHeight = options.number("rowHeight", default: rowHeight)
    spacing = options.number("spacing", default: spacing)
    headerHeight = options.number("headerHeight", default: headerHeight)
    headerSpeed = options.number("headerSpeed", default: headerSpeed)
    layers = options.integer("layers", default: layers)
    tileHeight = options.number("tileHeight", default: tileHeight)
    needsRows = true
  }

  public func prepare() throws(LayoutError) {
    let newBounds = collectionView.bounds
    if newBounds.width != bounds.width { needsRows = true }
    bounds = newBounds
    guard needsRows else { return }
    needsRows = false
    sectionFirst = []
    starts = []
    var y = headerHeight
    for section in 0..<collectionView.numberOfSections {
      sectionFirst.append(starts.count)
      let count = collectionView.numberOfItems(inSection: section)
      starts.reserveCapacity(starts.count + count + 1)
      collectionView.forEachItemSize(inSection: section, defaultSize: Size(width: 0, height: rowHeight)) { _, size in
        starts.append(y)
        y += size.height + spacing
      }
    }
    sectionFirst.append(starts.count)
    let end = starts.isEmpty ? headerHeight : y - spacing
    starts.append(end)
    contentSize = Size(width: bounds.width, height: end)
    // Layer k's tile j lies at j × tileHeight + offset × (1 − speed): from offset 0 to the last
    // one, tiles down to the content's end cover it.
    let tiles = (end / tileHeight).rounded(.up) + 1
    guard tiles <= 100_000_000 else {
      throw LayoutError(
        "the content is \(end) points tall: at tileHeight=\(tileHeight), too many tiles (raise tileHeight)")
    }
    tileCount = Int(tiles)
  }

  public var collectionViewContentSize: Size { contentSize }
}
