import FlowLayout
public import Foundation
import TesseraKit

/// `UICollectionViewFlowLayout`, open for subclassing: a subclass calls `super` and adjusts
/// copies of what it returns, as on iOS. The lines, sections, self-sizing and pinned headers are
/// the bundled `flow` layout's own code (`FlowLayout`), not a second implementation: this class
/// hands it the properties below as options and converts its answers.
///
/// Sizes and section metrics come from the dataset as the delegate would give them
/// (`TesseraDatasetDelegate`): an item's `size`, a section's `inset`, `lineSpacing`,
/// `interitemSpacing`, `header` and `footer`; these properties apply where the dataset is silent.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
  /// `estimatedItemSize = automaticSize`: cells size themselves, starting from their dataset
  /// estimate or `itemSize`.
  public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

  /// What section insets are measured from (iOS 11).
  public enum SectionInsetReference: Int, Sendable {
    case fromContentInset = 0
    case fromSafeArea = 1
    case fromLayoutMargins = 2

    /// The bundled flow's word for it.
    var optionWord: String {
      switch self {
      case .fromContentInset: "fromContentInset"
      case .fromSafeArea: "fromSafeArea"
      case .fromLayoutMargins: "fromLayoutMargins"
      }
    }
  }

  open var scrollDirection = UICollectionView.ScrollDirection.vertical { didSet { invalidateLayout() } }
  open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
  open var estimatedItemSize = CGSize.zero { didSet { invalidateLayout() } }
  open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  open var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }
  open var sectionInsetReference = SectionInsetReference.fromContentInset { didSet { invalidateLayout() } }
  open var headerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
  open var footerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
  open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
  open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

  /// The bundled flow, made at the first pass with the collection view's data source.
  private var engine: FlowLayout?
  /// The attributes objects this layout returns, one per element, refilled by each query.
  @exclusivity(unchecked) private var pool = AttributesPool()
  /// Set by `prepare()` and by every invalidation: the engine's pass is still to run.
  private var needsEnginePass = false
  /// Where the engine's rect queries land, kept between queries.
  private let buffer = AttributesBuffer(kinds: FlowLayout.layoutDescription.kinds)
  /// The options the engine last took.
  private var engineOptions: [String: OptionValue]?

  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

  /// These properties as the bundled flow's options.
  private var options: [String: OptionValue] {
    let automatic = estimatedItemSize == Self.automaticSize
    return [
      "scrollDirection": .choice(scrollDirection == .vertical ? "vertical" : "horizontal"),
      "itemSize": .size(itemSize.kit),
      "minimumLineSpacing": .number(Double(minimumLineSpacing)),
      "minimumInteritemSpacing": .number(Double(minimumInteritemSpacing)),
      "sectionInset": .insets(
        EdgeInsets(
          top: Double(sectionInset.top), left: Double(sectionInset.left), bottom: Double(sectionInset.bottom),
          right: Double(sectionInset.right))),
      "headerReferenceSize": .size(headerReferenceSize.kit),
      "footerReferenceSize": .size(footerReferenceSize.kit),
      "estimatedItemSize": .size(automatic ? itemSize.kit : estimatedItemSize.kit),
      "sectionHeadersPinToVisibleBounds": .bool(sectionHeadersPinToVisibleBounds),
      "sectionFootersPinToVisibleBounds": .bool(sectionFootersPinToVisibleBounds),
      "sectionInsetReference": .choice(sectionInsetReference.optionWord),
    ]
  }

  /// Lays out lazily, as UIKit's flow does: `prepare()` only marks the pass, and the engine runs
  /// it at the first question after it (a query, a lookup, the content size), or when the pass's
  /// `prepare()` returns. So settings a subclass changes in its `prepare()` after
  /// `super.prepare()` (Apple's column-flow sample sets `itemSize` there) count in the same pass.
  open override func prepare() {
    super.prepare()
    guard let source = collectionView?.source.collectionView else { return }
    if engine == nil { engine = FlowLayout(collectionView: source) }
    needsEnginePass = true
  }

  override func completePreparation() {
    _ = preparedEngine()
  }

  /// The engine, laid out with the settings as they are now.
  final func preparedEngine() -> FlowLayout? {
    guard let engine else { return nil }
    if needsEnginePass {
      needsEnginePass = false
      runEnginePass(engine)
    }
    return engine
  }

  private func runEnginePass(_ engine: FlowLayout) {
    let options = self.options
    if options != engineOptions {
      do throws(LayoutError) {
        try engine.apply(options: LayoutOptions(options))
        engineOptions = options
      } catch {
        passError = error.message
        return
      }
    }
    do throws(LayoutError) {
      try engine.prepare()
    } catch {
      passError = error.message
    }
    if let source = collectionView?.source {
      pool.resize(itemCounts: (0..<source.numberOfSections).map { source.numberOfItems(inSection: $0) })
    }
  }

  open override var collectionViewContentSize: CGSize {
    preparedEngine().map { CGSize($0.collectionViewContentSize) } ?? .zero
  }

  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    guard let engine = preparedEngine() else { return [] }
    let type = UICollectionViewLayoutAttributes.attributesClass(Self.layoutAttributesClass)
    var found: [UICollectionViewLayoutAttributes] = []
    let kitRect = rect.kit
    // The pool taken out for the query and put back (not copied: its arrays stay unique), so an
    // element costs no exclusivity check on this layout.
    var pool = AttributesPool()
    swap(&pool, &self.pool)
    buffer.forEachRecord(
      { engine.layoutAttributesForElements(in: kitRect, into: &$0) }, reserve: { found.reserveCapacity($0) }
    ) { record, kind in
      found.append(pool.attributes(for: record, kind: kind, as: type))
    }
    swap(&pool, &self.pool)
    return found
  }

  open override func layoutAttributesForItem(at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let engine = preparedEngine(), indexPath.count == 2 else { return nil }
    return engine.layoutAttributesForItem(at: indexPath.kit).map {
      pool.attributes(for: $0, as: UICollectionViewLayoutAttributes.attributesClass(Self.layoutAttributesClass))
    }
  }

  open override func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: Foundation.IndexPath
  )
    -> UICollectionViewLayoutAttributes?
  {
    guard let engine = preparedEngine(), indexPath.count == 2,
      let kind = UIKitKinds.kind(elementKind, category: .supplementaryView)
    else { return nil }
    return engine.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath.kit).map {
      pool.attributes(for: $0, as: UICollectionViewLayoutAttributes.attributesClass(Self.layoutAttributesClass))
    }
  }

  open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    super.invalidateLayout(with: context)
    engine?.invalidateLayout(with: context.kit)
    if engine != nil { needsEnginePass = true }
  }

  /// A new width (height, scrolling horizontally) lays out again; a scroll only moves pinned
  /// headers and footers.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    preparedEngine()?.shouldInvalidateLayout(forBoundsChange: newBounds.kit) ?? false
  }

  open override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext
  {
    let context = super.invalidationContext(forBoundsChange: newBounds)
    if let engine = preparedEngine() {
      let named = engine.invalidationContext(forBoundsChange: newBounds.kit)
      for r in named.supplementaries {
        context.invalidateSupplementaryElements(
          ofKind: UIKitKinds.string(r.kind), at: [Foundation.IndexPath(r.indexPath)])
      }
      if let flow = context as? UICollectionViewFlowLayoutInvalidationContext, !named.supplementaries.isEmpty {
        flow.invalidateFlowLayoutDelegateMetrics = false
      }
    }
    return context
  }

  /// An appearing cell starts at its place, transparent, as UIKit's flow answers (subclasses
  /// call `super` and adjust the copy).
  open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: Foundation.IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes
    else { return nil }
    attributes.alpha = 0
    return attributes
  }

  /// Self-sizing (a non-zero `estimatedItemSize`): a cell whose preferred size differs from its
  /// size invalidates it, as UIKit's flow answers.
  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> Bool {
    guard let engine = preparedEngine(), let preferred = preferredAttributes.kit,
      let original = originalAttributes.kit
    else {
      return false
    }
    return engine.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
  }

  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutInvalidationContext {
    let context = super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    context.preferredSizes = [(preferredAttributes.indexPath, preferredAttributes.size)]
    (context as? UICollectionViewFlowLayoutInvalidationContext)?.invalidateFlowLayoutDelegateMetrics = false
    return context
  }
}
