/// What a conformance check is doing, told as it happens, so that when a plugin crashes the
/// process the supervising `tessera conform` can say which rule it was checking, report the rules
/// already judged, and write a reproducer ending at the command that crashed.
///
/// Events are one JSON object a line: `{"layouts": [L, ...]}`, `{"layout": L}`, `{"trial": RULE,
/// "items": N}` (a fresh trial; its steps follow), `{"step": COMMAND, "expected": TEXT|null}`,
/// `{"running": COMMAND}` (about to call into the plugin), then after each rule the verdicts so
/// far: `{"verdicts": L}` followed by `{"kept": RULE}`, `{"broken": RULE, "detail": D, "items": N,
/// "session": TEXT}` and `{"unchecked": RULE, "reason": R}` lines, and `{"finished": L}` at the end;
/// `{"ended": STATUS}` last of all, when the check ends as it meant to.
public enum ConformanceProgress {
  /// Where events go; nil (the default) costs nothing.
  nonisolated(unsafe) public static var sink: ((String) -> Void)?

  static func tell(_ members: [(String, JSONOutput)]) {
    sink?(JSONOutput.object(members).serialized)
  }

  public static func layout(_ name: String) { tell([("layout", .string(name))]) }

  /// The layouts the check will go through, in order.
  public static func layouts(_ names: [String]) { tell([("layouts", .array(names.map { .string($0) }))]) }

  public static func trial(_ rule: ConformanceRule, items: Int) {
    tell([("trial", .string(rule.rawValue)), ("items", .number(Double(items)))])
  }

  static func step(_ step: ConformanceReproducer.Step) {
    tell([("step", .string(step.command)), ("expected", step.expected.map { .string($0) } ?? .null)])
  }

  /// A command that ran, and what it printed.
  public static func step(command: String, expected: String?) {
    step(.init(command: command, expected: expected))
  }

  public static func running(_ command: String) { tell([("running", .string(command))]) }

  /// The check ends as it meant to, with this exit status: a process that ends without saying
  /// so was ended by the plugin (`exit()`).
  public static func ended(_ status: Int32) { tell([("ended", .number(Double(status)))]) }

  /// The verdicts so far (`finished`: the layout's report is complete), replacing any told
  /// before for this layout.
  static func report(_ report: ConformanceReport, finished: Bool) {
    tell([("verdicts", .string(report.layout))])
    for rule in report.kept { tell([("kept", .string(rule.rawValue))]) }
    for v in report.violations {
      tell([
        ("broken", .string(v.rule.rawValue)), ("detail", .string(v.detail)), ("items", .number(Double(v.items))),
        ("name", .string(v.name)), ("session", .string(v.reproducer.sessionText)),
        ("dataset", v.reproducer.dataset.map { .string($0) } ?? .null),
      ])
    }
    for (rule, reason) in report.unchecked {
      tell([("unchecked", .string(rule.rawValue)), ("reason", .string(reason))])
    }
    if finished { tell([("finished", .string(report.layout))]) }
  }
}

/// The supervising side: the events of one layout's check read back, and the report of a check
/// the plugin ended by crashing (or hanging).
public struct ConformanceCrashReport {
  /// The layout being checked last.
  public private(set) var layout = ""
  /// Every layout the check was to go through.
  public private(set) var layouts: [String] = []
  /// Layouts whose report was finished.
  public private(set) var finished: Set<String> = []
  /// The exit status the check said it ends with, when it got that far.
  public private(set) var endedWith: Int32?
  private var rule: ConformanceRule?
  private var items = 0
  private var steps: [ConformanceReproducer.Step] = []
  private var running: String?
  private var judged:
    [(rule: ConformanceRule, kind: String, detail: String, items: Int, violation: ConformanceViolation?)] =
      []

