public import Foundation

/// `UICollectionViewLayout`, for layout files written for UIKit: subclass it as you would on
/// iOS. Tessera drives it as UIKit does — `prepare()`, then `collectionViewContentSize`, then
/// `layoutAttributesForElements(in:)`, on every pass after an invalidation — and every default
/// is the base class's:
///
/// - `shouldInvalidateLayout(forBoundsChange:)` and `(forPreferredLayoutAttributes:...)`: false;
/// - `invalidationContext(forBoundsChange:)`: an empty context of `invalidationContextClass`;
/// - `targetContentOffset(...)`: the proposed offset;
/// - initial and final attributes of appearing and disappearing elements: nil (the host fades
///   the element in or out);
/// - the queries: nil, no elements, a zero content size.
open class UICollectionViewLayout: NSObject {
  /// The collection view this layout lays out; nil until the host installs the layout.
  open var collectionView: UICollectionView? { installedView }
  final weak var installedView: UICollectionView?
  /// The animator made with `UIDynamicAnimator(collectionViewLayout: self)`: the workbench's
  /// clock ticks it.
  final weak var dynamicAnimator: UIDynamicAnimator?

  /// Decoration kinds registered in `init()` (`register(_:forDecorationViewOfKind:)`): Tessera
  /// lists, draws and queries them like its own layouts' kinds.
  final var registeredDecorationKinds: [String] = []
  /// Set by `invalidateLayout(with:)`; the adapter clears it around its own calls and reads it
  /// after asking about a bounds change.
  final var invalidatedItself = false
  /// A problem found during a pass that UIKit's signatures cannot return (a flow section's
  /// props that make no sense): the adapter fails the pass with it.
  final var passError: String?

  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  // MARK: Classes

  open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

  open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

  // MARK: The pass

  open func prepare() {}

  /// Called when the pass's `prepare()` has returned: the flow lays out here if nothing asked
  /// it to before (it lays out lazily, as UIKit's does).
  func completePreparation() {}

  open var collectionViewContentSize: CGSize { .zero }

  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

  open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  { nil }

  open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  { nil }

  // MARK: Invalidation

  /// Invalidates everything: the next pass prepares again.
  open func invalidateLayout() {
    let context = makeInvalidationContext()
    context.everything = true
    invalidateLayout(with: context)
  }

  /// Notes that the layout is invalid: when the layout itself calls it (a setting's `didSet`,
  /// or while it answers a bounds change), the host runs a pass for it, as UIKit does.
  open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    invalidatedItself = true
  }

  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

  open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
    makeInvalidationContext()
  }

  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> Bool { false }

  open func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutInvalidationContext {
    let context = makeInvalidationContext()
    context.invalidateItems(at: [preferredAttributes.indexPath])
    return context
  }

  /// A new, empty context of `invalidationContextClass`.
  func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
    let type = type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
    return (type ?? UICollectionViewLayoutInvalidationContext.self).init()
  }

  // MARK: Scrolling

  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    proposedContentOffset
  }

  open func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
  ) -> CGPoint {
    proposedContentOffset
  }

  // MARK: Batch updates

  open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

  open func finalizeCollectionViewUpdates() {}

  open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}

  open func finalizeAnimatedBoundsChange() {}

  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }

  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }

  open func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? { nil }

  open func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? { nil }

  open func initialLayoutAttributesForAppearingDecorationElement(
    ofKind elementKind: String, at decorationIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? { nil }

  open func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind elementKind: String, at decorationIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? { nil }

  // MARK: Layout changes

  /// The other layout is another plugin's: it arrives as a stand-in that says its name
  /// (`tesseraName`) and answers nothing else.
  open func prepareForTransition(to newLayout: UICollectionViewLayout) {}

  open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}

  open func finalizeLayoutTransition() {}

  // MARK: Decoration views

  /// Declares a decoration kind (called in `init()`): the kind is listed and drawn like any
  /// other. There are no views to make here.
  open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
    declareDecorationKind(elementKind)
  }

  open func register(_ nib: UINib?, forDecorationViewOfKind elementKind: String) {
    declareDecorationKind(elementKind)
  }

  private func declareDecorationKind(_ kind: String) {
    if !registeredDecorationKinds.contains(kind) { registeredDecorationKinds.append(kind) }
  }

  // MARK: Right to left

  open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

  open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }
}

/// Another plugin's layout, in a layout change: its name, nothing more.
public final class TesseraOtherLayout: UICollectionViewLayout {
  /// The name `layout NAME` takes.
  public let tesseraName: String

  init(name: String) {
    tesseraName = name
    super.init()
  }

  public required init?(coder: NSCoder) {
    return nil
  }
}
