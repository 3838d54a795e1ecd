/// `tessera conform` as text: a line per rule (ok, FAIL with what and where, or not checked),
/// then the count.
public enum ConformanceText {
  public static func text(_ report: ConformanceReport) -> String {
    let d = report.dataset
    let size = d.kind == "tree" ? "depth 4, fanout 3" : "\(report.items) items"
    let options = report.options.isEmpty ? "" : " " + report.options
    var lines = ["conform: layout \(report.layout)\(options), dataset \(d.kind) (\(size), seed \(d.seed))"]
    let failed = Dictionary(grouping: report.violations, by: \.rule)
    for rule in ConformanceRule.allCases {
      if report.kept.contains(rule) {
        lines.append("ok    \(rule.rawValue)")
      } else if let violations = failed[rule] {
        for v in violations {
          let file = v.reproducerPath.map { " → \($0)" } ?? ""
          let items = "\(v.items) item\(v.items == 1 ? "" : "s")"
          lines.append("FAIL  \(rule.rawValue): \(v.detail) (reproducer: \(items)\(file))")
        }
      } else if let skipped = report.unchecked.first(where: { $0.rule == rule }) {
        lines.append("--    \(rule.rawValue): not checked (\(skipped.reason))")
      }
    }
    // A violation found while checking another rule is listed under its own rule above.
    let broken = Set(report.violations.map(\.rule)).count
    lines.append(
      broken == 0
        ? "every rule kept (\(ConformanceRule.allCases.count))"
        : "\(broken) of \(ConformanceRule.allCases.count) rules broken")
    return lines.joined(separator: "\n")
  }
}