  public init(events text: String) {
    for line in text.split(separator: "\n") {
      guard case .object(let members)? = try? JSONParser.parse(String(line)).value,
        let (key, value) = members.first.map({ ($0.key, $0.value.value) })
      else { continue }
      func string(_ name: String) -> String {
        if case .string(let s)? = members.first(where: { $0.key == name })?.value.value { return s }
        return ""
      }
      func number(_ name: String) -> Int {
        if case .number(let n)? = members.first(where: { $0.key == name })?.value.value { return Int(exactly: n) ?? 0 }
        return 0
      }
      switch (key, value) {
      case ("layouts", .array(let names)):
        layouts = names.compactMap { if case .string(let name) = $0.value { name } else { nil } }
      case ("finished", .string(let name)): finished.insert(name)
      case ("ended", .number(let status)): endedWith = Int32(exactly: status)
      case ("verdicts", .string(_)): judged = []
      case ("layout", .string(let name)):
        layout = name
        judged = []
        rule = nil
        steps = []
        running = nil
      case ("trial", .string(let name)):
        rule = ConformanceRule(rawValue: name)
        items = number("items")
        steps = []
        running = nil
      case ("step", .string(let command)):
        var expected: String?
        if case .string(let text)? = members.first(where: { $0.key == "expected" })?.value.value { expected = text }
        steps.append(.init(command: command, expected: expected))
        running = nil
      case ("running", .string(let command)): running = command
      case ("kept", .string(let name)):
        if let r = ConformanceRule(rawValue: name) { judged.append((r, "kept", "", 0, nil)) }
      case ("broken", .string(let name)):
        if let r = ConformanceRule(rawValue: name) {
          var dataset: String?
          if case .string(let text)? = members.first(where: { $0.key == "dataset" })?.value.value { dataset = text }
          let violation = ConformanceViolation(
            rule: r, detail: string("detail"), items: number("items"), name: string("name"), shrinking: nil,
            reproducer: ConformanceReproducer(sessionText: string("session"), dataset: dataset), reproducerPath: nil)
          judged.append((r, "broken", "", 0, violation))
        }
      case ("unchecked", .string(let name)):
        if let r = ConformanceRule(rawValue: name) { judged.append((r, "unchecked", string("reason"), 0, nil)) }
      default: break
      }
    }
  }

  /// The report of a check that `how` ended (`crashed (SIGSEGV)`, `did not return within 10 s`):
  /// rules judged before stay as they were; the rule being checked is broken, with a
  /// reproducer ending at the command that was running; the rest are not checked. Reproducers
  /// go to `folder`.
  public func report(
    _ how: String, options: String, dataset: ConformanceDataset, items total: Int, loadComment: String,
    reproducers folder: String
  ) throws(HostError) -> ConformanceReport {
    var report = ConformanceReport(layout: layout, options: options, dataset: dataset, items: total)
    for entry in judged {
      switch entry.kind {
      case "kept": report.kept.append(entry.rule)
      case "unchecked": report.unchecked.append((entry.rule, entry.detail))
      default: if let violation = entry.violation { report.violations.append(violation) }
      }
    }
    let judgedRules = Set(judged.map(\.rule))
    // A crash in the trials after a rule was judged broken came while its case was shrunk: the
    // violation stands as found, and says why it was not shrunk.
    if let rule, judgedRules.contains(rule), let index = report.violations.lastIndex(where: { $0.rule == rule }) {
      report.violations[index].detail += " (not shrunk: the plugin \(how) while the case was being shrunk)"
    }
    if let rule, !judgedRules.contains(rule) {
      let command = running ?? steps.last?.command ?? "(setting up)"
      let detail = "\(command): the plugin \(how)"
      var reproducerSteps = steps
      if running != nil {
        reproducerSteps.append(.init(command: command, expected: "(a conforming layout answers this without crashing)"))
      }
      let comments = [
        "tessera conform: layout \(layout) breaks rule \(rule.rawValue): \(rule.summary).",
        detail,
        "Replaying this file with `tessera check\(loadComment) FILE` ends the same way at its last command.",
      ]
      report.violations.append(
        ConformanceViolation(
          rule: rule, detail: detail, items: items, name: report.reproducerName(for: rule), shrinking: nil,
          reproducer: ConformanceReproducer(comments: comments, steps: reproducerSteps, dataset: nil),
          reproducerPath: nil))
    }
    // Every rule is listed once: those the crash left unjudged are not checked.
    let ended = rule ?? ConformanceRule.allCases[0]
    for later in ConformanceRule.allCases where !judgedRules.contains(later) && later != ended {
      report.unchecked.append((later, "the plugin ended the check at \(ended.rawValue)"))
    }
    try report.writeReproducers(to: folder)
    return report
  }
}
