import Foundation
import TesseraKit

/// The host's dataset and bounds, read through TesseraKit's `CollectionView` (the C data
/// source) and answered in Foundation's types: what `UICollectionView` and the dataset delegate
/// read. Without a source (the registration's probe instance) the collection view is empty.
final class DatasetSource {
  let collectionView: TesseraKit.CollectionView?

  init(_ collectionView: TesseraKit.CollectionView?) {
    self.collectionView = collectionView
  }

  var numberOfSections: Int { collectionView?.numberOfSections ?? 0 }

  func numberOfItems(inSection section: Int) -> Int {
    guard let collectionView, section >= 0, section < collectionView.numberOfSections else { return 0 }
    return collectionView.numberOfItems(inSection: section)
  }

  var bounds: CGRect { collectionView.map { CGRect($0.bounds) } ?? .zero }

  var screenScale: CGFloat? { collectionView?.screenScale.map { CGFloat($0) } }
  /// The scroll view's insets (`viewport … inset= safeArea= margins=`), all zero before a pass.
  var scrollInsets: ScrollInsets { collectionView?.scrollInsets ?? ScrollInsets() }

  /// The pan gesture's finger (ABI 2.6): in content coordinates, and whether it is down.
  var touch: (location: CGPoint, isDown: Bool) {
    guard let touch = collectionView?.touch else { return (.zero, false) }
    return (CGPoint(x: touch.location.x, y: touch.location.y), touch.isDown)
  }

  func contains(_ indexPath: Foundation.IndexPath) -> Bool {
    indexPath.count == 2 && indexPath.section >= 0 && indexPath.item >= 0
      && indexPath.item < numberOfItems(inSection: indexPath.section)
  }

  /// The size the dataset gives the item, or nil.
  func itemSize(at indexPath: Foundation.IndexPath) -> CGSize? {
    guard let collectionView, contains(indexPath) else { return nil }
    return collectionView.itemSize(at: TesseraKit.IndexPath(indexPath.section, indexPath.item)).map(CGSize.init)
  }

  /// A numeric prop of an item (`item` nil: of the section); scalars are lists of one.
  func numbers(_ key: String, section: Int, item: Int?) -> [CGFloat]? {
    guard let collectionView, section >= 0, section < numberOfSections else { return nil }
    if let item, item < 0 || item >= numberOfItems(inSection: section) { return nil }
    return collectionView.numbers(key, section: section, item: item)?.map { CGFloat($0) }
  }

  /// A string prop of an item (`item` nil: of the section).
  func string(_ key: String, section: Int, item: Int?) -> String? {
    guard let collectionView, section >= 0, section < numberOfSections else { return nil }
    if let item, item < 0 || item >= numberOfItems(inSection: section) { return nil }
    return collectionView.string(key, section: section, item: item)
  }

  func indexPath(forItemID id: String) -> Foundation.IndexPath? {
    collectionView?.indexPath(forItemID: id).map { Foundation.IndexPath(item: $0.item, section: $0.section) }
  }
}
