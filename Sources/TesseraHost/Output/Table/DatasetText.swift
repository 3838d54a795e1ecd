/// The dataset as text: `data`'s listing and the counts `load` and `gen` print.
enum DatasetText {
  /// `14 items in 2 sections`.
  static func counts(items: Int, sections: Int) -> String {
    "\(items) item\(items == 1 ? "" : "s") in \(sections) section\(sections == 1 ? "" : "s")"
  }

  /// One line per section: its id, count, header and footer, and its first ids.
  static func listing(_ dataset: Dataset) -> String {
    let sections = dataset.sections
    guard !sections.isEmpty else { return "(no sections)" }
    let shown = 12
    var lines: [String] = []
    for (index, section) in sections.enumerated() {
      var extras: [String] = []
      if let header = section.header { extras.append("header \(header.formatted)") }
      if let footer = section.footer { extras.append("footer \(footer.formatted)") }
      let n = section.items.count
      var line = "section \(index) \(section.id.escapingAllControls): \(n) item\(n == 1 ? "" : "s")"
      if !extras.isEmpty { line += " (\(extras.joined(separator: ", ")))" }
      if n > 0 {
        line += ": " + section.items.ids.prefix(shown).map(\.escapingAllControls).joined(separator: " ")
        if n > shown { line += " … (\(n - shown) more)" }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
