import TesseraHost
import Testing

/// Every bundled layout stays valid at any size `viewport` accepts, down to a pixel, and with
/// insets wider than the view: a layout may refuse a size with a layout error, never answer one
/// with frames the host calls a plugin bug (the waterfall once gave −3×−3 cells at 4 points, the
/// shrinking list negative widths at 10, the Pinterest example a negative content width).
@Suite struct NarrowViewTests {
  static let views = [
    "1x1", "4x100", "10x10", "100x1", "1x1@3", "20x100 inset=0,300,0,300", "20x100 safeArea=0,300,0,300",
    "390x844 inset=500,0,500,0",
  ]

  static func dataset(for layout: String) -> String {
    switch layout {
    case "schematic": "gen tree nodes=40"
    case "timeline": "gen events 30"
    case "quilt": "gen blocks 30"
    case "chart": "gen bars 20"
    case "waterfall", "pinterest": "gen photos 30"
    default: "gen random 30 sections=2 header=390x30 footer=390x10"
    }
  }

  @Test func everyBundledLayoutStaysValidInANarrowView() throws {
    let names = Support.session().registry.layouts.map(\.name)
    #expect(names.count >= 19)
    for name in names {
      for view in Self.views {
        let session = Support.session()
        for line in [
          Self.dataset(for: name), "layout \(name)", "viewport \(view)", "dump --all", "item 0.0", "scroll 0 50",
          "visible",
        ] {
          let output = session.execute(line) ?? ""
          #expect(!output.hasPrefix("error"), "\(name) in \(view): \(line): \(output)")
        }
      }
    }
  }

  @Test func aWaterfallNarrowerThanItsSpacingHasColumnsOfNoWidth() throws {
    let session = Support.session()
    _ = session.execute("gen photos 3")
    _ = session.execute("viewport 4x100")
    _ = session.execute("layout waterfall")
    #expect(
      session.execute("dump")
        == """
        element  path  id  x   y   width  height  extra
        cell     0.0   i0  0   0   0      0       column=0
        cell     0.1   i1  10  0   0      0       column=1
        cell     0.2   i2  0   10  0      0       column=0
        (3 elements)
        """)
  }
}
