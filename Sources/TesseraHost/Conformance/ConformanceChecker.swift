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
      let name = report.reproducerName(for: rule)
      do {
        try check(rule, startingCase, datasetFile: name + ".json")
        report.kept.append(rule)
        ConformanceProgress.report(report, finished: false)
      } catch {
        // An answer the host refused, met while checking a later rule, breaks valid-answers
        // after all: this rule and the rest cannot be judged. Every rule is listed once.
        let refusedLater = error.rule == .validAnswers && rule != .validAnswers
        if refusedLater { report.kept.removeAll { $0 == .validAnswers } }
        let name = report.reproducerName(for: error.rule)
        report.violations.append(shrunk(error, rule: rule, name: name, report: report))
        ConformanceProgress.report(report, finished: false)
        // A layout whose answers the host refuses cannot be checked further.
        if error.rule == .validAnswers {
          report.unchecked += ConformanceRule.allCases.dropFirst(refusedLater ? index : index + 1).map {
            ($0, "the host refused the layout's answers first")
          }
          break
        }
      }
    }
    return report
  }

  /// The case every rule is first checked on: the dataset generated with `items` items.
  var startingCase: ConformanceCase {
    ConformanceCase(data: .generated(items: items), options: options.split(separator: " ").map(String.init))
  }

  /// How long shrinking one violation may take.
  static let shrinkingTime: Duration = .seconds(20)

  /// The failure again on the smallest case that still shows it (`ConformanceShrinker`,
  /// checking `rule`, which found it), as a violation whose reproducer is called `name`.
  /// Until shrinking ends, the progress sink holds it unshrunk in `report`: a plugin that
  /// crashes while being shrunk still leaves the violation found.
  func shrunk(
    _ failure: ConformanceFailure, rule: ConformanceRule, name: String, report: ConformanceReport
  ) -> ConformanceViolation {
    let started = ContinuousClock.now
    let unshrunk = violation(failure, name: name, shrinking: nil)
    var told = report
    told.violations.append(unshrunk)
    ConformanceProgress.report(told, finished: false)
    let sizedByCount = dataset.sizedByCount
    let dataset = dataset
    let registry = registry
    var shrinker = ConformanceShrinker(
      from: startingCase, failure: failure, sizedByCount: sizedByCount, deadline: started + Self.shrinkingTime,
      generate: { items in
        let session = Session(registry: registry)
        return session.perform(dataset.command(items: items)).failed ? nil : session.model.dataset
      },
      fails: { candidate -> ConformanceFailure? in
        do throws(ConformanceFailure) {
          try check(rule, candidate, datasetFile: name + ".json")
          return nil
        } catch {
          return error.signature == failure.signature ? error : nil
        }
      })
    shrinker.shrink()
    let summary = ConformanceShrinking(
      from: items, trials: shrinker.trials, duration: started.duration(to: .now), ranOutOfTime: shrinker.ranOutOfTime)
    return violation(shrinker.failure, name: name, shrinking: (shrinker.best, summary))
  }

  /// A violation of `failure`, with its reproducer `name` (and the case it was shrunk to).
  private func violation(
    _ failure: ConformanceFailure, name: String, shrinking: (case: ConformanceCase, summary: ConformanceShrinking)?
  ) -> ConformanceViolation {
    let shrunkCase = shrinking?.case ?? startingCase
    var comments = [
      "tessera conform: layout \(layoutName) breaks rule \(failure.rule.rawValue): \(failure.rule.summary).",
      failure.detail,
      "The last command's expected output is what a conforming layout prints; replaying this file",
      "with `tessera check\(loadStep == nil ? "" : " --trust") FILE` fails there.",
    ]
    if let summary = shrinking?.summary {
      comments.append(summary.description(to: shrunkCase))
    }
    var given: Dataset?
    if case .given(let dataset) = shrunkCase.data { given = dataset }
    return ConformanceViolation(
      rule: failure.rule, detail: failure.detail, items: shrunkCase.items, name: name, shrinking: shrinking?.summary,
      reproducer: ConformanceReproducer(
        comments: comments, steps: failure.steps, dataset: given.map { DatasetEncoder.encode($0) }),
      reproducerPath: nil)
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
  /// The file name (without extension) of the next reproducer of `rule`: `LAYOUT-RULE`, a
  /// second one of the same rule `LAYOUT-RULE-2`, …
  func reproducerName(for rule: ConformanceRule) -> String {
    let base = "\(layout)-\(rule.rawValue)"
    let before = violations.filter { $0.rule == rule }.count
    return before == 0 ? base : "\(base)-\(before + 1)"
  }

  /// Writes each violation's reproducer to `folder` as `NAME.session`, and the dataset it loads,
  /// when it has one, as `NAME.json` beside it; records where.
  public mutating func writeReproducers(to folder: String) throws(HostError) {
    // The folder is made only when there is something to put in it.
    guard !violations.isEmpty else { return }
    var made = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") where part != "." {
      made += "/" + part
      if mkdir(made, 0o755) != 0, errno != EEXIST {
        throw HostError("conform: cannot make the reproducers folder \(folder): \(String(cString: strerror(errno)))")
      }
    }
    for index in violations.indices {
      let stem = (folder == "." ? "" : folder + "/") + violations[index].name
      let reproducer = violations[index].reproducer
      if let dataset = reproducer.dataset { try TextFile.replaceOrCreate(stem + ".json", with: dataset) }
      try TextFile.replaceOrCreate(stem + ".session", with: reproducer.sessionText)
      violations[index].reproducerPath = stem + ".session"
    }
  }
}
