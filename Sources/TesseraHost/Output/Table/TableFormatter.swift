import TesseraKit

/// Results as people read them (`format table`): one case per result, no JSON built.
enum TableFormatter {
  /// The text to print; nil prints nothing.
  static func format(_ result: CommandResult) -> String? {
    switch result {
    case .silent, .quit: return nil
    case .help(let topic): return HelpText.text(topic)
    case .plugins(let listing): return pluginList(listing)
    case .pluginLoaded(let library):
      let names = library.layouts.map(\.name).joined(separator: ", ")
      return "loaded plugin \(library.name) \(library.version) (ABI \(library.abiMajor).\(library.abiMinor)): \(names)"
    case .pluginReloaded(let reload):
      return PluginReloadText.text(reload)
    case .layoutChosen(let setting):
      let changed = setting.layoutClass.options.filter { setting.values[$0.index] != $0.defaultValue }
      return "layout \(setting.layoutClass.name)"
        + (changed.isEmpty
          ? "" : " " + changed.map { "\($0.name)=\($0.format(setting.values[$0.index]))" }.joined(separator: " "))
    case .layoutShown(let setting): return layoutDescription(setting)
    case .datasetMade(let summary):
      let counts = DatasetText.counts(items: summary.items, sections: summary.sections)
      switch summary.source {
      case .loaded(let path): return "loaded \(path): \(counts)"
      case .generated: return "generated \(counts)"
      }
    case .dataset(let dataset): return DatasetText.listing(dataset)
    case .viewport(let report): return ViewportText.text(report)
    case .layoutChanged(let report): return LayoutChangeText.text(report)
    case .transition(let status): return LayoutChangeText.text(status)
    case .offset(let point): return "offset \(formatTableNumber(point.x)) \(formatTableNumber(point.y))"
    case .clock(let report): return ClockText.text(report)
    case .attributes(let list): return AttributesTable.listing(list)
    case .hit(let report): return HitText.text(report)
    case .contentSize(let size): return "contentSize \(size.tableFormatted)"
    case .batchOpened: return "batch: one operation a line, then 'commit' to apply them or 'cancel' to drop them"
    case .batchCancelled(let count):
      return "batch cancelled (\(count) operation\(count == 1 ? "" : "s") dropped)"
    case .batch(let report): return BatchReportTable.text(report)
    case .invalidation(let changes):
      var lines = [changes.summary]
      lines.append("content size \(changes.sizeBefore.tableFormatted) → \(changes.sizeAfter.tableFormatted)")
      lines.append(
        changes.changed.elements.isEmpty
          ? "changed: none"
          : "changed \(changes.changed.elements.count):\n"
            + AttributesTable.table(changes.changed.elements, ids: changes.changed.ids))
      return lines.joined(separator: "\n")
    case .preferredSizeKept(let kept):
      return
        "\(kept.path) prefers \(kept.preferred.tableFormatted): layout \(kept.layout) keeps \(kept.kept.tableFormatted) (no invalidation)"
    case .selfSizingOn(let budget, let passes):
      return "self-sizing on (budget \(budget) passes)"
        + (passes > 0 ? ": settled in \(passes) pass\(passes == 1 ? "" : "es")" : "")
    case .selfSizingOff: return "self-sizing off"
    case .selfSizingFit(let fit, let passes):
      return "cells fit their dataset sizes: \(fit.rawValue) (\(fit.meaning))"
        + (passes.map { $0 > 0 ? "; settled in \($0) pass\($0 == 1 ? "" : "es")" : "" } ?? "")
    case .textSizing(let report): return TextSizingText.text(report)
    case .cellMeasure(let report): return TextSizingText.text(report)
    case .trace(let on): return "trace \(on ? "on" : "off")"
    case .events(let on, let count):
      return on ? "display events on (\(count) view\(count == 1 ? "" : "s") on screen)" : "display events off"
    case .stats(let report):
      var table = TextTable(["call", "count"])
      for call in PluginCall.allCases where report.stats[call] > 0 {
        table.add([call.name, String(report.stats[call])])
      }
      table.add(["full prepares", String(report.stats.fullPrepares)])
      return "layout \(report.layout)\n" + table.rendered
    case .statsReset: return "stats reset"
    case .format(let format): return "format \(format.rawValue)"
    case .transcript(let transcript):
      // An empty file prints nothing.
      let text = transcript.lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        .map { transcript.indent + $0 }.joined(separator: "\n")
      return text.isEmpty ? nil : text
    case .watchdog(let seconds): return "watchdog \(formatNumber(seconds)) s"
    case .checkpoint(let report): return checkpointLines(report)
    case .picture: return nil  // drawn and written before it is printed (`pictureWritten`)
    case .pictureWritten(let written): return pictureLine(written)
    }
  }

  /// `checkpoint taken up: layout springy with its motion (7436 bytes)`, then what it gave up.
  static func checkpointLines(_ report: CheckpointReport) -> String {
    var line = "checkpoint taken up"
    if let layout = report.layout {
      line += ": layout \(layout)"
      if let bytes = report.motionBytes { line += " with its motion (\(bytes) bytes)" }
    }
    return ([line] + report.givenUp.map { "gave up \($0)" }).joined(separator: "\n")
  }

  static func pluginList(_ listing: PluginListing) -> String {
    var lines: [String] = []
    for (library, path) in listing.libraries {
      lines.append("\(library.name) \(library.version)  ABI \(library.abiMajor).\(library.abiMinor)  \(path)")
      var table = TextTable([])
      for layout in library.layouts { table.add(["  " + layout.name, layout.summary]) }
      lines.append(table.rendered.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n"))
    }
    return lines.isEmpty ? "(no plugins loaded)" : lines.joined(separator: "\n")
  }

  static func layoutDescription(_ setting: LayoutSetting) -> String {
    let layoutClass = setting.layoutClass
    var text = "layout \(layoutClass.name): \(layoutClass.summary)"
    if !layoutClass.options.isEmpty {
      var table = TextTable(["option", "value", "default", "allowed", "meaning"])
      for option in layoutClass.options {
        table.add([
          option.name, option.format(setting.values[option.index]), option.defaultText, option.type.placeholder,
          option.doc,
        ])
      }
      text += "\n" + table.rendered
    }
    return text
  }

  /// `wrote PATH (N elements)`, with the overlapping cells and the overview said; the SVG
  /// itself for path "-".
  static func pictureLine(_ written: PictureWritten) -> String {
    if let svg = written.svg { return svg.hasSuffix("\n") ? String(svg.dropLast()) : svg }
    var text = "wrote \(written.path) (\(written.elements) element\(written.elements == 1 ? "" : "s")"
    if written.overlaps > 0 {
      text += ", \(written.overlaps) overlapping cell\(written.overlaps == 1 ? "" : "s") outlined in red"
    }
    text += ")"
    if written.isOverview { text += ": a density overview, too many elements to draw one by one" }
    return text
  }
}
