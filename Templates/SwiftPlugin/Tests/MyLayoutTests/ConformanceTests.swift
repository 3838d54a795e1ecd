import MyLayout
import TesseraTesting
import Testing

/// Tessera's conformance rules, on two datasets.
@Test(arguments: ["random", "photos"])
func myLayoutKeepsEveryRule(dataset: String) throws {
  let report = try Conformance.check(MyLayout.self, dataset: dataset)
  #expect(report.violations.isEmpty, "\(report.summary)")
}
