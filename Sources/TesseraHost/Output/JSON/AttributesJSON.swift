import TesseraKit

/// Attributes as JSON (docs/design.md, "JSON output").
enum AttributesJSON {
  /// ATTR; `id` is a cell's dataset id, given where the output lists items (`visible`, `dump`).
  static func json(_ e: Element, id: String? = nil) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("category", .string(e.category.description))]
    if let kind = e.kind { members.append(("kind", .string(kind))) }
    members += [("section", .number(Double(e.indexPath.section))), ("item", .number(Double(e.indexPath.item)))]
    if let id { members.append(("id", .string(id))) }
    // bounds and center as UICollectionViewLayoutAttributes has them: the frame's size at the
    // origin, and its middle, which a transform turns about.
    members += [
      ("frame", .array([e.frame.minX, e.frame.minY, e.frame.width, e.frame.height].map { .number($0) })),
      ("bounds", .array([0, 0, e.frame.width, e.frame.height].map { .number($0) })),
      ("center", .array([e.frame.midX, e.frame.midY].map { .number($0) })),
      ("zIndex", .number(Double(e.zIndex))), ("alpha", .number(e.alpha)), ("hidden", .bool(e.isHidden)),
    ]
    if e.transform != .identity {
      let t = e.transform
      members.append(("transform", .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map { .number($0) })))
    }
    if e.isTransformed { members.append(("transform3D", .array(e.transform3D.entries.map { .number($0) }))) }
    if !e.custom.isEmpty {
      members.append(("custom", .object(e.custom.map { ($0.key, .number($0.value)) })))
    }
    return .object(members)
  }

  /// Every element of a listing, whatever the table would show, each cell with its id.
  static func array(_ list: AttributeList) -> JSONOutput {
    .array(list.elements.indices.map { json(list.elements[$0], id: list.ids[$0]) })
  }
}
