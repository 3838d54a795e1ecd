import TesseraABI
import TesseraKit
import Testing

@Suite struct AttributesSinkTests {
  static let header = ElementKind.supplementary("header")
  static let footer = ElementKind.supplementary("footer")

  @Test func writesRecordsWithKindIndexesAndCountsOverflow() {
    let kinds = [Self.header, Self.footer]
    let records = UnsafeMutablePointer<tessera_attributes>.allocate(capacity: 2)
    defer { records.deallocate() }
    kinds.withUnsafeBufferPointer { kindBuffer in
      var sink = AttributesSink(records: records, capacity: 2, kinds: kindBuffer)
      var cell = LayoutAttributes(indexPath: IndexPath(0, 3), frame: Rect(x: 1, y: 2, width: 3, height: 4))
      cell.custom[1] = 7
      sink.append(cell)
      sink.append(LayoutAttributes(kind: Self.footer, indexPath: IndexPath(1, 0), frame: .zero, zIndex: 10))
      sink.append(LayoutAttributes(kind: Self.header, indexPath: IndexPath(2, 0), frame: .zero))
      #expect(sink.count == 3)
      #expect(!sink.fitted)
    }
    #expect(records[0].category == 0)
    #expect(records[0].kind == 0)
    #expect(records[0].index_path.item == 3)
    #expect(records[0].frame.height == 4)
    #expect(records[0].custom_mask == 0b10)
    #expect(records[0].custom.1 == 7)
    #expect(records[0].alpha == 1)
    #expect(records[0].transform.a == 1 && records[0].transform.d == 1)
    #expect(records[1].category == 1)
    #expect(records[1].kind == 2)
    #expect(records[1].z_index == 10)
  }

  @Test func undeclaredKindsGetTheInvalidIndex() {
    let kinds: [ElementKind] = [Self.header]
    kinds.withUnsafeBufferPointer { kindBuffer in
      let sink = AttributesSink(records: nil, capacity: 0, kinds: kindBuffer)
      #expect(sink.kindIndex(nil) == 0)
      #expect(sink.kindIndex(Self.header) == 1)
      #expect(sink.kindIndex(Self.footer) == UInt32.max)
    }
  }

  @Test func recordsReadBackIntoTheSameAttributes() {
    var a = LayoutAttributes(
      kind: Self.footer, indexPath: IndexPath(4, 0), frame: Rect(x: 1, y: 2, width: 3, height: 4), zIndex: 3)
    a.alpha = 0.5
    a.isHidden = true
    a.transform = Transform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6)
    let record = AttributesSink.record(a, kind: 2)
    #expect(LayoutAttributes(record: record, kinds: [Self.header, Self.footer]) == a)
    #expect(LayoutAttributes(record: record, kinds: [Self.header]) == nil)
  }
}
