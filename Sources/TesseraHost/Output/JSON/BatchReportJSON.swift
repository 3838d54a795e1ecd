import TesseraKit

/// A batch report as JSON: every operation, and with paths tracked every item's index path before
/// and after and the start and end attributes of every element visible before or after.
enum BatchReportJSON {
  static func path(_ p: IndexPath?) -> JSONOutput {
    p.map { .array([.number(Double($0.section)), .number(Double($0.item))]) } ?? .null
  }

  static func json(_ report: BatchReport) -> JSONOutput {
    let r = report.result
    func entries(_ values: [(IndexPath?, IndexPath?, String)]) -> JSONOutput {
      .array(values.map { .object([("id", .string($0.2)), ("from", Self.path($0.0)), ("to", Self.path($0.1))]) })
    }
    var members: [(String, JSONOutput)] = [
      ("warnings", .array(r.warnings.map { .string($0) })),
      ("inserted", entries(r.inserted.map { (nil, $0.path, $0.id) })),
      ("deleted", entries(r.deleted.map { ($0.path, nil, $0.id) })),
      ("moved", entries(r.moved.map { ($0.from, $0.to, $0.id) })),
      ("reloaded", entries(r.reloaded.map { ($0.from, $0.to, $0.id) })),
      (
        "sections",
        .object([
          (
            "inserted",
            .array(r.insertedSections.map { .object([("id", .string($0.id)), ("to", .number(Double($0.section)))]) })
          ),
          (
            "deleted",
            .array(r.deletedSections.map { .object([("id", .string($0.id)), ("from", .number(Double($0.section)))]) })
          ),
          (
            "moved",
            .array(
              r.movedSections.map {
                .object([("id", .string($0.id)), ("from", .number(Double($0.from))), ("to", .number(Double($0.to)))])
              })
          ),
          (
            "reloaded",
            .array(
              r.reloadedSections.map {
                .object([("id", .string($0.id)), ("from", .number(Double($0.from))), ("to", .number(Double($0.to)))])
              })
          ),
        ])
      ),
    ]
    // Every item, by id: where it was and where it is (null for inserted and deleted ones).
    guard r.tracksPaths else { return withDerivation(members, report) }
    var items: [JSONOutput] = []
    for (s, section) in report.oldDataset.sections.enumerated() {
      for (i, id) in section.items.ids.enumerated() {
        items.append(
          .object([("id", .string(id)), ("from", Self.path(IndexPath(s, i))), ("to", Self.path(r.newPaths[s][i]))]))
      }
    }
    for inserted in r.inserted.sorted(by: { $0.path < $1.path }) {
      items.append(.object([("id", .string(inserted.id)), ("from", .null), ("to", Self.path(inserted.path))]))
    }
    members.append(("items", .array(items)))
    if !report.animated { members.append(("animated", .bool(false))) }
    if let animations = report.animations {
      members.append(
        (
          "animations",
          .array(
            animations.map { a in
              .object([
                ("element", .string(a.element)), ("id", .string(a.id)), ("from", Self.path(a.from)),
                ("to", Self.path(a.to)), ("start", AttributesJSON.json(a.start)),
                ("end", AttributesJSON.json(a.end)),
              ])
            })
        ))
    }
    return withDerivation(members, report)
  }

  /// `apply` puts what it derived first.
  static func withDerivation(_ members: [(String, JSONOutput)], _ report: BatchReport) -> JSONOutput {
    guard let derivation = report.derivation else { return .object(members) }
    return .object(
      [
        ("derived", .array(derivation.operations.map { .string($0) })),
        ("rewrites", .array(derivation.rewrites.map { .string($0) })),
      ] + members)
  }
}
