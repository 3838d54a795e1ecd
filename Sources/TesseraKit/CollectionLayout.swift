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

  /// Every element whose frame intersects `rect` with positive area (`Rect.intersects`).
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

  /// Default: true when the bounds size changes (not when only the origin moves).
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool

  /// Drop what the context names; `prepare()` follows. Default: nothing to drop.
  func invalidateLayout(with context: InvalidationContext)

  /// Default: true when the preferred size differs from the original's.
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

  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != collectionView.bounds.size
  }

  public func invalidateLayout(with context: InvalidationContext) {}

  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes,
    withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    preferred.frame.size != original.frame.size
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
