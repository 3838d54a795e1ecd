public import Foundation
import Synchronization

/// A scroll view as a layout sees it: the content offset and insets.
open class UIScrollView: UIView {
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set {}
  }
  open var contentSize = CGSize.zero
  open var contentInset = UIEdgeInsets.zero
  /// `contentInset` plus the safe area (UIKit's default adjustment behaviour).
  open var adjustedContentInset: UIEdgeInsets {
    let (c, s) = (contentInset, safeAreaInsets)
    return UIEdgeInsets(
      top: c.top + s.top, left: c.left + s.left, bottom: c.bottom + s.bottom, right: c.right + s.right)
  }
  open var isPagingEnabled = false
  open var isScrollEnabled = true
  open var decelerationRate = DecelerationRate.normal
  open var showsVerticalScrollIndicator = true
  open var showsHorizontalScrollIndicator = true

  public struct DecelerationRate: Hashable, Sendable, RawRepresentable {
    public var rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = DecelerationRate(rawValue: 0.998)
    public static let fast = DecelerationRate(rawValue: 0.99)
  }
}

/// The collection view as a layout sees it: its sections and items (the host's dataset), its
/// bounds (the viewport and the scroll offset), its layout, and a delegate and data source that
/// answer as an app would, from the dataset (`TesseraDatasetDelegate`).
open class UICollectionView: UIScrollView {
  /// UIKit's kind strings for flow headers and footers; Tessera shows them as `header` and
  /// `footer`.
  public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  /// Which way a flow layout scrolls.
  public enum ScrollDirection: Int, Sendable {
    case vertical = 0
    case horizontal = 1
  }

  let source: DatasetSource
  private let datasetDelegate: TesseraDatasetDelegate

  /// The layout that lays this collection view out.
  open internal(set) var collectionViewLayout: UICollectionViewLayout

  /// Answers `UICollectionViewDelegateFlowLayout` from the dataset; a layout's own delegate
  /// protocol can be added to it in an extension (see `TesseraDatasetDelegate`).
  open var delegate: UICollectionViewDelegate? { datasetDelegate }
  open var dataSource: UICollectionViewDataSource? { datasetDelegate }

  init(source: DatasetSource, layout: UICollectionViewLayout) {
    self.source = source
    self.collectionViewLayout = layout
    self.datasetDelegate = TesseraDatasetDelegate(source: source)
    super.init(frame: source.bounds)
  }

  public required init?(coder: NSCoder) {
    return nil
  }

  /// Origin = the content offset, size = the viewport.
  open override var bounds: CGRect {
    get { source.bounds }
    set {}
  }

  open override var frame: CGRect {
    get { CGRect(origin: .zero, size: source.bounds.size) }
    set {}
  }

  open var numberOfSections: Int { source.numberOfSections }

  open func numberOfItems(inSection section: Int) -> Int { source.numberOfItems(inSection: section) }

  /// The layout's attributes of an item (UIKit asks the layout).
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// Every item whose frame the visible bounds cross.
  open var indexPathsForVisibleItems: [IndexPath] {
    (collectionViewLayout.layoutAttributesForElements(in: bounds) ?? [])
      .filter { $0.representedElementCategory == .cell }.map(\.indexPath)
  }

  open var visibleSize: CGSize { bounds.size }

  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}

  open func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
  ) {}
}

/// The screen: its `scale` is the viewport's (`viewport WxH@S`), 1 when none is set.
public final class UIScreen: Sendable {
  public let scale: CGFloat
  public let bounds: CGRect

  init(scale: CGFloat, bounds: CGRect) {
    self.scale = scale
    self.bounds = bounds
  }

  /// The screen of the collection view being laid out.
  public static var main: UIScreen {
    current.withLock { UIScreen(scale: $0.scale, bounds: $0.bounds) }
  }

  public var nativeScale: CGFloat { scale }

  /// Set by the adapter before it calls into a layout.
  static func makeCurrent(scale: CGFloat?, bounds: CGRect) {
    current.withLock { $0 = (scale ?? 1, CGRect(origin: .zero, size: bounds.size)) }
  }

  private static let current = Mutex<(scale: CGFloat, bounds: CGRect)>((1, .zero))
}
