public import TesseraHost
public import TesseraKit

/// The checks of `tessera conform`, for a Swift plugin's own tests: one line runs a layout type
/// through every rule, in this process, through the same C interface the host uses.
///
/// ```swift
/// import Testing
/// import TesseraTesting
///
/// @Test func stackKeepsEveryRule() throws {
///   let report = try Conformance.check(StackLayout.self)
///   #expect(report.violations.isEmpty, "\(report.summary)")
/// }
/// ```
public enum Conformance {
  /// Checks `layout` against every rule (`ConformanceRule`) on a generated dataset and returns
  /// the report: `violations` is empty when the layout keeps them all. `options` are
  /// `key=value` words as `layout NAME` takes them.
  ///
  /// The layout (with `others`, to check that they can share one plugin: names must differ) is
  /// exported as a plugin named `plugin`, as `exportPlugin` would export it.
  public static func check(
    _ layout: any CollectionLayout.Type, also others: [any CollectionLayout.Type] = [], plugin: String = "tested",
    options: String = "", dataset: String = "random", items: Int = 200, seed: UInt64 = 1, sections: Int = 3
  ) throws(HostError) -> ConformanceReport {
    try check(
      ExportedLayout(layout), also: others.map(ExportedLayout.init), plugin: plugin, options: options,
      dataset: dataset, items: items, seed: seed, sections: sections)
  }

  /// `check(_:also:...)` for a layout given as a value: a UIKit layout's registration
  /// (`UIKitLayout(...).exported`), or any `ExportedLayout`.
  public static func check(
    _ layout: ExportedLayout, also others: [ExportedLayout] = [], plugin: String = "tested",
    options: String = "", dataset: String = "random", items: Int = 200, seed: UInt64 = 1, sections: Int = 3
  ) throws(HostError) -> ConformanceReport {
    if let refusal = ConformanceDataset.refusal(kind: dataset, items: items, sections: sections) {
      throw HostError(refusal)
    }
    let exported = exportAnotherPlugin(name: plugin, version: "0.0.0", exporting: [layout] + others)
    let registry = PluginRegistry()
    try registry.register(exported, shownAs: "(in-process) \(plugin)")
    let checker = ConformanceChecker(
      registry: registry, layoutName: layout.description.name, options: options, loadCommand: nil,
      dataset: ConformanceDataset(kind: dataset, seed: seed, sections: sections), items: items)
    return checker.run()
  }
}

extension ConformanceReport {
  /// The report as `tessera conform` prints it, for a test's failure message.
  public var summary: String { ConformanceText.text(self) }
}
