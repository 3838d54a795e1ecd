import TesseraKit

/// `layout … animated`, `zoom` and `transition` as JSON: the content offset as
/// `"contentOffset": [x, y]`, and for an animated change every element visible before or after
/// with its start and end attributes.
enum LayoutChangeJSON {
  static func json(_ report: LayoutChangeReport) -> JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("layout", .string(report.setting.layoutClass.name)), ("options", JSONFormatter.options(report.setting)),
    ]
    if let zoom = report.zoom {
      members.append(
        (
          "zoom",
          .object([
            ("option", .string(zoom.option)), ("from", .string(zoom.before)), ("to", .string(zoom.after)),
            ("focus", JSONFormatter.pair(zoom.focus.x, zoom.focus.y)), ("reset", .bool(zoom.isReset)),
          ])
        ))
    }
    members += [
      ("animated", .bool(report.changes != nil)),
      ("anchor", BatchReportJSON.path(report.anchor)),
      ("previousContentOffset", JSONFormatter.pair(report.offsetBefore.x, report.offsetBefore.y)),
      ("proposedContentOffset", JSONFormatter.pair(report.proposed.x, report.proposed.y)),
      ("contentOffset", JSONFormatter.pair(report.offset.x, report.offset.y)),
    ]
    if let changes = report.changes {
      members.append(
        (
          "animations",
          .array(
            changes.map { change in
              .object([
                ("element", .string(change.shown.kind ?? "cell")),
                ("path", BatchReportJSON.path(change.shown.indexPath)), ("change", .string(change.kind.rawValue)),
                ("start", AttributesJSON.json(change.start)), ("end", AttributesJSON.json(change.end)),
              ])
            })
        ))
    }
    return .object(members)
  }

  static func json(_ status: TransitionStatus) -> JSONOutput {
    .object([
      ("transition", .string(status.event.rawValue)), ("from", .string(status.from)), ("to", .string(status.to)),
      ("progress", .number(status.progress)),
      ("contentOffset", JSONFormatter.pair(status.offset.x, status.offset.y)),
      ("fromContentOffset", JSONFormatter.pair(status.fromOffset.x, status.fromOffset.y)),
      ("toContentOffset", JSONFormatter.pair(status.toOffset.x, status.toOffset.y)),
      ("proposedContentOffset", JSONFormatter.pair(status.proposed.x, status.proposed.y)),
      ("pivot", BatchReportJSON.path(status.pivot)), ("elements", .number(Double(status.elements))),
    ])
  }
}
