public import Foundation
import Synchronization

import struct TesseraKit.ScrollInsets

/// A scroll view as a layout sees it: the content offset and insets.
open class UIScrollView: UIView {
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set {}
  }
  open var contentSize = CGSize.zero
  /// What the app set; here the workbench's (`viewport … inset=T,L,B,R`). Setting it does
  /// nothing: the session owns the insets.
  open var contentInset: UIEdgeInsets {
    get { UIEdgeInsets(scrollInsets.contentInset) }
    set {}
  }
  /// `contentInset` plus the safe area on the edges `contentInsetAdjustmentBehavior` covers.
  open var adjustedContentInset: UIEdgeInsets { UIEdgeInsets(scrollInsets.adjustedContentInset) }
  /// The workbench's (`viewport … adjust=`); setting it does nothing.
  open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior {
    get { ContentInsetAdjustmentBehavior(rawValue: Int(scrollInsets.adjustment.rawValue)) ?? .automatic }
    set {}
  }
  /// The insets as the workbench gives them; a plain scroll view has none.
  var scrollInsets: ScrollInsets { ScrollInsets() }

  /// `UIScrollView.ContentInsetAdjustmentBehavior`.
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    case automatic = 0
    case scrollableAxes = 1
    case never = 2
    case always = 3
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

  /// The pan gesture that scrolls the view: where the workbench's finger is (`drag`).
  public let panGestureRecognizer: UIPanGestureRecognizer

  init(source: DatasetSource, layout: UICollectionViewLayout) {
    self.source = source
    self.panGestureRecognizer = UIPanGestureRecognizer(source: source)
    self.collectionViewLayout = layout
    self.datasetDelegate = TesseraDatasetDelegate(source: source)
    super.init(frame: source.bounds)
  }

  public required init?(coder: NSCoder) {
    return nil
  }

  override var scrollInsets: ScrollInsets { source.scrollInsets }

  /// What the screen covers (`viewport … safeArea=T,L,B,R`).
  open override var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(source.scrollInsets.safeAreaInsets) }

  /// The view's margins with the safe area included (`viewport … margins=T,L,B,R`, 8 on each edge
  /// by default); setting them does nothing.
  open override var layoutMargins: UIEdgeInsets {
    get { UIEdgeInsets(source.scrollInsets.layoutMargins) }
    set {}
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

  /// The layout's content size, as UIKit sets it after each layout pass.
  open override var contentSize: CGSize {
    get { collectionViewLayout.collectionViewContentSize }
    set {}
  }

  open var numberOfSections: Int { source.numberOfSections }

  /// The item whose frame holds `point` (the topmost when several do), nil when none does.
  open func indexPathForItem(at point: CGPoint) -> IndexPath? {
    let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
    return (collectionViewLayout.layoutAttributesForElements(in: probe) ?? [])
      .filter { $0.representedElementCategory == .cell && $0.frame.contains(point) && !$0.isHidden }
      .max { $0.zIndex < $1.zIndex }?.indexPath
  }

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

/// The traits a layout reads: the display scale (the viewport's, 1 when none is set) and the
/// layout direction.
public final class UITraitCollection: Sendable {
  public let displayScale: CGFloat
  public let layoutDirection: UITraitEnvironmentLayoutDirection

  init(displayScale: CGFloat) {
    self.displayScale = displayScale
    layoutDirection = .leftToRight
  }
}

/// Left to right or right to left, as traits say it.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
  case unspecified = -1
  case leftToRight = 0
  case rightToLeft = 1
}

/// The application, as a layout sees it: the user interface's layout direction.
public final class UIApplication: Sendable {
  public static let shared = UIApplication()
  public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
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
