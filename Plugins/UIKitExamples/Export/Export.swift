import UIKit
import UIKitExampleLayouts

/// The layout's own delegate protocol, answered from the dataset: a photo's height is its item's
/// height.
extension TesseraDatasetDelegate: PinterestLayoutDelegate {
  public func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath)
    -> CGFloat
  {
    itemSize(at: indexPath)?.height ?? 180
  }
}

/// The layouts, each under the name `layout NAME` takes, with its settings as options.
let layouts: [any UIKitLayoutRegistration] = [
  UIKitLayout("uikitflow", summary: "UIKit's UICollectionViewFlowLayout, through the UIKit surface") {
    UICollectionViewFlowLayout()
  },
  pinterest,
  UIKitLayout("leftaligned", summary: "a flow subclass whose lines start at the left inset") {
    LeftAlignedFlowLayout()
  },
  UIKitLayout("stickyheaders", summary: "a flow subclass whose headers stick, the pre-iOS 9 way") {
    StickyHeaderFlowLayout()
  },
  shrinkingList,
  UIKitLayout("sectionbackground", summary: "a flow subclass with a decoration view behind each section") {
    SectionBackgroundFlowLayout()
  },
  mosaic,
  coverFlow,
  springy,
]

/// The flow whose cells hang on springs (UIKit Dynamics): a scroll pulls them, `step` settles them.
let springy = UIKitLayout<SpringyFlowLayout>(
  "springy", summary: "a flow whose cells hang on springs (UIKit Dynamics): scrolls pull them, the clock settles them"
) { SpringyFlowLayout() }
.option("damping", \.damping, range: 0...1000, doc: "the springs' damping ratio (1: critical)")
.option(
  "frequency", \.frequency, range: 0...60,
  doc: "the springs' frequency in hertz (0: rigid; below half the 120 solver steps a second, as Box2D's manual advises)"
)
.option(
  "resistance", \.resistance, range: 1...1e9, doc: "a cell lags a scroll by delta × its distance from the finger / this"
)
.option("margin", \.margin, range: 0...1e6, doc: "how far beyond the visible rect cells hang on springs")

/// Items turned in perspective (a CATransform3D) by their distance from the middle.
let coverFlow = UIKitLayout<CoverFlowLayout>(
  "coverflow", summary: "a horizontal flow whose items turn in perspective away from the middle (CATransform3D)"
) { CoverFlowLayout() }
.option("maxAngle", \.maxAngle, range: 0...3.2, doc: "the turn, in radians, of an item reach or more from the middle")
.option("reach", \.reach, range: 1...1e6, doc: "how far from the middle an item turns its most")
.option("eyeDistance", \.eyeDistance, range: 1...1e6, doc: "the perspective: m34 = -1 / eyeDistance")

/// The bundled mosaic, ported to UIKit: the same attributes as `mosaic` on any dataset.
let mosaic = UIKitLayout<MosaicLayout>(
  "uikitmosaic", summary: "the WWDC 2018 mosaic written for UIKit: the same attributes as mosaic"
) { MosaicLayout() }
.option("segmentHeight", \.segmentHeight, range: 0...1e9, doc: "height of every segment")

let pinterest = UIKitLayout<PinterestLayout>(
  "pinterest", summary: "columns, each item to the shortest, with a delegate protocol"
) { (collectionView: UICollectionView) -> PinterestLayout in
  let layout = PinterestLayout()
  layout.delegate = collectionView.delegate as? PinterestLayoutDelegate
  return layout
}
.option("numberOfColumns", \.numberOfColumns, range: 1...64, doc: "how many columns")
.option("cellPadding", \.cellPadding, range: 0...1000, doc: "padding around each photo")

let shrinkingList = UIKitLayout<ShrinkingListLayout>(
  "shrinkinglist", summary: "cards that shrink away from the middle; its own attributes and context"
) { ShrinkingListLayout() }
.option("margin", \.margin, range: 0...1000, doc: "space left and right of the cards")
.option("spacing", \.spacing, range: 0...1000, doc: "space between cards")

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "uikit-examples", version: "1.0.0", layouts: layouts, host: (major, minor))
}
