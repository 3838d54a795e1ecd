#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs every rule on one layout, shrinks the dataset of each violation to the fewest items
/// that still show it, and turns it into a reproducer.
public struct ConformanceChecker {
  let registry: PluginRegistry
  let layoutName: String
  /// `key=value` options for the layout, as `layout NAME …` takes them ("" for the defaults).
  let options: String
  /// The `plugin load` line a replay needs first (nil for bundled plugins, always loaded).
  let loadStep: ConformanceReproducer.Step?
  let dataset: ConformanceDataset
  let items: Int
  /// How many random rects the rect-query rule tries.
  let rects: Int

  public init(
    registry: PluginRegistry, layoutName: String, options: String = "", loadCommand: String?,
    dataset: ConformanceDataset, items: Int, rects: Int = 200
  ) {
    self.registry = registry
    self.layoutName = layoutName
    self.options = options
    self.dataset = dataset
    self.items = items
    self.rects = rects
    loadStep = loadCommand.flatMap { command in
      registry.layout(named: layoutName).flatMap { layoutClass in
        registry.libraries.first { $0.layouts.contains { $0 === layoutClass } }
      }.map { ConformanceReproducer.Step(command: command, expected: TableFormatter.format(.pluginLoaded($0))) }
    }
  }

  /// Tells the progress sink that a probe before the checks starts (what `conform` runs to tell
  /// a wrong option or dataset from a broken layout): a crash in it is the first rule's, and
  /// its reproducer starts by loading the plugin.
  public func announceProbe() {
    ConformanceProgress.trial(.validAnswers, items: items)
    if let loadStep { ConformanceProgress.step(loadStep) }
  }

  /// Every rule, in order: the violations, each with a shrunk reproducer.
  public func run() -> ConformanceReport {
    let report = judge()
    ConformanceProgress.report(report, finished: true)
    return report
  }

  private func judge() -> ConformanceReport {
    var report = ConformanceReport(layout: layoutName, options: options, dataset: dataset, items: items)
    for (index, rule) in ConformanceRule.allCases.enumerated() {
      // Self-sizing and batch compare with a fresh instance: meaningless when fresh instances
      // differ.
      if [.selfSizing, .batch, .boundsChange].contains(rule),
        report.violations.contains(where: { $0.rule == .determinism })
      {
        report.unchecked.append((rule, "fresh instances differ (determinism), and this rule compares with one"))
        continue
      }
      do {
        try check(rule, items: items)
        report.kept.append(rule)
        ConformanceProgress.report(report, finished: false)
      } catch {
        if error.rule == .validAnswers, rule != .validAnswers {
          // An answer the host refused, met while checking a later rule: valid-answers is broken
          // after all, and this rule and the rest cannot be judged. Every rule is listed once.
          report.kept.removeAll { $0 == .validAnswers }
          report.violations.append(shrunk(error, rule: rule))
          report.unchecked += ConformanceRule.allCases.dropFirst(index).map {
            ($0, "the host refused the layout's answers first")
          }
          break
        }
        report.violations.append(shrunk(error, rule: rule))
        ConformanceProgress.report(report, finished: false)
        // A layout whose answers the host refuses cannot be checked further.
        if error.rule == .validAnswers {
          report.unchecked += ConformanceRule.allCases.dropFirst(index + 1).map {
            ($0, "the host refused the layout's answers first")
          }
          break
        }
      }
    }
    return report
  }

  /// The failure again with as few items as still show a violation of the same rule (checking
  /// `rule`, which found it): halving while it fails, then a binary search between the last
  /// count that passed and the smallest that failed.
  func shrunk(_ failure: ConformanceFailure, rule: ConformanceRule) -> ConformanceViolation {
    var best = (items: items, failure: failure)
    func fails(_ count: Int) -> ConformanceFailure? {
      do {
        try check(rule, items: count)
        return nil
      } catch {
        return error.rule == failure.rule ? error : nil
      }
    }
    if dataset.shrinks {
      var passing = 0
      var count = items / 2
      while count >= 1, let found = fails(count) {
        best = (count, found)
        count /= 2
      }
      passing = count
      while best.items - passing > 1 {
        let middle = passing + (best.items - passing) / 2
        if let found = fails(middle) { best = (middle, found) } else { passing = middle }
      }
    }
    let f = best.failure
    let comments = [
      "tessera conform: layout \(layoutName) breaks rule \(f.rule.rawValue): \(f.rule.summary).",
      f.detail,
      "The last command's expected output is what a conforming layout prints; replaying this file",
      "with `tessera check\(loadStep == nil ? "" : " --trust") FILE` fails there.",
    ]
    return ConformanceViolation(
      rule: f.rule, detail: f.detail, items: best.items,
      reproducer: ConformanceReproducer(comments: comments, steps: f.steps), reproducerPath: nil)
  }
}

/// What `tessera conform` found for one layout.
public struct ConformanceReport: Sendable {
  public var layout: String
  public var options: String
  public var dataset: ConformanceDataset
  public var items: Int
  public var kept: [ConformanceRule] = []
  public var violations: [ConformanceViolation] = []
  /// Rules not run, and why.
  public var unchecked: [(rule: ConformanceRule, reason: String)] = []

  init(layout: String, options: String, dataset: ConformanceDataset, items: Int) {
    self.layout = layout
    self.options = options
    self.dataset = dataset
    self.items = items
  }
}

extension ConformanceReport {
  /// Writes each violation's reproducer to `folder` as `LAYOUT-RULE.session` (a second one of
  /// the same rule gets `-2`, …) and records where.
  /// `sessions` gives the text of some by index, written as they are (a crashed check's).
  public mutating func writeReproducers(to folder: String, sessions: [Int: String] = [:]) throws(HostError) {
    // The folder is made only when there is something to put in it.
    guard !violations.isEmpty else { return }
    var made = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") where part != "." {
      made += "/" + part
      if mkdir(made, 0o755) != 0, errno != EEXIST {
        throw HostError("conform: cannot make the reproducers folder \(folder): \(String(cString: strerror(errno)))")
      }
    }
    var used: [String: Int] = [:]
    for index in violations.indices {
      let base = "\(layout)-\(violations[index].rule.rawValue)"
      used[base, default: 0] += 1
      let name = used[base]! == 1 ? base : "\(base)-\(used[base]!)"
      let path = (folder == "." ? "" : folder + "/") + name + ".session"
      try TextFile.replaceOrCreate(path, with: sessions[index] ?? violations[index].reproducer.sessionText)
      violations[index].reproducerPath = path
    }
  }
}
