/// A rule a layout broke: what, where, and a session file that shows it.
public struct ConformanceViolation: Sendable {
  public var rule: ConformanceRule
  /// What was wrong, naming the element or the query.
  public var detail: String
  /// How many items the reproducer's dataset has (after shrinking).
  public var items: Int
  /// The reproducer's file name without its extension: `LAYOUT-RULE`.
  public var name: String
  /// How the case was shrunk (nil when it was not: a check the plugin crashed).
  public var shrinking: ConformanceShrinking?
  /// The reproducer: commands with the output a conforming layout prints, so replaying it with
  /// `tessera check` fails at the violation.
  public var reproducer: ConformanceReproducer
  /// Where the reproducer was written, when it was.
  public var reproducerPath: String?
}

/// What shrinking a violation's case did, and what it cost.
public struct ConformanceShrinking: Sendable {
  /// The items the check started with.
  public var from: Int
  /// Cases tried.
  public var trials: Int
  public var duration: Duration
  /// True when the time ran out before a fixed point (the case may shrink further).
  public var ranOutOfTime: Bool

  public var seconds: Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// The reproducer's header line: `Shrunk from 200 items to 1 in 42 trials (0.31 s), to a fixed
  /// point of items, sections, sizes and options.`
  func description(to shrunk: ConformanceCase) -> String {
    let time = formatNumber((seconds * 100).rounded() / 100)
    let end =
      ranOutOfTime
      ? "stopped by its time limit (it may shrink further)" : "to a fixed point of items, sections, sizes and options"
    return
      "Shrunk from \(from) item\(from == 1 ? "" : "s") to \(shrunk.items) in \(trials) trial\(trials == 1 ? "" : "s") (\(time) s), \(end)."
  }
}

/// Commands and the output each should print; the last one is where the layout goes wrong.
public struct ConformanceReproducer: Sendable {
  public struct Step: Sendable {
    public var command: String
    public var expected: String?
  }

  /// The session file: comments, then `> command` lines each followed by its expected output.
  public let sessionText: String
  /// The dataset its `load` step reads, as JSON (nil when the data is generated).
  public let dataset: String?

  init(comments: [String], steps: [Step], dataset: String?) {
    var lines = comments.map { "# " + $0 }
    for step in steps {
      lines.append("> " + step.command)
      if let expected = step.expected { lines.append(expected) }
    }
    self.init(sessionText: lines.joined(separator: "\n") + "\n", dataset: dataset)
  }

  /// A reproducer written already (told by a check the plugin then crashed).
  init(sessionText: String, dataset: String?) {
    self.sessionText = sessionText
    self.dataset = dataset
  }
}
