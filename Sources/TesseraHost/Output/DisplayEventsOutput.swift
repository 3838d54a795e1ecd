import TesseraKit

/// Display events as text lines, named as listings name elements (`willDisplay cell 0.3 'i3'`,
/// `didEndDisplaying header 1.0`), and as JSON objects (`{"call": "willDisplay", "category":
/// "cell", "section": 0, "item": 3, "id": "i3"}`).
enum DisplayEventsOutput {
  static func lines(_ events: [DisplayEvent]) -> [String] {
    events.map { event in
      "\(event.call.rawValue) \((event.kind ?? "cell").escapingAllControls) \(event.indexPath)"
        + (event.id.map { " '\($0.escapingAllControls)'" } ?? "")
    }
  }

  static func json(_ events: [DisplayEvent]) -> JSONOutput {
    .array(
      events.map { event in
        var members: [(String, JSONOutput)] = [
          ("call", .string(event.call.rawValue)), ("category", .string(event.category.description)),
        ]
        if let kind = event.kind { members.append(("kind", .string(kind))) }
        members += [
          ("section", .number(Double(event.indexPath.section))), ("item", .number(Double(event.indexPath.item))),
        ]
        if let id = event.id { members.append(("id", .string(id))) }
        return .object(members)
      })
  }
}
