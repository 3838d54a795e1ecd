/// A batch report as text: warnings, then a line per category (what `batch` and `apply` print).
enum BatchReportTable {
  /// Warning lines a table report shows before it counts the rest.
  static let warningsShown = 20

  static func list<T>(_ values: [T], _ describe: (T) -> String) -> String {
    guard !values.isEmpty else { return "none" }
    let shown = values.prefix(8).map(describe).joined(separator: ", ")
    return values.count > 8 ? "\(shown) … (\(values.count - 8) more)" : shown
  }

  static func text(_ report: BatchReport) -> String {
    let r = report.result
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
    if !report.animated { lines.append("not animated: every element is at its new place at once") }
    let header =
      report.derivation.map { derivation in
        [
          "derived: "
            + (derivation.operations.isEmpty ? "nothing to change" : derivation.operations.joined(separator: "; "))
        ]
          + derivation.rewrites.prefix(Self.warningsShown).map { "rewrite: \($0.escapingAllControls)" }
          + (derivation.rewrites.count > Self.warningsShown
            ? ["rewrite: … and \(derivation.rewrites.count - Self.warningsShown) more (format json lists them all)"]
            : [])
      } ?? []
    return (header + lines).joined(separator: "\n")
  }
}
