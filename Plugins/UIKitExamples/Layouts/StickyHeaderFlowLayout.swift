import UIKit

/// A flow whose section headers stick to the top of the visible bounds while their section is
/// on screen, the way apps did it before `sectionHeadersPinToVisibleBounds`: every scroll
/// invalidates, and each header is moved to
/// `min(max(offset, first item's top − header height), last item's bottom − header height)`.
public class StickyHeaderFlowLayout: UICollectionViewFlowLayout {
  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    return true
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    guard let collectionView = collectionView, let found = super.layoutAttributesForElements(in: rect) else {
      return nil
    }
    var answer = found.map { $0.copy() as! UICollectionViewLayoutAttributes }
    // Sections with items in the rect whose header is not: the header may stick into the rect.
    var sectionsWithItems = Set<Int>()
    for attributes in answer where attributes.representedElementCategory == .cell {
      sectionsWithItems.insert(attributes.indexPath.section)
    }
    for attributes in answer where attributes.representedElementKind == UICollectionView.elementKindSectionHeader {
      sectionsWithItems.remove(attributes.indexPath.section)
    }
    for section in sectionsWithItems.sorted() {
      let indexPath = IndexPath(item: 0, section: section)
      if let header = layoutAttributesForSupplementaryView(
        ofKind: UICollectionView.elementKindSectionHeader, at: indexPath)
      {
        answer.append(header)
      }
    }
    for attributes in answer where attributes.representedElementKind == UICollectionView.elementKindSectionHeader {
      stick(attributes, in: collectionView)
    }
    return answer
  }

  public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard let found = super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath) else {
      return nil
    }
    let attributes = found.copy() as! UICollectionViewLayoutAttributes
    if elementKind == UICollectionView.elementKindSectionHeader, let collectionView = collectionView {
      stick(attributes, in: collectionView)
    }
    return attributes
  }

  private func stick(_ header: UICollectionViewLayoutAttributes, in collectionView: UICollectionView) {
    let section = header.indexPath.section
    let count = collectionView.numberOfItems(inSection: section)
    guard count > 0,
      let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
      let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))
    else { return }
    let height = header.frame.height
    let offset = collectionView.contentOffset.y + collectionView.contentInset.top
    header.frame.origin.y = min(max(offset, first.frame.minY - height), last.frame.maxY - height)
    header.zIndex = 1024
  }
}
