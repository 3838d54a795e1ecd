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
        "sectionInsetReference", .choice(InsetReference.allCases.map(\.rawValue)), default: "fromContentInset",
        doc:
          "what section insets are measured from: the adjusted content inset, or the safe area or layout margins where they reach further in"
      ),
      OptionDescription(
        "headerReferenceSize", .size, default: "0x0",
        doc: "header size when the section gives none (height counts vertically, width horizontally)",
        minimum: 0),
      OptionDescription(
        "footerReferenceSize", .size, default: "0x0", doc: "footer size when the section gives none",
        minimum: 0),
      OptionDescription(
        "estimatedItemSize", .size, default: "0x0",
        doc: "non-zero: self-sizing cells start at their dataset estimate or this, then report their size",
        minimum: 0),
      OptionDescription(
        "sectionHeadersPinToVisibleBounds", .bool, default: "false",
        doc: "a section's header stays at the top of the visible bounds while its section is on screen"),
      OptionDescription(
        "sectionFootersPinToVisibleBounds", .bool, default: "false",
        doc: "a section's footer stays at the bottom of the visible bounds while its section is on screen"),
    ],
    kinds: [header, footer], zoomOption: "itemSize")

  public let collectionView: CollectionView
  var configuration = Configuration()
  var geometry = FlowGeometry()
  /// The first section the next prepare must lay out again; 0 after anything but a batch
  /// update (options, bounds, invalidate-everything), so the whole layout is rebuilt.
  var firstDirtySection = 0
  /// The counts changed since the last pass: preferred sizes from the first dirty section on no
  /// longer belong to their positions.
  var countsChanged = false
  /// Preferred sizes of self-sizing cells, and the ones reported since the last pass.
  var preferred = PreferredSizes()
  var pendingPreferred: [InvalidationContext.PreferredSize] = []

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    configuration = Configuration(options)
    firstDirtySection = 0
    preferred.removeAll()
  }

  public func prepare() throws(LayoutError) {
    if firstDirtySection == Int.max {
      // Only preferred sizes changed: apply them where they are, by their section's metrics, a
      // section at a time (in the order they came; one re-break per section).
      var bySection: [Int: [(index: Int, size: Size)]] = [:]
      var order: [Int] = []
      for p in pendingPreferred where geometry.sections.indices.contains(p.indexPath.section) {
        let section = geometry.sections[p.indexPath.section]
        guard p.indexPath.item >= 0, p.indexPath.item < section.itemCount else { continue }
        preferred[section.itemBase + p.indexPath.item] = p.size
        if bySection[p.indexPath.section] == nil { order.append(p.indexPath.section) }
        bySection[p.indexPath.section, default: []].append((section.itemBase + p.indexPath.item, p.size))
      }
      for s in order {
        let builder = SectionBuilder(configuration: geometry.configuration(of: s), crossExtent: geometry.crossExtent)
        builder.applyPreferred(bySection[s]!, in: &geometry)
      }
      geometry.bands.refresh()
    } else {
      let kept = min(firstDirtySection, geometry.sections.count)
      if countsChanged {
        preferred.truncate(
          to: kept > 0 ? geometry.sections[kept - 1].itemBase + geometry.sections[kept - 1].itemCount : 0)
      }
      for p in pendingPreferred where !countsChanged && geometry.sections.indices.contains(p.indexPath.section) {
        preferred[geometry.sections[p.indexPath.section].itemBase + p.indexPath.item] = p.size
      }
      try FlowGeometry.rebuild(
        &geometry, from: firstDirtySection, collectionView: collectionView, configuration: configuration,
        preferred: preferred)
    }
    pendingPreferred.removeAll()
    firstDirtySection = Int.max
    countsChanged = false
    geometry.pin(to: collectionView.bounds, headers: configuration.pinsHeaders, footers: configuration.pinsFooters)
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
    if context.invalidatesDataSourceCounts { countsChanged = true }
    // A scroll that only moves pinned headers and footers: they follow the bounds at the next
    // prepare, nothing is laid out again.
    let bounds = collectionView.bounds
    if context.flags == .bounds, context.items.isEmpty, context.preferredSizes.isEmpty,
      (configuration.isVertical ? bounds.width : bounds.height) == geometry.boundsCrossExtent
    {
      first = Int.max
    }
    // A preferred size alone is applied where it is, not by laying out sections again.
    if context.flags.isEmpty && context.updateItems.isEmpty { first = Int.max }
    if configuration.isSelfSizing { pendingPreferred += context.preferredSizes }
    firstDirtySection = min(firstDirtySection, first)
  }

  public var collectionViewContentSize: Size {
    configuration.isVertical
      ? Size(width: geometry.crossExtent, height: geometry.contentExtent)
      : Size(width: geometry.contentExtent, height: geometry.crossExtent)
  }

  /// Only self-sizing cells (estimatedItemSize set) take their preferred size, as with
  /// UICollectionViewFlowLayout.
  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    configuration.isSelfSizing && preferred.frame.size != original.frame.size
  }

  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    // The extent across the scroll axis re-lays out; scrolling never does, but it moves pinned
    // headers and footers.
    crossExtentChanges(newBounds) || !geometry.pinsMoving(to: newBounds).isEmpty
  }

  func crossExtentChanges(_ newBounds: Rect) -> Bool {
    let old = collectionView.bounds.size
    return configuration.isVertical ? newBounds.width != old.width : newBounds.height != old.height
  }

  /// A scroll that moves pinned headers or footers names only those (items keep their
  /// attributes); a new cross extent starts over (UIKit's empty context).
  public func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    guard !crossExtentChanges(newBounds) else { return context }
    context.supplementaries = geometry.pinsMoving(to: newBounds)
    return context
  }
}

extension FlowLayout {
  /// The options, resolved into the numbers the algorithm uses.
  struct Configuration: Hashable {
    var isVertical = true
    var itemSize = Size(width: 50, height: 50)
    var lineSpacing = 10.0
    var interitemSpacing = 10.0
    var inset = EdgeInsets.zero
    var headerSize = Size.zero
    var footerSize = Size.zero
    var estimatedItemSize = Size.zero
    var pinsHeaders = false
    var pinsFooters = false
    var insetReference = InsetReference.fromContentInset

    init() {}

    /// UIKit turns self-sizing on with a non-zero estimatedItemSize.
    var isSelfSizing: Bool { estimatedItemSize.width > 0 || estimatedItemSize.height > 0 }

    init(_ options: LayoutOptions) {
      isVertical = options.choice("scrollDirection", default: "vertical") == "vertical"
      itemSize = options.size("itemSize", default: itemSize)
      lineSpacing = options.number("minimumLineSpacing", default: lineSpacing)
      interitemSpacing = options.number("minimumInteritemSpacing", default: interitemSpacing)
      inset = options.insets("sectionInset", default: inset)
      headerSize = options.size("headerReferenceSize", default: headerSize)
      footerSize = options.size("footerReferenceSize", default: footerSize)
      estimatedItemSize = options.size("estimatedItemSize", default: estimatedItemSize)
      pinsHeaders = options.bool("sectionHeadersPinToVisibleBounds", default: false)
      pinsFooters = options.bool("sectionFootersPinToVisibleBounds", default: false)
      insetReference =
        InsetReference(rawValue: options.choice("sectionInsetReference", default: "fromContentInset"))
        ?? .fromContentInset
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
