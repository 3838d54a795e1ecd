import TesseraTesting
import Testing

@testable import MyLayout

/// Tessera's conformance rules, on two datasets and with three columns.
@Test(arguments: ["random", "photos"])
func myLayoutKeepsEveryRule(dataset: String) throws {
  let report = try Conformance.check(registrations[0].exported, options: "columns=3", dataset: dataset)
  #expect(report.violations.isEmpty, "\(report.summary)")
}
