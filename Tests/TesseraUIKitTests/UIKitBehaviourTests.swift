import Foundation
import TesseraHost
import TesseraUIKit
import Testing
import UIKitExampleLayouts

/// UIKit's behaviour beyond frames: its own attributes class and invalidation context reach the
/// layout as UIKit passes them, and the base class's defaults are UIKit's.
@Suite struct UIKitBehaviourTests {
  /// Cards 40 tall, 10 apart, at y 0, 50 and 100 in a 200×100 viewport. Scale 1 − 0.2·depth,
  /// depth = |card's mid − visible mid| / 50 up to 1: at offset 0 (mid 50) 0.88, 0.92, 0.8; at
  /// offset 50 (mid 100) 0.8, 0.88, 0.92. The scroll reaches `invalidateLayout(with:)` as the
  /// layout's own context saying "depth only", so the frames are computed once.
  @Test func ownAttributesAndContextRoundTrip() throws {
    let made = Made()
    let registration = UIKitLayout<ShrinkingListLayout>("shrinkinglist") {
      let layout = ShrinkingListLayout()
      made.layout = layout
      return layout
    }
    let data = try UIKitSupport.dataset([[(100, 40), (100, 40), (100, 40)]])
    let session = try UIKitSupport.session([registration])
    UIKitSupport.run(session, "format json", "load \(data)", "viewport 200x100", "layout shrinkinglist")
    #expect(scales(session.execute("dump")) == [1 - 0.2 * 0.6, 1 - 0.2 * 0.4, 1 - 0.2 * 1])
    UIKitSupport.run(session, "scroll 0 50")
    #expect(scales(session.execute("dump")) == [1 - 0.2 * 1, 1 - 0.2 * 0.6, 1 - 0.2 * 0.4])
    #expect(made.layout?.framePasses == 1)
    UIKitSupport.run(session, "viewport 300x100")
    #expect(made.layout?.framePasses == 2)
  }

  /// The base class answers as UIKit's does: no elements, a zero size, no invalidation for a
  /// bounds change, the proposed offset.
  @Test func baseClassDefaultsAreUIKits() {
    let layout = UICollectionViewLayout()
    #expect(layout.collectionViewContentSize == .zero)
    #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 10, height: 10)) == nil)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: .zero) == false)
    let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
    #expect(
      layout.shouldInvalidateLayout(forPreferredLayoutAttributes: attributes, withOriginalAttributes: attributes)
        == false)
    #expect(layout.targetContentOffset(forProposedContentOffset: CGPoint(x: 3, y: 4)) == CGPoint(x: 3, y: 4))
    #expect(
      type(of: layout.invalidationContext(forBoundsChange: .zero)) == UICollectionViewLayoutInvalidationContext.self)
    #expect(layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 0, section: 0)) == nil)
    #expect(layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 0, section: 0)) == nil)
  }

  /// Frame, centre, size and bounds agree as UIKit keeps them; copies keep the subclass and its
  /// properties; equality sees them.
  @Test func attributesKeepUIKitsGeometryAndCopy() {
    let a = ShrinkingListAttributes(forCellWith: IndexPath(item: 2, section: 1))
    a.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    #expect(a.center == CGPoint(x: 25, y: 40))
    #expect(a.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
    a.size = CGSize(width: 10, height: 20)
    #expect(a.frame == CGRect(x: 20, y: 30, width: 10, height: 20))
    a.center = CGPoint(x: 0, y: 0)
    #expect(a.frame == CGRect(x: -5, y: -10, width: 10, height: 20))
    a.depth = 0.5
    let copy = a.copy() as! ShrinkingListAttributes
    #expect(copy.depth == 0.5 && copy.frame == a.frame && copy.indexPath == IndexPath(item: 2, section: 1))
    #expect(copy == a)
    copy.depth = 0.25
    #expect(copy != a)
    let header = UICollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: 0))
    #expect(header.representedElementCategory == .supplementaryView)
    #expect(header.representedElementKind == "UICollectionElementKindSectionHeader")
  }

  /// What few elements carry — a kind, a transform, an index path of another length — is kept
  /// exactly, copied, compared, and dropped again, as UIKit's attributes keep them.
  @Test func attributesKeepTheRarerValuesExactly() {
    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(indexes: [4, 7, 9]))
    #expect(a.indexPath == IndexPath(indexes: [4, 7, 9]))
    a.indexPath = IndexPath(item: 3, section: 2)
    #expect(a.indexPath == IndexPath(item: 3, section: 2) && a.indexPath.count == 2)
    a.indexPath = IndexPath(index: 5)
    #expect(a.indexPath == IndexPath(index: 5))

    let tilt = CATransform3DMakeRotation(0.5, 1, 0, 0)
    let b = UICollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, with: IndexPath(item: 0, section: 1))
    b.transform3D = tilt
    #expect(b.transform3D == tilt && !CATransform3DIsAffine(b.transform3D))
    #expect(b.representedElementKind == UICollectionView.elementKindSectionFooter)
    let copy = b.copy() as! UICollectionViewLayoutAttributes
    #expect(copy == b && copy.transform3D == tilt)
    copy.transform = CGAffineTransform(scaleX: 2, y: 2)
    #expect(copy.transform == CGAffineTransform(scaleX: 2, y: 2))
    #expect(copy.transform3D == CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: 2, y: 2)))
    #expect(copy != b && b.transform3D == tilt)
    copy.transform = .identity
    #expect(copy.representedElementKind == UICollectionView.elementKindSectionFooter)

    // Identity set explicitly equals never set.
    let plain = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    let reset = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    reset.transform3D = CATransform3DMakeScale(3, 3, 1)
    reset.transform3D = CATransform3DIdentity
    #expect(plain == reset && reset.transform == .identity)
  }

  private func scales(_ json: String?) -> [Double] {
    guard let data = json?.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let list = object["attributes"] as? [[String: Any]]
    else { return [] }
    return list.map { (($0["transform"] as? [Double])?.first ?? 1) }
  }
}

/// The layout a registration made last, for a test to look into (one test, one thread).
private final class Made: @unchecked Sendable {
  var layout: ShrinkingListLayout?
}
