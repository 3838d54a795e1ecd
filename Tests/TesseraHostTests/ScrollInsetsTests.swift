import TesseraABI
import TesseraHost
import TesseraKit
import Testing

/// The scroll view's insets: how they resolve for each adjustment behaviour, and how they cross the
/// ABI (never written past the reader's struct_size, all zero from an older host).
@Suite struct ScrollInsetsTests {
  /// A landscape phone: the safe area covers the sides and the home indicator.
  static func landscape(_ adjustment: ScrollInsets.Adjustment) -> ViewportInsets {
    var insets = ViewportInsets()
    insets.content = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    insets.safeArea = EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
    insets.adjustment = adjustment
    return insets
  }

  @Test func eachBehaviourAddsTheSafeAreaOnItsEdges() {
    func adjusted(_ adjustment: ScrollInsets.Adjustment, across: Bool, down: Bool) -> EdgeInsets {
      Self.landscape(adjustment).resolved(scrollsAcross: across, scrollsDown: down).adjustedContentInset
    }
    let none = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    let sides = EdgeInsets(top: 1, left: 49, bottom: 3, right: 51)
    let topBottom = EdgeInsets(top: 1, left: 2, bottom: 24, right: 4)
    let all = EdgeInsets(top: 1, left: 49, bottom: 24, right: 51)
    #expect(adjusted(.automatic, across: false, down: false) == topBottom)
    #expect(adjusted(.automatic, across: true, down: false) == all)
    #expect(adjusted(.scrollableAxes, across: false, down: false) == none)
    #expect(adjusted(.scrollableAxes, across: false, down: true) == topBottom)
    #expect(adjusted(.scrollableAxes, across: true, down: false) == sides)
    #expect(adjusted(.never, across: true, down: true) == none)
    #expect(adjusted(.always, across: false, down: false) == all)
    let resolved = Self.landscape(.never).resolved(scrollsAcross: false, scrollsDown: true)
    #expect(resolved.layoutMargins == EdgeInsets(top: 8, left: 55, bottom: 29, right: 55))
    #expect(resolved.safeAreaInsets == EdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
    #expect(resolved.contentInset == none)
  }

  /// A reader with room for the content inset only gets that, and nothing past it is touched.
  @Test func theHostWritesNoMoreThanTheReaderHasRoomFor() throws {
    let model = CollectionModel(bounds: Rect(x: 0, y: 0, width: 844, height: 390))
    model.insets = Self.landscape(.always)
    let call = try #require(model.dataSourceTable.pointee.scroll_insets)
    let full = MemoryLayout<tessera_scroll_insets>.size
    let room = MemoryLayout<tessera_scroll_insets>.offset(of: \.adjusted_content_inset)!
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: full, alignment: 8)
    defer { bytes.deallocate() }
    bytes.initializeMemory(as: UInt8.self, repeating: 0xAB, count: full)
    let out = bytes.assumingMemoryBound(to: tessera_scroll_insets.self)
    out.pointee.struct_size = UInt32(room)
    call(model.dataSourceTable.pointee.context, out)
    #expect(out.pointee.struct_size == UInt32(room))
    #expect(out.pointee.adjustment == ScrollInsets.Adjustment.always.rawValue)
    #expect(out.pointee.content_inset.left == 2 && out.pointee.content_inset.right == 4)
    #expect((room..<full).allSatisfy { bytes.load(fromByteOffset: $0, as: UInt8.self) == 0xAB })
    // A whole struct reads back what the model resolves.
    out.pointee.struct_size = UInt32(full)
    call(model.dataSourceTable.pointee.context, out)
    #expect(ScrollInsets(out.pointee) == model.scrollInsets)
    #expect(model.scrollInsets.adjustedContentInset == EdgeInsets(top: 1, left: 49, bottom: 24, right: 51))
  }

  /// A host older than 2.5 has no `scroll_insets`: TesseraKit answers all zero.
  @Test func anOlderHostGivesNoInsets() {
    let model = CollectionModel(bounds: Rect(x: 0, y: 0, width: 390, height: 844))
    model.insets = Self.landscape(.always)
    var old = model.dataSourceTable.pointee
    old.struct_size = UInt32(
      MemoryLayout<tessera_data_source>.offset(of: \.reference_bulk)! + MemoryLayout<UnsafeRawPointer>.size)
    withUnsafePointer(to: &old) { table in
      #expect(CollectionView(table).scrollInsets == ScrollInsets())
    }
    withUnsafePointer(to: model.dataSourceTable.pointee) { table in
      #expect(CollectionView(table).scrollInsets == model.scrollInsets)
    }
  }
}
