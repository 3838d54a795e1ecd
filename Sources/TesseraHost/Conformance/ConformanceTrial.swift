import TesseraKit

/// One run of a rule: a fresh session on a generated dataset, recording each command it runs
/// with what it printed, so the run becomes a reproducer when the rule is broken.
struct ConformanceTrial {
  let session: Session
  /// The commands run so far, each with its output (what the reproducer expects of it).
  var steps: [ConformanceReproducer.Step]
  let layoutName: String

  /// Loads nothing (the registry holds the plugin already), puts the case's data in place and
  /// switches to the layout; `loadStep` is the `plugin load` line a replay needs first, if any.
  /// Given data is loaded from `datasetFile` when replayed, the file a reproducer writes beside
  /// itself. A failure here is marked as the setup's.
  init(
    registry: PluginRegistry, loadStep: ConformanceReproducer.Step?, layoutName: String,
    case trialCase: ConformanceCase,
    dataset: ConformanceDataset, datasetFile: String
  ) throws(ConformanceFailure) {
    session = Session(registry: registry)
    steps = loadStep.map { [$0] } ?? []
    self.layoutName = trialCase.options.isEmpty ? layoutName : layoutName + " " + trialCase.optionsText
    do throws(ConformanceFailure) {
      switch trialCase.data {
      case .generated(let items):
        _ = try run(dataset.command(items: items))
      case .given(let given):
        let command = "load \(datasetFile)"
        ConformanceProgress.running(command)
        do {
          try session.state.replaceDataset(given)
        } catch {
          throw failure(
            .validAnswers, "\(command): \(error.message)", command: command, expected: Self.answersWithoutError)
        }
        let summary = DatasetSummary(
          source: .loaded(path: datasetFile), sections: given.sections.count, items: given.itemCount)
        steps.append(.init(command: command, expected: TableFormatter.format(.datasetMade(summary))))
        ConformanceProgress.step(steps[steps.count - 1])
      }
      _ = try run("layout \(self.layoutName)")
    } catch {
      var failure = error
      failure.inSetup = true
      throw failure
    }
  }

  /// What a reproducer expects of a command a conforming layout answers.
  static let answersWithoutError = "(a conforming layout answers this without an error)"

  /// Runs a command; an error in it is a violation (the layout's bug or, for a setup command,
  /// an input the layout cannot take).
  @discardableResult
  mutating func run(_ command: String) throws(ConformanceFailure) -> String {
    // No error text starts with a NUL: every failure is a violation.
    try run(command, unlessItFailsWith: "\u{0}") ?? ""
  }

  /// Runs a command, as `run` does, unless its error starts with `refusal`: then nothing is
  /// recorded and the answer is nil (a refused command changed nothing).
  mutating func run(_ command: String, unlessItFailsWith refusal: String) throws(ConformanceFailure) -> String? {
    ConformanceProgress.running(command)
    let outcome = session.perform(command)
    if outcome.failed, outcome.output?.hasPrefix(refusal) == true { return nil }
    if outcome.failed {
      var reproducer = steps
      reproducer.append(.init(command: command, expected: Self.answersWithoutError))
      throw ConformanceFailure(rule: .validAnswers, detail: "\(command): \(outcome.output ?? "")", steps: reproducer)
    }
    steps.append(.init(command: command, expected: outcome.output))
    ConformanceProgress.step(steps[steps.count - 1])
    return outcome.output ?? ""
  }

  var layout: LayoutInstance {
    get throws(ConformanceFailure) {
      guard let layout = session.layout else {
        throw ConformanceFailure(rule: .validAnswers, detail: "no layout is current", steps: steps)
      }
      return layout
    }
  }

  /// A fresh instance of the layout on the trial's data and bounds, listed (what a rule
  /// compares with): a `HostError` from it is a valid-answers violation whose reproducer makes
  /// the same fresh instance with `layout NAME` and lists it.
  func fresh(_ body: () throws(HostError) -> [Element]) throws(ConformanceFailure) -> [Element] {
    let command = "layout \(layoutName)"
    ConformanceProgress.running(command)
    do {
      return try body()
    } catch {
      let chosen = steps.last { $0.command == command }?.expected ?? command
      let reproducer =
        steps + [
          .init(command: command, expected: chosen), .init(command: "dump --all", expected: Self.answersWithoutError),
        ]
      throw ConformanceFailure(rule: .validAnswers, detail: "\(command): \(error.message)", steps: reproducer)
    }
  }

