import UIKit

/// A flow of full-width rows 60 high, in the form of Apple's column-flow sample: the item size
/// and the insets are set in `prepare()`, after `super.prepare()`, from the bounds of this pass.
public class ColumnFlowLayout: UICollectionViewFlowLayout {
  public override func prepare() {
    super.prepare()
    guard let collectionView = collectionView else { return }
    sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    itemSize = CGSize(width: collectionView.bounds.width - sectionInset.left - sectionInset.right, height: 60)
    minimumLineSpacing = 5
  }
}
