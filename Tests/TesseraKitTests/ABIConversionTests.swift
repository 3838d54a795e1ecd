import TesseraABI
import TesseraKit
import Testing

// The conversions are `package`: a plain import sees them, since test targets belong to the
// package.

@Suite struct ABIConversionTests {
  static let header = ElementKind.supplementary("header")
  static let footer = ElementKind.supplementary("footer")
  static let connector = ElementKind.decoration("connector")

  @Test func geometryRoundTrips() {
    let point = Point(x: -1.5, y: 2.25)
    #expect(Point(point.abi) == point)
    #expect(point.abi.x == -1.5 && point.abi.y == 2.25)

    let size = Size(width: 390, height: 844.5)
    #expect(Size(size.abi) == size)
    #expect(size.abi.width == 390 && size.abi.height == 844.5)

    let rect = Rect(x: 10, y: -20, width: 30.5, height: 40)
    #expect(Rect(rect.abi) == rect)
    let r = rect.abi
    #expect(r.x == 10 && r.y == -20 && r.width == 30.5 && r.height == 40)

    let transform = Transform(a: 2, b: 0.5, c: -0.5, d: 3, tx: 7, ty: -8)
    #expect(Transform(transform.abi) == transform)
    let t = transform.abi
    #expect(t.a == 2 && t.b == 0.5 && t.c == -0.5 && t.d == 3 && t.tx == 7 && t.ty == -8)
  }

  @Test func indexPathsRoundTripIncludingWholeSections() {
    let path = IndexPath(3, 41)
    #expect(IndexPath(path.abi) == path)
    #expect(path.abi.section == 3 && path.abi.item == 41 && !path.abi.isWholeSection)

    let section = tessera_index_path.wholeSection(5)
    #expect(section.section == 5 && section.item == TESSERA_NO_ITEM && section.isWholeSection)
    // A whole-section path reads as item -1, the form the host's section update items use.
    #expect(IndexPath(section) == IndexPath(5, IndexPath.noItem))
    #expect(IndexPath(5, IndexPath.noItem).abi.isWholeSection)

    #expect(tessera_index_path.item(nil, inSection: 2).isWholeSection)
    let item = tessera_index_path.item(7, inSection: 2)
    #expect(item.section == 2 && item.item == 7)

    #expect(tessera_index_path.unused.section == -1 && tessera_index_path.unused.item == -1)
  }

  @Test func categoriesRoundTrip() {
    for category in ElementCategory.allCases {
      #expect(ElementCategory(category.abi) == category)
    }
    #expect(ElementCategory.supplementary.abi == TESSERA_CATEGORY_SUPPLEMENTARY)
    #expect(ElementCategory(tessera_category(rawValue: 3)) == nil)
    #expect(ElementCategory(tessera_category(rawValue: 256)) == nil)
  }

  @Test func attributeRecordsRoundTripWithTransformAndCustomValues() {
    var a = LayoutAttributes(
      kind: Self.connector, indexPath: IndexPath(2, 9), frame: Rect(x: 1, y: 2, width: 3, height: 4), zIndex: -2)
    a.alpha = 0.25
    a.isHidden = true
    a.transform = Transform(a: 0, b: 1, c: -1, d: 0, tx: 12, ty: 13)
    a.custom[0] = 1.5
    a.custom[3] = -4
    let kinds = [Self.header, Self.footer, Self.connector]
    let kind = ABIKindIndex.index(of: a.kind, in: kinds)!
    let record = a.abi(kind: kind)
    #expect(record.struct_size == UInt32(MemoryLayout<tessera_attributes>.size))
    #expect(record.category == UInt32(ElementCategory.decoration.rawValue))
    #expect(record.kind == 3)
    #expect(record.hidden == 1)
    #expect(record.z_index == -2)
    #expect(record.index_path.section == 2 && record.index_path.item == 9)
    #expect(record.frame.width == 3)
    #expect(record.transform.b == 1 && record.transform.tx == 12)
    #expect(record.custom_mask == 0b1001)
    #expect(record.custom.0 == 1.5 && record.custom.3 == -4)
    #expect(LayoutAttributes(record: record, kinds: kinds) == a)
    // The public entry points are the same conversion.
    var viaSink = AttributesSink.record(a, kind: kind)
    #expect(withUnsafeBytes(of: &viaSink) { Array($0) } == withUnsafeBytes(of: record) { Array($0) })

    // The field-by-field record the host builds from its own elements.
    let fields = tessera_attributes(
      category: .decoration, kind: kind, indexPath: a.indexPath, frame: a.frame, zIndex: a.zIndex, alpha: a.alpha,
      isHidden: a.isHidden, transform: a.transform, custom: a.custom)
    #expect(LayoutAttributes(record: fields, kinds: kinds) == a)

    let cell = LayoutAttributes(indexPath: IndexPath(0, 1), frame: Rect(x: 0, y: 0, width: 5, height: 6))
    let cellRecord = cell.abi(kind: ABIKindIndex.cell)
    #expect(cellRecord.kind == 0 && cellRecord.alpha == 1 && cellRecord.transform.a == 1)
    #expect(LayoutAttributes(record: cellRecord, kinds: []) == cell)

    var unknownCategory = record
    unknownCategory.category = 7
    #expect(LayoutAttributes(record: unknownCategory, kinds: kinds) == nil)
  }

