public import Foundation

/// What to recompute on the next pass, as UIKit's context: subclass it to carry more, and return
/// the subclass from your layout's `invalidationContextClass`. A context your layout returns
/// from `invalidationContext(forBoundsChange:)` or `(forPreferredLayoutAttributes:...)` reaches
/// its `invalidateLayout(with:)` as the same object, subclass properties and all.
open class UICollectionViewLayoutInvalidationContext: NSObject {
  public internal(set) var invalidateEverything = false
  public internal(set) var invalidateDataSourceCounts = false
  public private(set) var invalidatedItemIndexPaths: [IndexPath]?
  public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
  public private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?
  open var contentOffsetAdjustment = CGPoint.zero
  open var contentSizeAdjustment = CGSize.zero

  /// Cells' preferred sizes this context carries to the layout (self-sizing), and the batch
  /// update it belongs to: what Tessera's host says beyond UIKit's public properties.
  var preferredSizes: [(indexPath: IndexPath, size: CGSize)] = []
  var updateItems: [UICollectionViewUpdateItem] = []
  /// True when the context comes from a bounds change.
  var invalidatesBounds = false
  /// Supplementary and decoration elements in the order they were named (the dictionaries
  /// above have none), so the host sees them as the layout named them.
  var namedSupplementaries: [(kind: String, indexPath: IndexPath)] = []
  var namedDecorations: [(kind: String, indexPath: IndexPath)] = []

  public required override init() {
    super.init()
  }

  open func invalidateItems(at indexPaths: [IndexPath]) {
    invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
  }

  open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
    var all = invalidatedSupplementaryIndexPaths ?? [:]
    all[elementKind, default: []] += indexPaths
    invalidatedSupplementaryIndexPaths = all
    namedSupplementaries += indexPaths.map { (elementKind, $0) }
  }

  open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
    var all = invalidatedDecorationIndexPaths ?? [:]
    all[elementKind, default: []] += indexPaths
    invalidatedDecorationIndexPaths = all
    namedDecorations += indexPaths.map { (elementKind, $0) }
  }
}

/// The flow layout's context: whether the delegate's metrics (sizes, insets, spacings) and the
/// flow's attributes must be asked again. Both are true by default.
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
  open var invalidateFlowLayoutDelegateMetrics = true
  open var invalidateFlowLayoutAttributes = true
}
