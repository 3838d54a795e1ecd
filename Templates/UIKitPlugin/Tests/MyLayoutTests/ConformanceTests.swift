import TesseraTesting
import Testing

@testable import MyLayout

/// Tessera's conformance rules, for every layout Export.swift registers, on two datasets.
@Test(arguments: ["random", "photos"])
func everyLayoutKeepsEveryRule(dataset: String) throws {
  for registration in registrations {
    let report = try Conformance.check(registration.exported, dataset: dataset)
    #expect(report.violations.isEmpty, "\(report.summary)")
  }
}
