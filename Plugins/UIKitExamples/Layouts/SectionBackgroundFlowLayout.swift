import UIKit

/// The view drawn behind each section (never drawn here: Tessera draws the kind).
public class SectionBackgroundView: UICollectionReusableView {
  public override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = UIColor.secondarySystemBackground
  }

  public required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

/// A flow with a decoration view behind each section's items: from the section's top inset to
/// its bottom inset, the full width, below the cells.
///
///     |[header            ]|
///     |{ [0.0] [0.1] [0.2] }|   { } the section's background
///     |{ [0.3]             }|
public class SectionBackgroundFlowLayout: UICollectionViewFlowLayout {
  public static let backgroundKind = "sectionBackground"

  private var backgrounds: [UICollectionViewLayoutAttributes] = []

  public override init() {
    super.init()
    register(SectionBackgroundView.self, forDecorationViewOfKind: Self.backgroundKind)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  public override func prepare() {
    super.prepare()
    backgrounds = []
    guard let collectionView = collectionView else { return }
    for section in 0..<collectionView.numberOfSections {
      let count = collectionView.numberOfItems(inSection: section)
      guard count > 0,
        let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
        let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))
      else { continue }
      let attributes = UICollectionViewLayoutAttributes(
        forDecorationViewOfKind: Self.backgroundKind, with: IndexPath(item: 0, section: section))
      let top = first.frame.minY - sectionInset.top
      let bottom = last.frame.maxY + sectionInset.bottom
      attributes.frame = CGRect(x: 0, y: top, width: collectionViewContentSize.width, height: bottom - top)
      attributes.zIndex = -1
      backgrounds.append(attributes)
    }
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    let found = super.layoutAttributesForElements(in: rect) ?? []
    return found + backgrounds.filter { $0.frame.intersects(rect) }
  }

  public override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard elementKind == Self.backgroundKind else { return nil }
    return backgrounds.first { $0.indexPath == indexPath }
  }
}
