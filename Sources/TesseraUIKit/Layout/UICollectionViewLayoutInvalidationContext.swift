public import Foundation

/// What to recompute on the next pass, as UIKit's context: subclass it to carry more, and return
/// the subclass from your layout's `invalidationContextClass`. A context your layout returns
/// from `invalidationContext(forBoundsChange:)` or `(forPreferredLayoutAttributes:...)` reaches
/// its `invalidateLayout(with:)` as the same object, subclass properties and all.
open class UICollectionViewLayoutInvalidationContext: NSObject {
  /// Everything is invalid; set for `invalidateLayout()` and by the host.
  open var invalidateEverything: Bool { everything }
  /// The sections or items changed (a batch update).
  open var invalidateDataSourceCounts: Bool { dataSourceCounts }
  open var invalidatedItemIndexPaths: [IndexPath]? { itemPaths }
  open var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? { supplementaryPaths }
  open var invalidatedDecorationIndexPaths: [String: [IndexPath]]? { decorationPaths }
  open var contentOffsetAdjustment = CGPoint.zero
  open var contentSizeAdjustment = CGSize.zero

  final var everything = false
  final var dataSourceCounts = false
  private var itemPaths: [IndexPath]?
  private var supplementaryPaths: [String: [IndexPath]]?
  private var decorationPaths: [String: [IndexPath]]?

  /// Cells' preferred sizes this context carries to the layout (self-sizing), and the batch
  /// update it belongs to: what Tessera's host says beyond UIKit's public properties.
  final var preferredSizes: [(indexPath: IndexPath, size: CGSize)] = []
  final var updateItems: [UICollectionViewUpdateItem] = []
  /// True when the context comes from a bounds change.
  final var invalidatesBounds = false
  /// Supplementary and decoration elements in the order they were named (the dictionaries
  /// above have none), so the host sees them as the layout named them.
  final var namedSupplementaries: [(kind: String, indexPath: IndexPath)] = []
  final var namedDecorations: [(kind: String, indexPath: IndexPath)] = []

  public required override init() {
    super.init()
  }

  open func invalidateItems(at indexPaths: [IndexPath]) {
    itemPaths = (itemPaths ?? []) + indexPaths
  }

  open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
    var all = supplementaryPaths ?? [:]
    all[elementKind, default: []] += indexPaths
    supplementaryPaths = all
    namedSupplementaries += indexPaths.map { (elementKind, $0) }
  }

  open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
    var all = decorationPaths ?? [:]
    all[elementKind, default: []] += indexPaths
    decorationPaths = all
    namedDecorations += indexPaths.map { (elementKind, $0) }
  }
}

/// The flow layout's context: whether the delegate's metrics (sizes, insets, spacings) and the
/// flow's attributes must be asked again. Both are true by default.
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
  open var invalidateFlowLayoutDelegateMetrics = true
  open var invalidateFlowLayoutAttributes = true
}
