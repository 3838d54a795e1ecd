import TesseraKit
import Testing

@testable import TesseraHost

/// The flow's item lookup starts from a guess (the item's place in a grid, or its proportional
/// place among the lines) and gallops: every item it finds is the one the full listing has.
@Suite struct FlowLookupTests {
  @Test(arguments: [
    "gen grid 1000 size=50x50 sections=3", "gen grid 997 size=37x20", "gen random 800 sections=4 seed=2",
    "gen random 500 min=10x10 max=390x60 seed=5", "gen random 300 min=300x20 max=380x40 seed=6",
  ])
  func everyItemIsWhereTheListingHasIt(dataset: String) throws {
    for layout in ["layout flow", "layout flow scrollDirection=horizontal", "layout flow estimatedItemSize=60x40"] {
      let session = Support.session()
      #expect(session.execute(dataset)?.hasPrefix("error") == false)
      #expect(session.execute(layout)?.hasPrefix("error") == false)
      if layout.contains("estimated") {
        // Some cells size themselves: the grid is no longer uniform where they did.
        for path in ["0.3", "0.40", "0.41"] { _ = session.execute("invalidate size \(path) 90x70") }
      }
      let instance = try #require(session.layout)
      for cell in try instance.allAttributes() where cell.category == .cell {
        #expect(try instance.item(at: cell.indexPath) == cell, "\(dataset), \(layout), \(cell.indexPath)")
      }
    }
  }
}
