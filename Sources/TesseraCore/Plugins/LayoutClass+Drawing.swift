import TesseraABI
import TesseraKit

/// The `tessera.drawing/1` extension (drawing.h): how a layout asks pictures to draw its kinds.
extension LayoutClass {
  /// Reads the layout's drawing table, if it has one, checking every entry: kinds it declared,
  /// known shapes and directions, flip values among its custom keys, entries read at the stride
  /// the table states. Kinds not listed are boxes.
  package static func readDrawings(
    _ source: ExtensionSource, kinds: [(category: tessera_category, name: String)], customKeys: [String]
  ) throws(HostError) -> [String: KindDrawingHint] {
    guard
      let table = try source.table(
        TESSERA_DRAWING_EXTENSION_ID, defaults: tessera_drawing_extension(),
        minimumSize: MemoryLayout<tessera_drawing_extension>.size)
    else { return [:] }
    func bad(_ what: String) -> HostError { source.bug(TESSERA_DRAWING_EXTENSION_ID, what) }
    guard table.kind_count <= UInt32(kinds.count) else {
      throw bad("lists \(table.kind_count) kinds, but the layout declares \(kinds.count)")
    }
    guard table.kind_count == 0 || table.kinds != nil else { throw bad("lists kinds but gives no array") }
    let entrySize = Int(TESSERA_KIND_DRAWING_V1_SIZE)
    guard table.kind_count == 0 || table.kind_stride >= UInt32(entrySize) else {
      throw bad("has entries \(table.kind_stride) bytes apart, less than the \(entrySize) of one entry")
    }
    var drawings: [String: KindDrawingHint] = [:]
    let base = UnsafeRawPointer(table.kinds)
    for index in 0..<Int(table.kind_count) {
      guard let base else { break }
      let record = ABIRecord(base, at: index, stride: Int(table.kind_stride), defaults: tessera_kind_drawing())
      let entry = record.value
      guard record.declaredSize >= entrySize, record.declaredSize <= Int(table.kind_stride) else {
        throw bad(
          "entry \(index) is \(record.declaredSize) bytes, smaller than the \(entrySize) this host reads or larger than its stride \(table.kind_stride)"
        )
      }
      guard entry.kind < UInt32(kinds.count) else { throw bad("entry \(index) names undeclared kind \(entry.kind)") }
      let shape: KindDrawingHint.Shape
      switch tessera_shape(rawValue: entry.shape) {
      case TESSERA_SHAPE_BOX: shape = .box
      case TESSERA_SHAPE_LINE: shape = .line
      case TESSERA_SHAPE_DOT: shape = .dot
      default: throw bad("entry \(index) has unknown shape \(entry.shape)")
      }
      let direction: KindDrawingHint.Direction
      switch tessera_line_direction(rawValue: entry.direction) {
      case TESSERA_LINE_RISING: direction = .rising
      case TESSERA_LINE_FALLING: direction = .falling
      default: throw bad("entry \(index) has unknown line direction \(entry.direction)")
      }
      var flipKey: String?
      if entry.flip_custom >= 0 {
        guard Int(entry.flip_custom) < customKeys.count else {
          throw bad("entry \(index) flips on custom value \(entry.flip_custom), but the layout has \(customKeys.count)")
        }
        flipKey = customKeys[Int(entry.flip_custom)]
      } else if entry.flip_custom != -1 {
        throw bad("entry \(index) has flip_custom \(entry.flip_custom): give an index into custom_keys, or -1")
      }
      var label: KindDrawingHint.CustomLabel?
      switch tessera_label_format(rawValue: entry.label_format) {
      case TESSERA_LABEL_PATH: break
      case TESSERA_LABEL_NUMBER, TESSERA_LABEL_DATE:
        guard entry.label_custom >= 0, Int(entry.label_custom) < customKeys.count else {
          throw bad(
            "entry \(index) labels with custom value \(entry.label_custom), but the layout has \(customKeys.count)")
        }
        label = KindDrawingHint.CustomLabel(
          customKeys[Int(entry.label_custom)], as: entry.label_format == TESSERA_LABEL_DATE.rawValue ? .date : .number)
      default: throw bad("entry \(index) has unknown label format \(entry.label_format)")
      }
      var colourProp: String?
      if let text = entry.colour_prop, record.declaredSize >= MemoryLayout<tessera_kind_drawing>.size {
        guard entry.kind == 0 else {
          throw bad("entry \(index) colours kind \(entry.kind) by a prop: only cells (kind 0) have props")
        }
        // Read no further than 256 bytes, whatever the plugin wrote.
        var length = 0
        while length < 256, text[length] != 0 { length += 1 }
        let bytes = UnsafeBufferPointer(start: text, count: length).map { UInt8(bitPattern: $0) }
        guard (1...255).contains(length), let name = String(validating: bytes, as: UTF8.self) else {
          throw bad("entry \(index) colours cells by a prop whose name is not 1 to 255 bytes of UTF-8")
        }
        colourProp = name
      }
      // Cells are listed under the cell kind's name ("cell").
      let (category, name) = kinds[Int(entry.kind)]
      let kind =
        entry.kind == 0
        ? nil : ElementKind(category == TESSERA_CATEGORY_DECORATION ? .decoration : .supplementary, named: name)
      drawings[name] = KindDrawingHint(
        kind, shape, direction: direction, flipKey: flipKey, label: label, colourProp: colourProp)
    }
    return drawings
  }
}
