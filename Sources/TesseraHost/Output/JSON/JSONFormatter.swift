import TesseraKit

/// Results as one JSON object a line (`format json`, docs/design.md, "JSON output"): one case per
/// result.
enum JSONFormatter {
  /// The object to print; nil prints nothing.
  static func format(_ result: CommandResult) -> JSONOutput? {
    switch result {
    case .silent, .quit: return nil
    case .help(let topic): return HelpJSON.json(topic)
    case .plugins(let listing):
      return .object([
        (
          "plugins",
          .array(
            listing.libraries.map { library, path in
              .object([
                ("name", .string(library.name)), ("version", .string(library.version)),
                ("abi", .string("\(library.abiMajor).\(library.abiMinor)")), ("path", .string(path)),
                (
                  "layouts",
                  .array(
                    library.layouts.map { .object([("name", .string($0.name)), ("summary", .string($0.summary))]) })
                ),
              ])
            })
        )
      ])
    case .pluginLoaded(let library):
      return .object([("loaded", .string(library.name)), ("layouts", .array(library.layouts.map { .string($0.name) }))])
    case .pluginReloaded(let reload):
      var members: [(String, JSONOutput)] = [("reloaded", .string(reload.library.name))]
      if let s = reload.switched {
        members.append(("layout", .string(s.layout)))
        members.append(("kept", .array(s.kept.map { .string($0) })))
        members.append(("dropped", .array(s.dropped.map { .string($0) })))
        members.append(
          (
            "reset",
            .array(
              s.reset.map {
                .object([("option", .string($0.option)), ("was", .string($0.was)), ("reason", .string($0.reason))])
              })
          ))
      }
      return .object(members)
    case .layoutChosen(let setting), .layoutShown(let setting):
      return .object([("layout", .string(setting.layoutClass.name)), ("options", options(setting))])
    case .datasetMade(let summary):
      let source: (String, JSONOutput) =
        switch summary.source {
        case .loaded(let path): ("loaded", .string(path))
        case .generated(let kind): ("generated", .string(kind))
        }
      return .object([
        source, ("sections", .number(Double(summary.sections))), ("items", .number(Double(summary.items))),
      ])
    case .dataset(let dataset):
      return .object([
        (
          "sections",
          .array(
            dataset.sections.map { section in
              .object([("id", .string(section.id)), ("items", .array(section.items.ids.map { .string($0) }))])
            })
        )
      ])
    case .viewport(let report): return ViewportJSON.json(report)
    case .layoutChanged(let report): return LayoutChangeJSON.json(report)
    case .transition(let status): return LayoutChangeJSON.json(status)
    case .offset(let point): return .object([("offset", pair(point.x, point.y))])
    case .clock(let report): return ClockJSON.json(report)
    case .attributes(let list):
      let warning = AttributesTable.repeatedWarning(list).map { [("warning", JSONOutput.string($0))] } ?? []
      return .object([("attributes", AttributesJSON.array(list))] + warning)
    case .hit(let report): return HitJSON.json(report)
    case .contentSize(let size): return .object([("contentSize", pair(size.width, size.height))])
    case .batchOpened: return .object([("batch", .string("open"))])
    case .batchCancelled: return .object([("batch", .string("cancelled"))])
    case .batch(let report): return BatchReportJSON.json(report)
    case .invalidation(let changes):
      return .object([
        ("invalidated", .bool(true)),
        (
          "contentSize",
          .object([
            ("before", pair(changes.sizeBefore.width, changes.sizeBefore.height)),
            ("after", pair(changes.sizeAfter.width, changes.sizeAfter.height)),
          ])
        ),
        ("changed", AttributesJSON.array(changes.changed)),
      ])
    case .preferredSizeKept: return .object([("invalidated", .bool(false)), ("changed", .array([]))])
    case .selfSizingOn(let budget, let passes):
      return .object([
        ("selfSizing", .bool(true)), ("budget", .number(Double(budget))), ("passes", .number(Double(passes))),
      ])
    case .selfSizingOff: return .object([("selfSizing", .bool(false))])
    case .selfSizingFit(let fit, let passes):
      return .object([("fit", .string(fit.rawValue)), ("passes", passes.map { .number(Double($0)) } ?? .null)])
    case .textSizing(let report): return TextSizingJSON.json(report)
    case .cellMeasure(let report): return TextSizingJSON.json(report)
    case .trace(let on): return .object([("trace", .bool(on))])
    case .events(let on, let count):
      return .object([("displayEvents", .bool(on))] + (on ? [("onScreen", .number(Double(count)))] : []))
    case .stats(let report):
      return .object(
        PluginCall.allCases.filter { report.stats[$0] > 0 }.map { ($0.name, .number(Double(report.stats[$0]))) }
          + [("fullPrepares", .number(Double(report.stats.fullPrepares)))])
    case .statsReset: return .object([("stats", .string("reset"))])
    case .format(let format): return .object([("format", .string(format.rawValue))])
    case .transcript(let transcript):
      // One object: each command with its output lines (JSON objects as they are, anything
      // else as a string).
      return .object([
        ("run", .string(transcript.file)),
        (
          "transcript",
          .array(
            transcript.steps.map { step in
              .object([("command", .string(step.command)), ("output", .array(lines(step.output)))])
            })
        ),
      ])
    case .watchdog(let seconds): return .object([("watchdog", .number(seconds))])
    case .checkpoint(let report):
      return .object([
        (
          "checkpoint",
          .object([
            ("layout", report.layout.map { .string($0) } ?? .null),
            ("motionBytes", report.motionBytes.map { .number(Double($0)) } ?? .null),
            ("givenUp", .array(report.givenUp.map { .string($0) })),
          ])
        )
      ])
    case .picture: return nil  // drawn and written before it is printed (`pictureWritten`)
    case .pictureWritten(let written):
      let target: (String, JSONOutput) = written.svg.map { ("svg", .string($0)) } ?? ("wrote", .string(written.path))
      return .object([
        target, ("elements", .number(Double(written.elements))), ("overlaps", .number(Double(written.overlaps))),
        ("overview", .bool(written.isOverview)),
      ])
    }
  }

  static func pair(_ a: Double, _ b: Double) -> JSONOutput { .array([.number(a), .number(b)]) }

  /// A layout's option values, typed as the options are.
  static func options(_ setting: LayoutSetting) -> JSONOutput {
    .object(
      setting.layoutClass.options.map { option in
        let value = setting.values[option.index]
        let json: JSONOutput
        switch option.type {
        case .bool: json = .bool(value.numbers[0] != 0)
        case .integer, .number: json = .number(value.numbers[0])
        case .size: json = .array(value.numbers.prefix(2).map { .number($0) })
        case .insets: json = .array(value.numbers.prefix(4).map { .number($0) })
        case .choice, .string, .seed: json = .string(value.text)
        }
        return (option.name, json)
      })
  }

  /// A nested command's printed lines: JSON objects as they are, anything else as a string.
  static func lines(_ output: String?) -> [JSONOutput] {
    guard let output else { return [] }
    return output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.first == "{", case .object = try? JSONParser.parse(String(line)).value { return .raw(String(line)) }
      return .string(String(line))
    }
  }
}
