import Foundation
import TesseraKit

/// A UIKit layout behind TesseraKit's `CollectionLayout`: the SDK's adapter exports it through
/// the C interface like any Swift layout. Every call converts Tessera's values to UIKit's, calls
/// the layout as UIKit would, and converts the answer back.
final class UIKitLayoutAdapter: CollectionLayout {
  /// Adapters are made by a registration (`UIKitLayout`), which describes its own layout; this
  /// one describes the base class, what `init(collectionView:)` lays out.
  static let layoutDescription = LayoutDescription(
    name: "uicollectionviewlayout", summary: "UICollectionViewLayout's base class: no elements")

  let collectionView: TesseraKit.CollectionView
  let layout: UICollectionViewLayout
  let view: UICollectionView
  private let options: [UIKitOptionBinding]
  /// The layout when it is `UICollectionViewFlowLayout` itself (no subclass).
  private let plainFlow: UICollectionViewFlowLayout?
  /// The kinds this layout's attributes have named so far.
  @exclusivity(unchecked) private var kinds: UIKitKindTable
  /// The name `layout NAME` takes, for messages.
  private let name: String
  /// What the last query found wrong that its answer cannot carry (`takeQueryError`).
  private var queryError: LayoutError?
  /// Contexts the layout returned for a bounds change or a preferred size, with what the host
  /// was told: the one the host passes back reaches the layout as the same object.
  private var returnedContexts: [(kit: InvalidationContext, context: UICollectionViewLayoutInvalidationContext)] = []
  /// Whether the bounds changed since the layout last prepared: its next prepare may attach or
  /// let go springs (a springy layout fits them to the visible rect), so its motion cannot be
  /// saved until then.
  private var boundsMovedSincePrepare = false

  init(
    collectionView: TesseraKit.CollectionView, make: (UICollectionView) -> UICollectionViewLayout,
    options: [UIKitOptionBinding], name: String = "uicollectionviewlayout", kinds declared: [ElementKind]? = nil
  ) {
    self.collectionView = collectionView
    self.name = name
    self.kinds = UIKitKindTable(declared: declared)
    let view = UICollectionView(source: DatasetSource(collectionView), layout: UICollectionViewLayout())
    self.view = view
    self.layout = make(view)
    self.options = options
    plainFlow = type(of: layout) == UICollectionViewFlowLayout.self ? layout as? UICollectionViewFlowLayout : nil
    view.collectionViewLayout = layout
    layout.installedView = view
  }

  convenience init(collectionView: TesseraKit.CollectionView) {
    self.init(collectionView: collectionView, make: { _ in UICollectionViewLayout() }, options: [])
  }

  private func makeCurrent() {
    UIScreen.makeCurrent(scale: view.source.screenScale, bounds: view.source.bounds)
  }

  // MARK: Options and the pass

  func apply(options values: LayoutOptions) throws(LayoutError) {
    for binding in options {
      guard let value = values.values[binding.name] else { continue }
      try binding.apply(layout, value)
    }
  }

  func prepare() throws(LayoutError) {
    makeCurrent()
    layout.passError = nil
    boundsMovedSincePrepare = false
    layout.prepare()
    layout.completePreparation()
    if let message = layout.passError { throw LayoutError(message) }
  }

  var collectionViewContentSize: Size { layout.collectionViewContentSize.kit }

