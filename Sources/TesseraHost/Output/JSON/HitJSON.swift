import TesseraKit

/// `item at X Y` and `element at X Y` as JSON: `{"at": [x, y], "hit": ATTRIBUTES or null}`.
enum HitJSON {
  static func json(_ report: HitReport) -> JSONOutput {
    let list = report.found
    var members: [(String, JSONOutput)] = [
      ("at", JSONFormatter.pair(report.point.x, report.point.y)),
      ("hit", list.elements.first.map { AttributesJSON.json($0, id: list.ids.first ?? nil) } ?? .null),
    ]
    if report.outside != nil { members.append(("outsideBounds", .bool(true))) }
    return .object(members)
  }
}
