import UIKit

/// The four segment styles the mosaic cycles through.
enum MosaicSegmentStyle {
  case fullWidth
  case fiftyFifty
  case twoThirdsOneThird
  case oneThirdTwoThirds
}

/// Tessera's bundled `mosaic` (Apple's WWDC 2018 "A Tour of UICollectionView" mosaic) written
/// again for UIKit, in the sample's own form: a cache of attributes built in `prepare()`,
/// segments cut with `CGRect` division, content bounds grown by union. It keeps the bundled
/// layout's choices (stop at the last item, the last frame counts in the content, find a rect's
/// segments by binary search), so both give the same attributes.
///
///     |[      0.0       ]|  fullWidth
///     |[  0.1  ][  0.2  ]|  fiftyFifty
///     |[   0.3   ][0.4 ]|  twoThirdsOneThird (0.4 over 0.5)
///     |[   0.3   ][0.5 ]|
public class MosaicLayout: UICollectionViewLayout {
  public var segmentHeight: CGFloat = 200 {
    didSet { invalidateLayout() }
  }

  private var contentBounds = CGRect.zero
  private var cachedAttributes: [UICollectionViewLayoutAttributes] = []
  /// Each segment's vertical extent and the range of `cachedAttributes` it holds, top to bottom.
  private var segments: [(minY: CGFloat, maxY: CGFloat, items: Range<Int>)] = []
  /// Where each section's items start in `cachedAttributes`.
  private var sectionStarts: [Int] = []

  public override var collectionViewContentSize: CGSize {
    return CGSize(width: contentBounds.maxX, height: contentBounds.maxY)
  }

  public override func prepare() {
    super.prepare()
    guard let collectionView = collectionView else { return }
    cachedAttributes.removeAll()
    segments.removeAll()
    sectionStarts.removeAll()
    contentBounds = CGRect(origin: .zero, size: collectionView.bounds.size)
    var lastFrame = CGRect.zero
    for section in 0..<collectionView.numberOfSections {
      let count = collectionView.numberOfItems(inSection: section)
      sectionStarts.append(cachedAttributes.count)
      var style = MosaicSegmentStyle.fullWidth
      var index = 0
      while index < count {
        let segment = CGRect(
          x: 0, y: lastFrame.maxY + 1, width: collectionView.bounds.width, height: segmentHeight)
        var rects: [CGRect]
        switch style {
        case .fullWidth:
          rects = [segment]
        case .fiftyFifty:
          let halves = segment.dividedIntegral(fraction: 0.5, from: .minXEdge)
          rects = [halves.first, halves.second]
        case .twoThirdsOneThird:
          let columns = segment.dividedIntegral(fraction: 2.0 / 3.0, from: .minXEdge)
          let stack = columns.second.dividedIntegral(fraction: 0.5, from: .minYEdge)
          rects = [columns.first, stack.first, stack.second]
        case .oneThirdTwoThirds:
          let columns = segment.dividedIntegral(fraction: 1.0 / 3.0, from: .minXEdge)
          let stack = columns.first.dividedIntegral(fraction: 0.5, from: .minYEdge)
          rects = [stack.first, stack.second, columns.second]
        }
        rects = Array(rects.prefix(count - index))
        let first = cachedAttributes.count
        for rect in rects {
          let attributes = UICollectionViewLayoutAttributes(
            forCellWith: IndexPath(item: index, section: section))
          attributes.frame = rect
          cachedAttributes.append(attributes)
          contentBounds = contentBounds.union(rect)
          lastFrame = rect
          index += 1
        }
        segments.append((segment.minY, segment.maxY, first..<cachedAttributes.count))
        switch count - index {
        case 1: style = .fullWidth
        case 2: style = .fiftyFifty
        default:
          switch style {
          case .fullWidth: style = .fiftyFifty
          case .fiftyFifty: style = .twoThirdsOneThird
          case .twoThirdsOneThird: style = .oneThirdTwoThirds
          case .oneThirdTwoThirds: style = .fiftyFifty
          }
        }
      }
    }
  }

  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    return newBounds.size != collectionView?.bounds.size
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    // The first segment that ends below the rect's top, then every segment starting above its
    // bottom (a segment's frames are not sorted by y, but segments are).
    var low = 0
    var high = segments.count
    while low < high {
      let middle = (low + high) / 2
      if segments[middle].maxY >= rect.minY { high = middle } else { low = middle + 1 }
    }
    var found: [UICollectionViewLayoutAttributes] = []
    var index = low
    while index < segments.count, segments[index].minY <= rect.maxY {
      for attributes in cachedAttributes[segments[index].items] where attributes.frame.intersects(rect) {
        found.append(attributes)
      }
      index += 1
    }
    return found
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sectionStarts.count, indexPath.item >= 0 else { return nil }
    let end =
      indexPath.section + 1 < sectionStarts.count ? sectionStarts[indexPath.section + 1] : cachedAttributes.count
    let index = sectionStarts[indexPath.section] + indexPath.item
    return index < end ? cachedAttributes[index] : nil
  }
}

extension CGRect {
  /// Cut at ⌈dimension × fraction⌉ from the min edge; the remainder starts a point further and is
  /// a point shorter (the sample's one-point gutter), but never shorter than nothing.
  func dividedIntegral(fraction: CGFloat, from edge: CGRectEdge) -> (first: CGRect, second: CGRect) {
    if edge == .minXEdge {
      let distance = (width * fraction).rounded(.up)
      return (
        CGRect(x: minX, y: minY, width: distance, height: height),
        CGRect(x: minX + distance + 1, y: minY, width: max(0, width - distance - 1), height: height)
      )
    }
    let distance = (height * fraction).rounded(.up)
    return (
      CGRect(x: minX, y: minY, width: width, height: distance),
      CGRect(x: minX, y: minY + distance + 1, width: width, height: max(0, height - distance - 1))
    )
  }
}
