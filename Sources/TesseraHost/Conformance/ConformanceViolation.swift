/// A rule a layout broke: what, where, and a session file that shows it.
public struct ConformanceViolation: Sendable {
  public var rule: ConformanceRule
  /// What was wrong, naming the element or the query.
  public var detail: String
  /// How many items the reproducer's dataset has (after shrinking).
  public var items: Int
  /// The reproducer: commands with the output a conforming layout prints, so replaying it with
  /// `tessera check` fails at the violation.
  public var reproducer: ConformanceReproducer
  /// Where the reproducer was written, when it was.
  public var reproducerPath: String?
}

/// Commands and the output each should print; the last one is where the layout goes wrong.
public struct ConformanceReproducer: Sendable {
  public struct Step: Sendable {
    public var command: String
    public var expected: String?
  }

  public var comments: [String]
  public var steps: [Step]

  /// The session file: comments, then `> command` lines each followed by its expected output.
  public var sessionText: String {
    var lines = comments.map { "# " + $0 }
    for step in steps {
      lines.append("> " + step.command)
      if let expected = step.expected { lines.append(expected) }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
