/// `tessera conform --json`: one object per layout, for tools.
public enum ConformanceJSON {
  public static func json(_ report: ConformanceReport) -> JSONOutput {
    .object([
      ("layout", .string(report.layout)),
      ("options", .string(report.options)),
      ("dataset", .string(report.dataset.kind)),
      ("items", .number(Double(report.items))),
      ("seed", .number(Double(report.dataset.seed))),
      ("kept", .array(report.kept.map { .string($0.rawValue) })),
      (
        "unchecked",
        .array(report.unchecked.map { .object([("rule", .string($0.rule.rawValue)), ("reason", .string($0.reason))]) })
      ),
      (
        "violations",
        .array(
          report.violations.map { v in
            .object([
              ("rule", .string(v.rule.rawValue)), ("detail", .string(v.detail)), ("items", .number(Double(v.items))),
              ("reproducer", v.reproducerPath.map { .string($0) } ?? .null),
              ("shrinking", v.shrinking.map(json) ?? .null),
            ])
          })
      ),
    ])
  }

  /// How a violation's case was shrunk: from how many items, in how many trials and seconds,
  /// and whether it reached a fixed point.
  static func json(_ s: ConformanceShrinking) -> JSONOutput {
    .object([
      ("from", .number(Double(s.from))), ("trials", .number(Double(s.trials))),
      ("seconds", .number((s.seconds * 1000).rounded() / 1000)), ("fixedPoint", .bool(!s.ranOutOfTime)),
    ])
  }
}
