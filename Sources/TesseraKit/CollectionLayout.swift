import TesseraABI

/// What a Swift layout plugin implements: the mirror of `UICollectionViewLayout`. Write a type
/// conforming to this, then export it with one line (see `exportPlugin`).
///
/// The host drives the UIKit lifecycle: `invalidateLayout(with:)` → `prepare()` →
/// `collectionViewContentSize` → rect queries, with batch updates and self-sizing in between.
/// One instance is called from one thread at a time.
public protocol CollectionLayout: AnyObject {
  /// Name, summary, options, element kinds and custom keys, read without an instance.
  static var layoutDescription: LayoutDescription { get }

  init(collectionView: CollectionView)

  /// The data, bounds and properties this layout lays out.
  var collectionView: CollectionView { get }

  /// Every option, defaults filled in by the host. Throw to refuse a combination; the old
  /// options then stay. Implies invalidating everything.
  func apply(options: LayoutOptions) throws(LayoutError)

  /// `prepareLayout`: compute what the queries need.
  func prepare() throws(LayoutError)

  var collectionViewContentSize: Size { get }

  /// Every element whose frame intersects `rect` as Core Graphics has it (`Rect.intersects`:
  /// touching counts, and so does a zero-area frame in the rect).
  func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink)

  /// Every element, zero-area ones included. Default: the rect query over the content size.
  func layoutAttributesForAllElements(into sink: inout AttributesSink)

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

  /// Default: looks the element up among all elements.
  func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?

  /// Default: looks the element up among all elements.
  func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?

  /// Whether moving or resizing the bounds invalidates the layout. Default: false, as
  /// `UICollectionViewLayout`'s base class answers; a layout that depends on the viewport size
  /// overrides it, typically with `newBounds.size != collectionView.bounds.size` (and one with
  /// pinned elements answers true for scrolling too).
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool

  /// What a bounds change invalidates, asked after `shouldInvalidateLayout(forBoundsChange:)`
  /// says yes (the host adds the `.bounds` flag). A layout with pinned headers names only those
  /// supplementaries, so items keep their attributes. Default: an empty context (UIKit's), so
  /// `prepare()` runs again.
  func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext

  /// Where the content offset should end after a layout change or an animated scroll: a
  /// snapping layout moves it to an item, a zooming one keeps a focal point in place. Default:
  /// `proposed`.
  func targetContentOffset(forProposedContentOffset proposed: Point) -> Point

  /// Where a scroll released with `velocity` (points per second) comes to rest. Default:
  /// `proposed` (as UIKit's base class, which does not call the form without velocity).
  func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point) -> Point

  /// This layout is about to be replaced by `newLayout` in an animated or interactive layout
  /// change. Default: nothing.
  func prepareForTransition(to newLayout: LayoutReference)

  /// This layout is about to replace `oldLayout`. Default: nothing.
  func prepareForTransition(from oldLayout: LayoutReference)

  /// The layout change is over (finished or cancelled); called on both layouts. Default:
  /// nothing.
  func finalizeLayoutTransition()

  /// Drop what the context names; `prepare()` follows. Default: nothing to drop.
  func invalidateLayout(with context: InvalidationContext)

  /// Whether a self-sizing cell's preferred attributes invalidate the layout. Default: false, as
  /// `UICollectionViewLayout`'s base class answers (UIKit's flow layout overrides it); a layout
  /// that lays out self-sizing cells overrides it, typically with
  /// `preferred.frame.size != original.frame.size`.
  func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes,
    withOriginalAttributes original: LayoutAttributes
  ) -> Bool

  /// Default: a context naming the item and its preferred size.
  func invalidationContext(
    forPreferredLayoutAttributes preferred: LayoutAttributes,
    withOriginalAttributes original: LayoutAttributes
  ) -> InvalidationContext

  /// Default: nothing.
  func prepare(forCollectionViewUpdates updateItems: [UpdateItem])

  /// Default: nothing.
  func finalizeCollectionViewUpdates()

  /// Where an appearing element starts; nil for the host's default (its final attributes with
  /// alpha 0). Default: nil.
  func initialLayoutAttributesForAppearingElement(kind: ElementKind?, at indexPath: IndexPath)
    -> LayoutAttributes?

  /// Where a disappearing element ends; nil for the host's default. Default: nil.
  func finalLayoutAttributesForDisappearingElement(kind: ElementKind?, at indexPath: IndexPath)
    -> LayoutAttributes?

  /// A problem the query just answered found that its answer cannot carry (a UIKit layout's
  /// element of a kind its registration does not declare): the host reports that query as
  /// failed with this message. Asked once after every query, and forgotten when read. Default:
  /// nil.
  func takeQueryError() -> LayoutError?

  /// Advances the layout's own time by `seconds` (one frame of the workbench's clock) — only
  /// for a layout whose description says it `movesWithTime`: what its animations and dynamics
  /// did, and what to invalidate. Default: at rest, nothing invalidated.
  func advance(by seconds: Double) throws(LayoutError) -> ClockStep

  /// Whether the layout moves now (its springs were pulled), so the clock has work to do.
  /// Default: false.
  var isMoving: Bool { get }

  /// The layout's motion as bytes, for a checkpoint (the `tessera.state/1` extension, exported
  /// with `movesWithTime`): what it keeps that its next `prepare()` would not compute again
  /// from its options, the dataset and the bounds. Asked after a pass, while the layout moves.
  /// Throw when it cannot be said now; the host keeps the commands instead and asks later.
  /// Default: throws (a checkpoint waits until the layout rests).
  func savedMotion() throws(LayoutError) -> [UInt8]

  /// Takes up bytes `savedMotion()` returned, on a new instance with the same options, dataset
  /// and bounds that has just prepared. The bytes come from a file: check them, and throw,
  /// changing nothing, for bytes that are not yours or do not fit. Default: throws.
  func restoreMotion(_ bytes: [UInt8]) throws(LayoutError)
}

