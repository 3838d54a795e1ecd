import TesseraKit

/// Attributes as JSON (DESIGN §3 "JSON output").
enum AttributesJSON {
  static func json(_ e: Element) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("category", .string(e.category.description))]
    if let kind = e.kind { members.append(("kind", .string(kind))) }
    members += [
      ("section", .number(Double(e.indexPath.section))), ("item", .number(Double(e.indexPath.item))),
      ("frame", .array([e.frame.minX, e.frame.minY, e.frame.width, e.frame.height].map { .number($0) })),
      ("zIndex", .number(Double(e.zIndex))), ("alpha", .number(e.alpha)), ("hidden", .bool(e.isHidden)),
    ]
    if e.transform != .identity {
      let t = e.transform
      members.append(("transform", .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map { .number($0) })))
    }
    if !e.custom.isEmpty {
      members.append(("custom", .object(e.custom.map { ($0.key, .number($0.value)) })))
    }
    return .object(members)
  }

  /// `{"attributes": [...]}`: every element, whatever the table would show.
  static func list(_ elements: [Element]) -> JSONOutput {
    .object([("attributes", .array(elements.map(json)))])
  }
}