  /// What the layout returns, held to the rule for rect queries (`Rect.intersects`, Core
  /// Graphics' `CGRectIntersectsRect`: frames touching the rect and zero-area frames in it count),
  /// the rule UIKit layouts filter with themselves (`CGRect.intersects`).
  func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    // UIKit's flow itself, not subclassed: nothing of the layout's own runs in its query, so
    // the engine answers straight into the host's records (the same answer, no objects).
    if let flow = plainFlow {
      flow.preparedEngine()?.layoutAttributesForElements(in: rect, into: &sink)
      return
    }
    guard let answer = layout.layoutAttributesForElements(in: CGRect(rect)) else { return }
    for attributes in answer {
      // A frame that is not a rectangle (NaN, infinite, negative) goes to the host, which
      // reports it as the layout's bug; a valid one must overlap the rect.
      if let (frame, record) = attributes.plainCellRecord {
        if frame.intersects(rect) || !frame.isValidRectangle { sink.append(record: record) }
      } else if let a = kit(attributes), a.frame.intersects(rect) || !a.frame.isValidRectangle {
        sink.append(a)
      }
    }
  }

  /// Every element: the layout's answer for its whole content, zero-area elements included.
  func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    let size = layout.collectionViewContentSize
    for attributes in layout.layoutAttributesForElements(in: CGRect(origin: .zero, size: size)) ?? [] {
      if let a = kit(attributes) { sink.append(a) }
    }
  }

  func layoutAttributesForItem(at indexPath: TesseraKit.IndexPath) -> LayoutAttributes? {
    kit(layout.layoutAttributesForItem(at: Foundation.IndexPath(indexPath)))
  }

  func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: TesseraKit.IndexPath)
    -> LayoutAttributes?
  {
    kit(
      layout.layoutAttributesForSupplementaryView(ofKind: UIKitKinds.string(kind), at: Foundation.IndexPath(indexPath)))
  }

  func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: TesseraKit.IndexPath)
    -> LayoutAttributes?
  {
    kit(layout.layoutAttributesForDecorationView(ofKind: UIKitKinds.string(kind), at: Foundation.IndexPath(indexPath)))
  }

  // MARK: Invalidation

  /// True also when the layout answered false but invalidated itself meanwhile (UIKit then
  /// runs a pass all the same).
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    makeCurrent()
    layout.invalidatedItself = false
    boundsMovedSincePrepare = true
    let answer = layout.shouldInvalidateLayout(forBoundsChange: CGRect(newBounds))
    defer { layout.invalidatedItself = false }
    return answer || layout.invalidatedItself
  }

  func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    remember(layout.invalidationContext(forBoundsChange: CGRect(newBounds)))
  }

  func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  )
    -> Bool
  {
    layout.shouldInvalidateLayout(
      forPreferredLayoutAttributes: uikit(preferred), withOriginalAttributes: uikit(original))
  }

  func invalidationContext(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  )
    -> InvalidationContext
  {
    let context = layout.invalidationContext(
      forPreferredLayoutAttributes: uikit(preferred), withOriginalAttributes: uikit(original))
    // The size travels with the context, as UIKit's collection view keeps it for the layout.
    if !context.preferredSizes.contains(where: { $0.indexPath == Foundation.IndexPath(preferred.indexPath) }) {
      context.preferredSizes.append((Foundation.IndexPath(preferred.indexPath), CGSize(preferred.frame.size)))
    }
    return remember(context)
  }

  func invalidateLayout(with context: InvalidationContext) {
    let passed = returnedContexts.first { $0.kit.matches(context) }?.context ?? layout.makeInvalidationContext()
    returnedContexts.removeAll()
    passed.fill(from: context)
    layout.invalidateLayout(with: passed)
  }

  private func remember(_ context: UICollectionViewLayoutInvalidationContext) -> InvalidationContext {
    let kit = context.kit
    returnedContexts.append((kit, context))
    if returnedContexts.count > 8 { returnedContexts.removeFirst() }
    return kit
  }

  /// UIKit's attributes as the host's, their kind looked up in this adapter's own table (no
  /// lock, no interning per element).
  private func kit(_ attributes: UICollectionViewLayoutAttributes?) -> LayoutAttributes? {
    guard let a = attributes?.kit(kinds: &kinds) else { return nil }
    if let kind = a.kind, !kinds.isDeclared(kind) {
      if queryError == nil { queryError = undeclared(kind) }
      return nil
    }
    return a
  }

  /// What to say of an element of a kind the registration does not declare.
  private func undeclared(_ kind: ElementKind) -> LayoutError {
    let string = UIKitKinds.string(kind)
    if kind.category == .decoration {
      return LayoutError(
        "it returned a decoration view of kind \"\(string)\", which it did not declare: register it in the layout's init() with register(_:forDecorationViewOfKind:), or list it in UIKitLayout(\"\(name)\", decorationKinds: [\"\(string)\"])"
      )
    }
    return LayoutError(
      "it returned a supplementary view of kind \"\(string)\", which its registration does not declare: list it in UIKitLayout(\"\(name)\", supplementaryKinds: [\"\(string)\"])"
    )
  }

  // MARK: The clock

  /// One frame: the layout's dynamic animator, if it made one, steps and moves its items; the
  /// host then invalidates with an empty context, as the animator's tick does on a device.
  func advance(by seconds: Double) throws(LayoutError) -> ClockStep {
    guard let animator = layout.dynamicAnimator else { return ClockStep(running: false) }
    makeCurrent()
    let moved = animator.tick(seconds)
    return ClockStep(running: animator.isRunning, invalidation: moved ? InvalidationContext() : nil)
  }

  var isMoving: Bool { layout.dynamicAnimator?.isRunning ?? false }

  /// The dynamic animator's motion (`UIDynamicAnimator+Motion`); none without an animator.
  func savedMotion() throws(LayoutError) -> [UInt8] {
    guard let animator = layout.dynamicAnimator else { return [] }
    guard !boundsMovedSincePrepare else {
      throw LayoutError("the bounds changed since it last prepared (its next prepare may attach other springs)")
    }
    do throws(LayoutMotionError) {
      return try animator.savedMotion()
    } catch {
      throw LayoutError(error.message)
    }
  }

  func restoreMotion(_ bytes: [UInt8]) throws(LayoutError) {
    guard !bytes.isEmpty else { return }
    guard let animator = layout.dynamicAnimator else {
      throw LayoutError("it made no UIDynamicAnimator when it prepared, to take up \(bytes.count) bytes of motion")
    }
    makeCurrent()
    do throws(LayoutMotionError) {
      try animator.restoreMotion(bytes)
    } catch {
      throw LayoutError(error.message)
    }
  }

  func takeQueryError() -> LayoutError? {
    defer { queryError = nil }
    return queryError
  }

  /// Attributes of the layout's class holding `a`.
  private func uikit(_ a: LayoutAttributes) -> UICollectionViewLayoutAttributes {
    UICollectionViewLayoutAttributes.make(
      from: a, as: UICollectionViewLayoutAttributes.attributesClass(type(of: layout).layoutAttributesClass))
  }

  // MARK: Scrolling and layout changes

  func targetContentOffset(forProposedContentOffset proposed: Point) -> Point {
    layout.targetContentOffset(forProposedContentOffset: CGPoint(proposed)).kit
  }

  func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point) -> Point {
    layout.targetContentOffset(forProposedContentOffset: CGPoint(proposed), withScrollingVelocity: CGPoint(velocity))
      .kit
  }

  func prepareForTransition(to newLayout: LayoutReference) {
    layout.prepareForTransition(to: TesseraOtherLayout(name: newLayout.name))
  }

  func prepareForTransition(from oldLayout: LayoutReference) {
    layout.prepareForTransition(from: TesseraOtherLayout(name: oldLayout.name))
  }

  func finalizeLayoutTransition() {
    layout.finalizeLayoutTransition()
  }

  // MARK: Batch updates

  func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
    layout.prepare(forCollectionViewUpdates: updateItems.map(UICollectionViewUpdateItem.init))
  }

  func finalizeCollectionViewUpdates() {
    layout.finalizeCollectionViewUpdates()
  }

  func initialLayoutAttributesForAppearingElement(kind: ElementKind?, at indexPath: TesseraKit.IndexPath)
    -> LayoutAttributes?
  {
    element(
      kind, at: indexPath, item: layout.initialLayoutAttributesForAppearingItem(at:),
      supplementary: layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:),
      decoration: layout.initialLayoutAttributesForAppearingDecorationElement(ofKind:at:))
  }

  func finalLayoutAttributesForDisappearingElement(kind: ElementKind?, at indexPath: TesseraKit.IndexPath)
    -> LayoutAttributes?
  {
    element(
      kind, at: indexPath, item: layout.finalLayoutAttributesForDisappearingItem(at:),
      supplementary: layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:),
      decoration: layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind:at:))
  }

  /// Asks the method of UIKit's trio (item, supplementary, decoration) that fits `kind`.
  private func element(
    _ kind: ElementKind?, at indexPath: TesseraKit.IndexPath,
    item: (Foundation.IndexPath) -> UICollectionViewLayoutAttributes?,
    supplementary: (String, Foundation.IndexPath) -> UICollectionViewLayoutAttributes?,
    decoration: (String, Foundation.IndexPath) -> UICollectionViewLayoutAttributes?
  ) -> LayoutAttributes? {
    let path = Foundation.IndexPath(indexPath)
    guard let kind else { return kit(item(path)) }
    let ask = kind.category == .decoration ? decoration : supplementary
    return kit(ask(UIKitKinds.string(kind), path))
  }
}

extension Rect {
  /// Finite, with no negative side.
  var isValidRectangle: Bool {
    minX.isFinite && minY.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0
  }
}

extension InvalidationContext {
  /// Whether `other` is this context as the host passes it back: the same elements and sizes
  /// (the host adds flags of its own, such as `.bounds`, and merges adjustments).
  func matches(_ other: InvalidationContext) -> Bool {
    items == other.items && supplementaries == other.supplementaries && decorations == other.decorations
      && preferredSizes == other.preferredSizes && !other.invalidatesDataSourceCounts
      && (!other.invalidatesEverything || invalidatesEverything)
  }
}
