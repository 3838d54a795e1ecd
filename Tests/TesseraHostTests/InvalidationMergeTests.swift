import TesseraCore
import TesseraKit
import Testing

/// Invalidations merge until the next pass: flags add up, each element is named once in the
/// order first named, a later preferred size for an item replaces the earlier one in its place,
/// adjustments add. Through the index (what the host keeps while merging) the result is the one
/// the plain statement of the rule gives, for many contexts naming many elements.
@Suite struct InvalidationMergeTests {
  static func naive(_ contexts: [InvalidationContext]) -> InvalidationContext {
    var merged = contexts[0]
    for other in contexts.dropFirst() {
      merged.flags.formUnion(other.flags)
      for item in other.items where !merged.items.contains(item) { merged.items.append(item) }
      for ref in other.supplementaries where !merged.supplementaries.contains(ref) {
        merged.supplementaries.append(ref)
      }
      for ref in other.decorations where !merged.decorations.contains(ref) { merged.decorations.append(ref) }
      for size in other.preferredSizes {
        if let index = merged.preferredSizes.firstIndex(where: { $0.indexPath == size.indexPath }) {
          merged.preferredSizes[index].size = size.size
        } else {
          merged.preferredSizes.append(size)
        }
      }
      merged.contentSizeAdjustment.height += other.contentSizeAdjustment.height
      merged.contentOffsetAdjustment.y += other.contentOffsetAdjustment.y
    }
    return merged
  }

  @Test func mergingThroughTheIndexIsThePlainRule() {
    var rng = SplitMix64(seed: 11)
    let header = ElementKind.supplementary("header")
    let line = ElementKind.decoration("line")
    var contexts: [InvalidationContext] = []
    for k in 0..<60 {
      var context = InvalidationContext(flags: k == 30 ? .bounds : [])
      for _ in 0..<rng.int(in: 0...200) {
        let path = IndexPath(rng.int(in: 0...3), rng.int(in: 0...300))
        switch rng.int(in: 0...3) {
        case 0: context.items.append(path)
        case 1: context.supplementaries.append(.init(kind: header, indexPath: path))
        case 2: context.decorations.append(.init(kind: line, indexPath: path))
        default:
          context.preferredSizes.append(.init(indexPath: path, size: Size(width: Double(k), height: 10)))
        }
      }
      context.contentSizeAdjustment.height = 1
      context.contentOffsetAdjustment.y = 2
      contexts.append(context)
    }
    var merged = contexts[0]
    var index = InvalidationContext.MergeIndex(merged)
    for other in contexts.dropFirst() { merged.merge(other, index: &index) }
    #expect(merged == Self.naive(contexts))
    #expect(merged.flags == .bounds)
    #expect(merged.contentSizeAdjustment.height == 60 && merged.contentOffsetAdjustment.y == 120)
    // The plain merge (an index made for the one call) agrees.
    var plain = contexts[0]
    for other in contexts.dropFirst() { plain.merge(other) }
    #expect(plain == merged)
  }
}
