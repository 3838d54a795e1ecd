import TesseraKit

/// What a batch did, for a person (a line per category) and for tools (JSON: every item's
/// index path before and after, and the start and end attributes of every element visible
/// before or after — what an animation would do).
struct BatchReport {
  var result: BatchResult
  /// Elements' start and end attributes; nil unless requested (JSON).
  var animations: [Animation]?
  var oldDataset: Dataset

  struct Animation {
    var element: String
    var id: String
    var from: IndexPath?
    var to: IndexPath?
    var start: Element
    var end: Element
  }

  /// Warning lines a table report shows before it counts the rest.
  static let warningsShown = 20

  static func list<T>(_ values: [T], _ describe: (T) -> String) -> String {
    guard !values.isEmpty else { return "none" }
    let shown = values.prefix(8).map(describe).joined(separator: ", ")
    return values.count > 8 ? "\(shown) … (\(values.count - 8) more)" : shown
  }

  var text: String {
    let r = result
    // A batch can repeat one mistake a hundred thousand times: show the first warnings and
    // count the rest (JSON lists them all).
    var lines = r.warnings.prefix(Self.warningsShown).map { "warning: \($0)" }
    if r.warnings.count > Self.warningsShown {
      lines.append("warning: … and \(r.warnings.count - Self.warningsShown) more (format json lists them all)")
    }
    lines.append(
      "inserted \(r.inserted.count): " + Self.list(r.inserted) { "\($0.path) (\($0.id.escapingAllControls))" })
    lines.append("deleted \(r.deleted.count): " + Self.list(r.deleted) { "\($0.path) (\($0.id.escapingAllControls))" })
    lines.append(
      "moved \(r.moved.count): " + Self.list(r.moved) { "\($0.from)→\($0.to) (\($0.id.escapingAllControls))" })
    lines.append(
      "reloaded \(r.reloaded.count): " + Self.list(r.reloaded) { "\($0.from)→\($0.to) (\($0.id.escapingAllControls))" })
    var sections: [String] = []
    if !r.insertedSections.isEmpty {
      sections.append("inserted " + Self.list(r.insertedSections) { "\($0.section) (\($0.id.escapingAllControls))" })
    }
    if !r.deletedSections.isEmpty {
      sections.append("deleted " + Self.list(r.deletedSections) { "\($0.section) (\($0.id.escapingAllControls))" })
    }
    if !r.movedSections.isEmpty {
      sections.append("moved " + Self.list(r.movedSections) { "\($0.from)→\($0.to) (\($0.id.escapingAllControls))" })
    }
    if !r.reloadedSections.isEmpty {
      sections.append(
        "reloaded " + Self.list(r.reloadedSections) { "\($0.from)→\($0.to) (\($0.id.escapingAllControls))" })
    }
    if !sections.isEmpty { lines.append("sections: " + sections.joined(separator: "; ")) }
    return lines.joined(separator: "\n")
  }

  static func path(_ p: IndexPath?) -> JSONOutput {
    p.map { .array([.number(Double($0.section)), .number(Double($0.item))]) } ?? .null
  }

  var json: JSONOutput {
    let r = result
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
    guard r.tracksPaths else { return .object(members) }
    var items: [JSONOutput] = []
    for (s, section) in oldDataset.sections.enumerated() {
      for (i, id) in section.items.ids.enumerated() {
        items.append(
          .object([("id", .string(id)), ("from", Self.path(IndexPath(s, i))), ("to", Self.path(r.newPaths[s][i]))]))
      }
    }
    for inserted in r.inserted.sorted(by: { $0.path < $1.path }) {
      items.append(.object([("id", .string(inserted.id)), ("from", .null), ("to", Self.path(inserted.path))]))
    }
    members.append(("items", .array(items)))
    if let animations {
      members.append(
        (
          "animations",
          .array(
            animations.map { a in
              .object([
                ("element", .string(a.element)), ("id", .string(a.id)), ("from", Self.path(a.from)),
                ("to", Self.path(a.to)), ("start", AttributesOutput.json(a.start)),
                ("end", AttributesOutput.json(a.end)),
              ])
            })
        ))
    }
    return .object(members)
  }
}