extension CollectionLayout {
  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    let size = collectionViewContentSize
    layoutAttributesForElements(in: Rect(x: 0, y: 0, width: size.width, height: size.height), into: &sink)
  }

  public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    allAttributes().first { $0.kind == kind && $0.indexPath == indexPath }
  }

  public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    allAttributes().first { $0.kind == kind && $0.indexPath == indexPath }
  }

  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

  public func invalidateLayout(with context: InvalidationContext) {}

  public func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    InvalidationContext()
  }

  public func targetContentOffset(forProposedContentOffset proposed: Point) -> Point { proposed }

  public func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point)
    -> Point
  { proposed }

  public func prepareForTransition(to newLayout: LayoutReference) {}

  public func prepareForTransition(from oldLayout: LayoutReference) {}

  public func finalizeLayoutTransition() {}

  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes,
    withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    false
  }

  public func invalidationContext(
    forPreferredLayoutAttributes preferred: LayoutAttributes,
    withOriginalAttributes original: LayoutAttributes
  ) -> InvalidationContext {
    var context = InvalidationContext()
    context.items = [preferred.indexPath]
    context.preferredSizes = [.init(indexPath: preferred.indexPath, size: preferred.frame.size)]
    return context
  }

  public func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {}

  public func finalizeCollectionViewUpdates() {}

  public func initialLayoutAttributesForAppearingElement(kind: ElementKind?, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  public func finalLayoutAttributesForDisappearingElement(kind: ElementKind?, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  public func takeQueryError() -> LayoutError? { nil }

  public func advance(by seconds: Double) throws(LayoutError) -> ClockStep { ClockStep(running: false) }

  public var isMoving: Bool { false }

  public func savedMotion() throws(LayoutError) -> [UInt8] {
    throw LayoutError("this layout does not save its motion")
  }

  public func restoreMotion(_ bytes: [UInt8]) throws(LayoutError) {
    throw LayoutError("this layout does not take up saved motion")
  }

  /// Convenience for tests and tools: a rect query collected into an array.
  public func layoutAttributes(in rect: Rect) -> [LayoutAttributes] {
    collect { self.layoutAttributesForElements(in: rect, into: &$0) }
  }

  /// Convenience for tests and tools: every element.
  public func allAttributes() -> [LayoutAttributes] {
    collect { self.layoutAttributesForAllElements(into: &$0) }
  }

  private func collect(_ query: (inout AttributesSink) -> Void) -> [LayoutAttributes] {
    let kinds = Self.layoutDescription.kinds
    return kinds.withUnsafeBufferPointer { kindBuffer in
      var counting = AttributesSink(records: nil, capacity: 0, kinds: kindBuffer)
      query(&counting)
      let buffer = UnsafeMutablePointer<tessera_attributes>.allocate(capacity: max(counting.count, 1))
      defer { buffer.deallocate() }
      var sink = AttributesSink(records: buffer, capacity: counting.count, kinds: kindBuffer)
      query(&sink)
      return (0..<min(sink.count, counting.count)).compactMap {
        LayoutAttributes(record: buffer[$0], kinds: kinds)
      }
    }
  }
}
