import UIKit

/// A column of 50×50 cells, 10 apart, that breaks a rule on purpose: the session
/// `sessions/uikit/misbehaving.session` shows each mistake reported as the plugin's, the
/// session left as it was.
public class UIKitBadLayout: UICollectionViewLayout {
  public enum Mode: String, CaseIterable {
    case fine, trapPrepare, trapQuery, nan, negative, nilItem, wrongItem, undeclaredKind, missingPath
  }

  public var mode = Mode.fine {
    didSet { invalidateLayout() }
  }

  private var frames: [CGRect] = []

  public override var collectionViewContentSize: CGSize {
    return CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(frames.count) * 60)
  }

  public override func prepare() {
    if mode == .trapPrepare { fatalError("the layout traps in prepare()") }
    let count = collectionView.map { cv in (0..<cv.numberOfSections).reduce(0) { $0 + cv.numberOfItems(inSection: $1) }
    }
    frames = (0..<(count ?? 0)).map { CGRect(x: 0, y: CGFloat($0) * 60, width: 50, height: 50) }
  }

  private func attributes(_ item: Int) -> UICollectionViewLayoutAttributes {
    let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
    switch mode {
    case .nan: attributes.frame = CGRect(x: .nan, y: frames[item].minY, width: 50, height: 50)
    case .negative: attributes.frame = CGRect(x: 0, y: frames[item].minY, width: -50, height: 50)
    case .missingPath:
      attributes.frame = frames[item]
      attributes.indexPath = IndexPath(item: item + 1000, section: 0)
    default: attributes.frame = frames[item]
    }
    return attributes
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    if mode == .trapQuery { return [frames.map { _ in attributes(0) }[frames.count]] }
    var found = frames.indices.filter { frames[$0].intersects(rect) }.map(attributes)
    if mode == .undeclaredKind, !found.isEmpty {
      let badge = UICollectionViewLayoutAttributes(
        forSupplementaryViewOfKind: "badge", with: IndexPath(item: 0, section: 0))
      badge.frame = CGRect(x: 40, y: 0, width: 10, height: 10)
      found.append(badge)
    }
    return found
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section == 0, indexPath.item < frames.count, mode != .nilItem else { return nil }
    return attributes(mode == .wrongItem ? (indexPath.item + 1) % frames.count : indexPath.item)
  }
}