  /// A host call that may find a plugin bug: a `HostError` from it is a valid-answers violation.
  func call<T>(_ what: String, _ body: () throws(HostError) -> T) throws(ConformanceFailure) -> T {
    ConformanceProgress.running(what)
    do {
      return try body()
    } catch {
      var reproducer = steps
      reproducer.append(.init(command: what, expected: Self.answersWithoutError))
      throw ConformanceFailure(rule: .validAnswers, detail: "\(what): \(error.message)", steps: reproducer)
    }
  }

  /// A violation of `rule` whose last step is `command`, expecting what a conforming layout
  /// prints.
  func failure(_ rule: ConformanceRule, _ detail: String, command: String, expected: String?) -> ConformanceFailure {
    ConformanceFailure(rule: rule, detail: detail, steps: steps + [.init(command: command, expected: expected)])
  }

  /// A violation whose last step is `command`, which prints `actual` where a conforming layout
  /// prints `expected`. When the two read alike in a table (a difference below its 3 decimals),
  /// the reproducer switches to `format json` first, whose numbers are exact: replayed, it still
  /// fails at its last command.
  func failure(
    _ rule: ConformanceRule, _ detail: String, command: String, expected: CommandResult, actual: CommandResult
  ) -> ConformanceFailure {
    let table = TableFormatter.format(expected)
    guard table == TableFormatter.format(actual) else {
      return failure(rule, detail, command: command, expected: table)
    }
    let json = [
      ConformanceReproducer.Step(command: "format json", expected: JSONFormatter.format(.format(.json))?.serialized),
      ConformanceReproducer.Step(command: command, expected: JSONFormatter.format(expected)?.serialized),
    ]
    return ConformanceFailure(rule: rule, detail: detail, steps: steps + json)
  }
}

/// A rule broken during a trial, before shrinking.
struct ConformanceFailure: Error {
  var rule: ConformanceRule
  var detail: String
  var steps: [ConformanceReproducer.Step]
  /// Whether it happened while the trial was being set up (the data or the layout refused),
  /// not while the rule was checked: shrinking keeps a failure of the same kind only.
  var inSetup = false

  /// What makes two failures the same bug for shrinking: the rule, the phase, the failing
  /// command's verb and the first three words of the detail that hold no number ("contentSize
  /// does not …" is not "cell at starts …").
  var signature: String {
    let verb = steps.last?.command.split(separator: " ").first ?? ""
    let words = detail.split(separator: " ").filter { !$0.contains(where: \.isNumber) }.prefix(3)
    return "\(rule.rawValue) \(inSetup) \(verb) \(words.joined(separator: " "))"
  }
}

/// The datasets conform generates: a `gen` kind, its item count, a seed.
public struct ConformanceDataset: Sendable {
  public var kind: String
  public var seed: UInt64
  public var sections: Int

  public init(kind: String, seed: UInt64, sections: Int) {
    self.kind = kind
    self.seed = seed
    self.sections = sections
  }

  /// Kinds whose size is an item count (a tree's is its depth and fanout, fixed here).
  public static let kinds = ["random", "grid", "photos", "blocks", "tree", "events", "bars"]

  /// How many items and sections a check takes, wherever it runs (`tessera conform`, the
  /// `TesseraTesting` library).
  public static let itemRange = 1...1_000_000
  public static let sectionRange = 1...100

  /// The kind, item count and section count refused, or nil when all three are allowed.
  public static func refusal(kind: String?, items: Int, sections: Int) -> String? {
    if let kind, !kinds.contains(kind) {
      return "unknown dataset '\(kind)'; the kinds are \(kinds.joined(separator: ", "))"
    }
    if !itemRange.contains(items) { return "--items takes 1 to 1000000, not \(items)" }
    if !sectionRange.contains(sections) { return "--sections takes 1 to 100, not \(sections)" }
    return nil
  }

  public func command(items: Int) -> String {
    switch kind {
    case "tree": "gen tree depth=4 fanout=3 seed=\(seed)"
    case "grid": "gen grid \(items) sections=\(sections)"
    // A third of the events cover several days (the timeline draws them as ranges).
    case "events": "gen events \(items) seed=\(seed) tracks=\(max(1, sections)) ranges=30"
    default: "gen \(kind) \(items) seed=\(seed) sections=\(sections)"
    }
  }

  /// Whether `gen` makes it with a given number of items (a tree's size is its shape).
  var sizedByCount: Bool { kind != "tree" }
}
