import UIKit

/// A flow whose lines start at the left inset with exactly the minimum spacing between items,
/// instead of being justified: super's attributes, copied and moved left.
///
///     |[0.0 ][0.1   ][0.2]   |
///     |[0.3    ][0.4 ]       |
public class LeftAlignedFlowLayout: UICollectionViewFlowLayout {
  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    // Whole lines: an item's place depends on the items before it in its line. Items of a line
    // are centred on it, so every one crosses the middle of any other: widening the band to
    // what the first answer covers takes in the rest of each line it touched.
    let width = max(collectionViewContentSize.width, rect.maxX)
    var band = CGRect(x: 0, y: rect.minY, width: width, height: rect.height)
    if let first = super.layoutAttributesForElements(in: band), !first.isEmpty {
      let top = first.map { $0.frame.minY }.min()!
      let bottom = first.map { $0.frame.maxY }.max()!
      band = band.union(CGRect(x: 0, y: top, width: width, height: bottom - top))
    }
    guard let attributes = super.layoutAttributesForElements(in: band) else { return nil }
    let copies = attributes.map { $0.copy() as! UICollectionViewLayoutAttributes }
    var leftMargin = sectionInset.left
    var lineMaxY: CGFloat = -.greatestFiniteMagnitude
    var section = -1
    for attributes in copies where attributes.representedElementCategory == .cell {
      if attributes.frame.minY >= lineMaxY || attributes.indexPath.section != section {
        leftMargin = sectionInset.left
      }
      attributes.frame.origin.x = leftMargin
      leftMargin += attributes.frame.width + minimumInteritemSpacing
      lineMaxY = max(lineMaxY, attributes.frame.maxY)
      section = attributes.indexPath.section
    }
    return copies.filter { $0.frame.intersects(rect) }
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let original = super.layoutAttributesForItem(at: indexPath) else { return nil }
    let line = CGRect(
      x: 0, y: original.frame.minY, width: collectionViewContentSize.width, height: original.frame.height)
    return layoutAttributesForElements(in: line)?.first {
      $0.representedElementCategory == .cell && $0.indexPath == indexPath
    }
  }
}