  @Test func kindIndexRule() {
    let declared = [Self.header, Self.footer]
    // A cell.
    #expect(ABIKindIndex.index(of: nil, in: declared) == 0)
    #expect(ABIKindIndex.cell == 0)
    #expect(ABIKindIndex.declaredPosition(of: UInt32(0), count: declared.count) == nil)
    // Declared kinds, from 1 in declaration order.
    #expect(ABIKindIndex.index(of: Self.header, in: declared) == 1)
    #expect(ABIKindIndex.index(of: Self.footer, in: declared) == 2)
    #expect(ABIKindIndex.declaredPosition(of: UInt16(2), count: declared.count) == 1)
    #expect(ABIKindIndex.index(ofDeclared: 0) == 1)
    // An unknown kind: no index (never the cell's), and no index reads back as one.
    #expect(ABIKindIndex.index(of: Self.connector, in: declared) == nil)
    #expect(ABIKindIndex.declaredPosition(of: UInt32(3), count: declared.count) == nil)
    #expect(ABIKindIndex.declaredPosition(of: ABIKindIndex.undeclared, count: declared.count) == nil)
    declared.withUnsafeBufferPointer { kinds in
      let sink = AttributesSink(records: nil, capacity: 0, kinds: kinds)
      #expect(sink.kindIndex(Self.connector) == ABIKindIndex.undeclared)
    }
    // A supplementary record with an undeclared kind is refused, not read as a cell.
    let record = LayoutAttributes(kind: Self.connector, indexPath: IndexPath(0, 0), frame: .zero)
      .abi(kind: ABIKindIndex.undeclared)
    #expect(LayoutAttributes(record: record, kinds: declared) == nil)
    // The host compares names: the same rule through a predicate.
    let hostKinds = [(name: "header", category: TESSERA_CATEGORY_SUPPLEMENTARY)]
    #expect(ABIKindIndex.index(of: "header", in: hostKinds) { $0.name == $1 } == 1)
    #expect(ABIKindIndex.index(of: "cell", in: hostKinds) { $0.name == $1 } == nil)
    #expect(ABIKindIndex.index(of: String?.none, in: hostKinds) { $0.name == $1 } == 0)
  }

  @Test func elementReferencesAndPreferredSizesRoundTrip() {
    let ref = tessera_element_ref(kind: 2, indexPath: IndexPath(4, 0))
    #expect(ref.kind == 2 && ref.reserved == 0 && IndexPath(ref.index_path) == IndexPath(4, 0))

    let preferred = InvalidationContext.PreferredSize(indexPath: IndexPath(1, 2), size: Size(width: 30, height: 40))
    #expect(InvalidationContext.PreferredSize(preferred.abi) == preferred)
    #expect(preferred.abi.size.height == 40 && preferred.abi.index_path.item == 2)
  }

  @Test func updateItemsRoundTrip() {
    let items = [
      UpdateItem(action: .insert, before: nil, after: IndexPath(0, 3)),
      UpdateItem(action: .delete, before: IndexPath(1, 0), after: nil),
      UpdateItem(action: .move, before: IndexPath(0, 1), after: IndexPath(2, 5)),
      UpdateItem(action: .reload, before: IndexPath(0, 4), after: IndexPath(0, 4)),
      UpdateItem(action: .insert, before: nil, after: IndexPath(3, IndexPath.noItem), isSection: true),
      UpdateItem(
        action: .move, before: IndexPath(1, IndexPath.noItem), after: IndexPath(0, IndexPath.noItem), isSection: true),
    ]
    for item in items {
      #expect(UpdateItem(item.abi) == item)
    }
    let sectionInsert = items[4].abi
    #expect(sectionInsert.struct_size == UInt32(MemoryLayout<tessera_update_item>.size))
    #expect(sectionInsert.action == TESSERA_UPDATE_INSERT.rawValue)
    #expect(sectionInsert.before.section == -1 && sectionInsert.before.item == -1)
    #expect(sectionInsert.after.section == 3 && sectionInsert.after.isWholeSection)
    // A section operation's paths are whole-section paths whatever item they carry.
    #expect(UpdateItem(action: .delete, before: IndexPath(2, 9), after: nil, isSection: true).abi.before.isWholeSection)

    var unknown = items[0].abi
    unknown.action = 9
    #expect(UpdateItem(unknown) == nil)
  }
}
