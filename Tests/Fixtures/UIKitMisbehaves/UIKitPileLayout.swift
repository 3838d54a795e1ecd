import UIKit

/// Cells piled on each other, for what lies at a point (`item at X Y`, `element at X Y`). Six
/// 100×100 cells: 0 at (0, 0) z 0, 1 at (30, 30) z 2, 2 at (60, 60) z 1 and hidden, 3 at (90, 90)
/// z 1 and transparent (alpha 0), 4 at (120, 120) z 3 turned 45° about its centre, 5 at (50, 0)
/// z 0 (a tie with 0 where they overlap). Items past 5 repeat the pattern 300 points lower.
public class UIKitPileLayout: UICollectionViewLayout {
  private static let origins = [
    CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 30), CGPoint(x: 60, y: 60), CGPoint(x: 90, y: 90),
    CGPoint(x: 120, y: 120), CGPoint(x: 50, y: 0),
  ]
  private static let zIndices = [0, 2, 1, 1, 3, 0]
  private var count = 0

  public override var collectionViewContentSize: CGSize {
    return CGSize(width: 400, height: CGFloat((count + 5) / 6) * 300)
  }

  public override func prepare() {
    count = collectionView?.numberOfItems(inSection: 0) ?? 0
  }

  private func frame(_ item: Int) -> CGRect {
    let origin = UIKitPileLayout.origins[item % 6]
    return CGRect(x: origin.x, y: origin.y + CGFloat(item / 6) * 300, width: 100, height: 100)
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    return (0..<count).filter { frame($0).intersects(rect) }.compactMap {
      layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
    }
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section == 0, indexPath.item < count else { return nil }
    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
    attributes.frame = frame(indexPath.item)
    attributes.zIndex = UIKitPileLayout.zIndices[indexPath.item % 6]
    switch indexPath.item % 6 {
    case 2: attributes.isHidden = true
    case 3: attributes.alpha = 0
    case 4: attributes.transform = CGAffineTransform(rotationAngle: .pi / 4)
    default: break
    }
    return attributes
  }
}
