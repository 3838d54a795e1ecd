import Algorithms
import TesseraKit

/// The mosaic of Apple's WWDC 2018 sample "A Tour of UICollectionView": full-width segments
/// cycling through four styles.
///
/// ```
///  |[      0.0       ]|  fullWidth
///  |[  0.1  ][  0.2  ]|  fiftyFifty
///  |[   0.3   ][0.4 ]|  twoThirdsOneThird (0.4 over 0.5)
///  |[   0.3   ][0.5 ]|
///  |[0.6 ][   0.8   ]|  oneThirdTwoThirds (0.6 over 0.7)
///  |[0.7 ][   0.8   ]|
/// ```
public final class MosaicLayout: CollectionLayout {
  public static let layoutDescription = LayoutDescription(
    name: "mosaic",
    summary: "Apple's WWDC 2018 mosaic: full-width segments in four cycling styles",
    options: [
      OptionDescription("segmentHeight", .number, default: "200", doc: "height of every segment", minimum: 0)
    ])

  enum Style {
    case fullWidth, fiftyFifty, twoThirdsOneThird, oneThirdTwoThirds
  }

  /// One segment: its frame along y and the items it places (1 to 3).
  struct Segment {
    var minY: Double
    var maxY: Double
    var firstItem: Int
    var count: Int
  }

  public let collectionView: CollectionView
  var segmentHeight = 200.0
  var frames: [Rect] = []
  var offsets = SectionOffsets()
  var segments: [Segment] = []
  var segmentSection: [Int32] = []
  var contentSize = Size.zero

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    segmentHeight = options.number("segmentHeight", default: segmentHeight)
  }

  public var collectionViewContentSize: Size { contentSize }

  /// Item sizes play no part here (segments are fixed): a preferred size changes nothing.
  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    false
  }

  /// The sample's `dividedIntegral`: cut at ⌈dimension × fraction⌉ from the min edge; the
  /// remainder starts 1 pt further and is 1 pt shorter, but never shorter than nothing (a
  /// segment or column under 2 pt would otherwise give a negative size).
  static func divided(_ r: Rect, fraction: Double, alongX: Bool) -> (Rect, Rect) {
    if alongX {
      let distance = (r.width * fraction).rounded(.up)
      return (
        Rect(x: r.minX, y: r.minY, width: distance, height: r.height),
        Rect(x: r.minX + distance + 1, y: r.minY, width: max(0, r.width - distance - 1), height: r.height)
      )
    }
    let distance = (r.height * fraction).rounded(.up)
    return (
      Rect(x: r.minX, y: r.minY, width: r.width, height: distance),
      Rect(x: r.minX, y: r.minY + distance + 1, width: r.width, height: max(0, r.height - distance - 1))
    )
  }

  /// A new viewport size lays the items out again; scrolling does not. (Without this, the SDK's
  /// default is UIKit's base class, which never invalidates for a bounds change.)
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != collectionView.bounds.size
  }

  public func prepare() throws(LayoutError) {
    let width = collectionView.bounds.width
    let sectionCount = collectionView.numberOfSections
    // Built in locals and stored once: appending to a class's properties in the loop would pay a
    // dynamic exclusivity check per item.
    var frames = self.frames
    var segments = self.segments
    var segmentSection = self.segmentSection
    var offsets = SectionOffsets()
    (self.frames, self.segments, self.segmentSection) = ([], [], [])
    frames.removeAll(keepingCapacity: true)
    segments.removeAll(keepingCapacity: true)
    segmentSection.removeAll(keepingCapacity: true)
    let total = (0..<sectionCount).reduce(0) { $0 + collectionView.numberOfItems(inSection: $1) }
    frames.reserveCapacity(total)
    segments.reserveCapacity(total / 2 + sectionCount)
    segmentSection.reserveCapacity(total / 2 + sectionCount)
    let segmentHeight = self.segmentHeight
    var lastFrame = Rect.zero
    for s in 0..<sectionCount {
      let count = collectionView.numberOfItems(inSection: s)
      offsets.append(count: count)
      var style = Style.fullWidth  // each section restarts the cycle
      var index = 0
      while index < count {
        let segment = Rect(x: 0, y: lastFrame.maxY + 1, width: width, height: segmentHeight)
        var rects: [Rect]
        switch style {
        case .fullWidth:
          rects = [segment]
        case .fiftyFifty:
          let (left, right) = Self.divided(segment, fraction: 0.5, alongX: true)
          rects = [left, right]
        case .twoThirdsOneThird:
          let (left, right) = Self.divided(segment, fraction: 2.0 / 3.0, alongX: true)
          let (top, bottom) = Self.divided(right, fraction: 0.5, alongX: false)
          rects = [left, top, bottom]
        case .oneThirdTwoThirds:
          let (left, right) = Self.divided(segment, fraction: 1.0 / 3.0, alongX: true)
          let (top, bottom) = Self.divided(left, fraction: 0.5, alongX: false)
          rects = [top, bottom, right]
        }
        // The sample lays out a whole style even past the last item; Tessera stops at it (the
        // next-style rule below never picks a style with more items than are left).
        rects = Array(rects.prefix(count - index))
        segments.append(Segment(minY: segment.minY, maxY: segment.maxY, firstItem: frames.count, count: rects.count))
        segmentSection.append(Int32(s))
        for rect in rects {
          frames.append(rect)
          lastFrame = rect
        }
        index += rects.count
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
    // The union of the bounds' size and every frame (the sample's loop never adds its last).
    var content = Rect(origin: .zero, size: collectionView.bounds.size)
    for frame in frames { content = content.union(frame) }
    contentSize = Size(width: content.maxX, height: content.maxY)
    (self.frames, self.segments, self.segmentSection, self.offsets) = (
      frames, segments, segmentSection, offsets
    )
  }

  /// Segments are sorted along y and contiguous, so a binary search over segments (not single
  /// frames, whose min y is not sorted inside a segment) finds every overlapping frame — the
  /// sample's frame-by-frame early exit can miss a tall 2/3 item beside two short ones.
  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    var index = segments.partitioningIndex { $0.maxY >= rect.minY }
    while index < segments.count, segments[index].minY <= rect.maxY {
      let segment = segments[index]
      let s = Int(segmentSection[index])
      for item in segment.firstItem..<(segment.firstItem + segment.count) where frames[item].intersects(rect) {
        sink.append(LayoutAttributes(indexPath: IndexPath(s, item - offsets.starts[s]), frame: frames[item]))
      }
      index += 1
    }
  }

  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    for (index, segment) in segments.enumerated() {
      let s = Int(segmentSection[index])
      for item in segment.firstItem..<(segment.firstItem + segment.count) {
        sink.append(LayoutAttributes(indexPath: IndexPath(s, item - offsets.starts[s]), frame: frames[item]))
      }
    }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    offsets.flatIndex(of: indexPath).map { LayoutAttributes(indexPath: indexPath, frame: frames[$0]) }
  }
}
