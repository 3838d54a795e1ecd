public import Foundation

/// The delegate and data source of every collection view here: it answers as an app would,
/// from the dataset Tessera loaded or generated.
///
/// - `sizeForItemAt`: the item's `size`; the flow's `itemSize` when the item has none.
/// - Section metrics: the section's props `inset` [top, left, bottom, right], `lineSpacing`,
///   `interitemSpacing`, `header` and `footer` [width, height] when it has them; otherwise what
///   UIKit does for a delegate that does not implement the method (the flow layout's property).
///
/// A layout with a delegate protocol of its own is answered by an extension of this class, in a
/// few lines of your plugin (not of the layout file):
///
/// ```swift
/// extension TesseraDatasetDelegate: PinterestLayoutDelegate {
///   public func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat {
///     itemSize(at: indexPath)?.height ?? 0
///   }
/// }
/// ```
open class TesseraDatasetDelegate: NSObject, UICollectionViewDelegateFlowLayout, UICollectionViewDataSource {
  let source: DatasetSource

  init(source: DatasetSource) {
    self.source = source
  }

  // MARK: The dataset, for extensions

  /// The item's `size` in the dataset, nil when it gives none.
  public func itemSize(at indexPath: IndexPath) -> CGSize? { source.itemSize(at: indexPath) }

  /// The item's numeric prop `key` (the first number of a list), nil when absent.
  public func number(_ key: String, at indexPath: IndexPath) -> CGFloat? {
    numbers(key, at: indexPath)?.first
  }

  /// The item's numeric prop `key` as a list (a scalar is a list of one), nil when absent.
  public func numbers(_ key: String, at indexPath: IndexPath) -> [CGFloat]? {
    guard indexPath.count == 2 else { return nil }
    return source.numbers(key, section: indexPath.section, item: indexPath.item)
  }

  /// The item's string prop `key`, nil when absent.
  public func string(_ key: String, at indexPath: IndexPath) -> String? {
    guard indexPath.count == 2 else { return nil }
    return source.string(key, section: indexPath.section, item: indexPath.item)
  }

  /// The section's numeric prop `key` as a list, nil when absent.
  public func sectionNumbers(_ key: String, in section: Int) -> [CGFloat]? {
    source.numbers(key, section: section, item: nil)
  }

  /// The section's string prop `key`, nil when absent.
  public func sectionString(_ key: String, in section: Int) -> String? {
    source.string(key, section: section, item: nil)
  }

  /// The index path of the item whose id is `id`.
  public func indexPath(forItemID id: String) -> IndexPath? { source.indexPath(forItemID: id) }

  // MARK: UICollectionViewDataSource

  open func numberOfSections(in collectionView: UICollectionView) -> Int { source.numberOfSections }

  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    source.numberOfItems(inSection: section)
  }

  // MARK: UICollectionViewDelegateFlowLayout

  open func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    itemSize(at: indexPath) ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize
      ?? CGSize(width: 50, height: 50)
  }

  open func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    insetForSectionAt section: Int
  ) -> UIEdgeInsets {
    if let n = sectionNumbers("inset", in: section), n.count == 4 {
      return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    return (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
  }

  open func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    if let n = sectionNumbers("lineSpacing", in: section), n.count == 1 { return n[0] }
    return (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
  }

  open func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    if let n = sectionNumbers("interitemSpacing", in: section), n.count == 1 { return n[0] }
    return (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
  }

  open func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    if let n = sectionNumbers("header", in: section), n.count == 2 { return CGSize(width: n[0], height: n[1]) }
    return (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
  }

  open func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize {
    if let n = sectionNumbers("footer", in: section), n.count == 2 { return CGSize(width: n[0], height: n[1]) }
    return (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
  }
}
