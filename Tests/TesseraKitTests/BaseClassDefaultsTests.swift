import TesseraABI
import TesseraKit
import Testing

/// A layout that overrides nothing optional answers as `UICollectionViewLayout`'s base class does
/// (docs/uikit-behaviour.md, "Base-class defaults"); the DocC catalogue lists the same defaults.
@Suite struct BaseClassDefaultsTests {
  final class BareLayout: CollectionLayout {
    static let layoutDescription = LayoutDescription(name: "bare", summary: "overrides nothing optional")
    let collectionView: CollectionView
    init(collectionView: CollectionView) { self.collectionView = collectionView }
    func apply(options: LayoutOptions) throws(LayoutError) {}
    func prepare() throws(LayoutError) {}
    var collectionViewContentSize: Size { Size(width: 100, height: 100) }
    func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {}
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }
  }

  /// A data source whose bounds are (0, 0, 390, 844) and which has no items (the caller frees it).
  static func makeSource() -> UnsafeMutablePointer<tessera_data_source> {
    let table = UnsafeMutablePointer<tessera_data_source>.allocate(capacity: 1)
    table.initialize(
      to: tessera_data_source(
        struct_size: UInt32(MemoryLayout<tessera_data_source>.size), reserved: 0, context: nil,
        bounds: { _ in tessera_rect(x: 0, y: 0, width: 390, height: 844) }, number_of_sections: { _ in 0 },
        number_of_items: { _, _ in 0 }, item_metrics: { _, _, _, _, _, _ in 0 },
        number_property: { _, _, _, _, _ in -1 }, string_property: { _, _, _, _, _ in -1 },
        index_path_for_id: { _, _, _ in 0 }, number_property_bulk: { _, _, _, _, _, _, _, _ in 0 },
        screen_scale: { _ in 0 }, reference_bulk: { _, _, _, _, _, _ in 0 }, scroll_insets: { _, _ in },
        touch_location: { _, _ in 0 }))
    return table
  }

  /// ABI 2.3's bulk references: the host's answer where its table has the call; on an older
  /// host, one string_property and index_path_for_id per item (here: no such prop, so nil).
  @Test func referencesUseTheBulkCallOnlyWhereTheHostsTableHasIt() {
    let source = Self.makeSource()
    defer { source.deallocate() }
    source.pointee.number_of_items = { _, _ in 3 }
    source.pointee.reference_bulk = { _, _, first, count, _, out in
      for k in 0..<Int(count) {
        out![k] =
          k == 1 ? tessera_index_path(section: -1, item: -1) : tessera_index_path(section: 0, item: first + Int64(k))
      }
      return count
    }
    var paths = [IndexPath?](repeating: nil, count: 3)
    let got = paths.withUnsafeMutableBufferPointer {
      CollectionView(UnsafePointer(source)).references("parent", section: 1, from: 0, count: 5, into: $0.baseAddress!)
    }
    #expect(got == 3)
    #expect(paths == [IndexPath(0, 0), nil, IndexPath(0, 2)])
    source.pointee.struct_size = UInt32(MemoryLayout<tessera_data_source>.offset(of: \.reference_bulk)!)
    paths = [IndexPath(9, 9), IndexPath(9, 9), IndexPath(9, 9)]
    _ = paths.withUnsafeMutableBufferPointer {
      CollectionView(UnsafePointer(source)).references("parent", section: 1, from: 0, count: 3, into: $0.baseAddress!)
    }
    #expect(paths == [nil, nil, nil])
  }

  /// ABI 2.2's screen scale: nil when the host sets none (0) or its table predates it (a 2.1
  /// table is smaller), the scale otherwise.
  @Test func theScreenScaleIsReadOnlyWhereTheHostsTableHasIt() {
    let source = Self.makeSource()
    defer { source.deallocate() }
    #expect(CollectionView(UnsafePointer(source)).screenScale == nil)
    source.pointee.screen_scale = { _ in 3 }
    #expect(CollectionView(UnsafePointer(source)).screenScale == 3)
    source.pointee.struct_size = UInt32(TESSERA_DATA_SOURCE_V2_1_SIZE)
    #expect(CollectionView(UnsafePointer(source)).screenScale == nil)
  }

  @Test func everyOptionalHookAnswersAsUIKitsBaseClass() {
    let source = Self.makeSource()
    defer { source.deallocate() }
    let layout = BareLayout(collectionView: CollectionView(source))
    let cell = LayoutAttributes(indexPath: IndexPath(0, 0), frame: Rect(x: 0, y: 0, width: 50, height: 50))
    var bigger = cell
    bigger.frame.size = Size(width: 80, height: 90)
    // shouldInvalidateLayout(forBoundsChange:) → false, for a new size as for a scroll.
    #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 400, height: 900)) == false)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 300, width: 390, height: 844)) == false)
    // shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:) → false.
    #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: bigger, withOriginalAttributes: cell) == false)
    // invalidationContext(forBoundsChange:) → an empty context.
    #expect(
      layout.invalidationContext(forBoundsChange: Rect(x: 0, y: 0, width: 400, height: 844)) == InvalidationContext())
    // targetContentOffset, with and without velocity → the proposed offset.
    let proposed = Point(x: 12, y: 345)
    #expect(layout.targetContentOffset(forProposedContentOffset: proposed) == proposed)
    #expect(
      layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: Point(x: 0, y: 9))
        == proposed)
    // Appearing and disappearing elements → nil (the host fades them).
    #expect(layout.initialLayoutAttributesForAppearingElement(kind: nil, at: IndexPath(0, 0)) == nil)
    #expect(layout.finalLayoutAttributesForDisappearingElement(kind: nil, at: IndexPath(0, 0)) == nil)
    // The default context for a preferred size names the item and its size.
    let context = layout.invalidationContext(forPreferredLayoutAttributes: bigger, withOriginalAttributes: cell)
    #expect(context.items == [IndexPath(0, 0)])
    #expect(context.preferredSizes == [.init(indexPath: IndexPath(0, 0), size: Size(width: 80, height: 90))])
  }
}
