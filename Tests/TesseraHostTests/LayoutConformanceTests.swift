import TesseraHost
import TesseraKit
import Testing

/// Every bundled plugin, through the ABI: the rect query returns exactly the elements whose
/// frames overlap the rect (checked against all elements at many random rects), `item` agrees
/// with `dump`, the content size covers every frame, no index path is invented (the host would
/// refuse it), and the same input gives the same output.
@Suite struct LayoutConformanceTests {
  enum Covers { case both, alongY, alongX }

  struct Case: CustomTestStringConvertible, Sendable {
    var layout: String
    var dataset: String
    /// Flow and quilt let an item wider than the line overflow across the scroll axis, as
    /// UIKit and RFQuiltLayout do; their content covers frames along it only.
    var covers: Covers
    var testDescription: String { "\(layout) on \(dataset)" }
  }

  static let cases: [Case] = [
    Case(layout: "layout flow", dataset: "gen random 150 sections=3 header=390x30", covers: .alongY),
    Case(layout: "layout flow scrollDirection=horizontal", dataset: "gen random 150 sections=3", covers: .alongX),
    Case(layout: "layout list", dataset: "gen random 150 sections=3", covers: .both),
    Case(layout: "layout schematic", dataset: "gen tree depth=5 fanout=3 seed=3", covers: .both),
    Case(layout: "layout mosaic", dataset: "gen grid 200 sections=3", covers: .both),
    Case(layout: "layout waterfall columnCount=3", dataset: "gen photos 200 sections=2 header=390x20", covers: .both),
    Case(layout: "layout waterfall itemRenderDirection=rightToLeft", dataset: "gen photos 120", covers: .both),
    Case(layout: "layout quilt", dataset: "gen blocks 200 sections=2", covers: .alongY),
    Case(layout: "layout quilt direction=horizontal blockSize=80x120", dataset: "gen blocks 200", covers: .alongX),
    Case(layout: "layout raggy", dataset: "gen photos 200 sections=2", covers: .both),
    Case(layout: "layout raggy tornEdges=true numberOfRows=4", dataset: "gen photos 200", covers: .both),
    // Layouts written for UIKit, through the UIKit surface.
    Case(layout: "layout uikitflow", dataset: "gen random 150 sections=3 header=390x30", covers: .alongY),
    Case(layout: "layout pinterest numberOfColumns=3", dataset: "gen photos 150 sections=2", covers: .both),
    Case(layout: "layout leftaligned sectionInset=5,7,5,7", dataset: "gen random 150 sections=3", covers: .alongY),
    Case(layout: "layout stickyheaders", dataset: "gen random 150 sections=3 header=390x30", covers: .alongY),
    Case(layout: "layout shrinkinglist", dataset: "gen random 150 sections=3", covers: .both),
    Case(layout: "layout sectionbackground", dataset: "gen random 150 sections=3", covers: .alongY),
    Case(layout: "layout uikitmosaic", dataset: "gen grid 200 sections=3", covers: .both),
  ]

  @Test(arguments: cases)
  func rectQueriesItemsAndContentAgree(c: Case) throws {
    let session = Support.session()
    #expect(session.execute(c.dataset)?.hasPrefix("error") == false)
    #expect(session.execute(c.layout)?.hasPrefix("error") == false, "\(c.layout)")
    let layout = try #require(session.layout)
    let all = try layout.allAttributes()
    #expect(!all.isEmpty)
    let content = try layout.contentSize()
    var rng = SplitMix64(seed: 17)
    for _ in 0..<300 {
      let rect = Rect(
        x: Double(rng.int(in: -40...Int(content.width) + 40)), y: Double(rng.int(in: -40...Int(content.height) + 40)),
        width: Double(rng.int(in: 0...700)), height: Double(rng.int(in: 0...900)))
      let found = try layout.attributes(in: rect)
      #expect(found.count == Set(found).count, "duplicates at \(rect)")
      #expect(Set(found) == Set(all.filter { $0.frame.intersects(rect) }), "\(c) at \(rect)")
    }
    for cell in all where cell.category == .cell {
      #expect(try layout.item(at: cell.indexPath) == cell)
    }
    #expect(all.filter { $0.category == .cell }.count == session.model.dataset.itemCount)
    let tolerance = 1e-9
    for e in all {
      if c.covers != .alongX { #expect(e.frame.maxY <= content.height + tolerance, "\(e.label) below the content") }
      if c.covers != .alongY { #expect(e.frame.maxX <= content.width + tolerance, "\(e.label) right of the content") }
    }
    // Same input, same output: a fresh instance on the same data answers identically.
    let again = try LayoutInstance(layout.layoutClass, model: session.model, options: layout.options)
    #expect(try again.allAttributes() == all)
    #expect(try again.contentSize() == content)
  }

  /// Pinned headers and footers: at every scroll position the rect query finds exactly the
  /// elements (pinned ones where they are pinned) that overlap the rect, a scroll changes only
  /// the pinned supplementaries, and the result equals a fresh prepare at that position.
  @Test(arguments: ["vertical", "horizontal"])
  func pinnedHeadersAndFootersAgreeEverywhere(direction: String) throws {
    let session = Support.session()
    _ = session.execute("gen random 120 sections=4 header=60x30 footer=60x20 seed=5")
    _ = session.execute("viewport 390x300")
    #expect(
      session.execute(
        "layout flow scrollDirection=\(direction) sectionHeadersPinToVisibleBounds=true sectionFootersPinToVisibleBounds=true"
      )?.hasPrefix("layout flow") == true)
    var rng = SplitMix64(seed: 3)
    let content = try #require(session.layout).contentSize()
    var previous = try #require(session.layout).allAttributes()
    for _ in 0..<60 {
      let offset = Double(rng.int(in: -50...Int(max(content.width, content.height))))
      _ = session.execute(
        direction == "vertical" ? "scroll 0 \(formatNumber(offset))" : "scroll \(formatNumber(offset)) 0")
      let layout = try #require(session.layout)
      let all = try layout.allAttributes()
      // Only pinned supplementaries move.
      let moved = Set(all).subtracting(previous).filter { $0.category == .cell }
      #expect(moved.isEmpty, "cells moved on a scroll: \(moved.map(\.label))")
      previous = all
      for _ in 0..<20 {
        let rect = Rect(
          x: Double(rng.int(in: -40...Int(content.width))), y: Double(rng.int(in: -40...Int(content.height))),
          width: Double(rng.int(in: 0...400)), height: Double(rng.int(in: 0...400)))
        #expect(Set(try layout.attributes(in: rect)) == Set(all.filter { $0.frame.intersects(rect) }), "at \(rect)")
      }
      let fresh = try LayoutInstance(layout.layoutClass, model: session.model, options: layout.options)
      #expect(try fresh.allAttributes() == all)
    }
  }

  /// With a screen scale, flow's rounded origins and the waterfall's floored sizes still answer
  /// rect queries exactly (the bands are searched a pixel wider).
  @Test(arguments: [
    ("gen random 200 sections=3 header=390x30.3 seed=8", "layout flow minimumLineSpacing=0.3 sectionInset=0.2,0.7,0,0"),
    ("gen random 200 sections=3 seed=8", "layout flow scrollDirection=horizontal minimumLineSpacing=0.45"),
    ("gen photos 200 sections=2 header=390x20", "layout waterfall columnCount=7"),
  ])
  func pixelAlignedLayoutsAnswerRectQueriesExactly(dataset: String, layoutLine: String) throws {
    for scale in ["2", "3"] {
      let session = Support.session()
      _ = session.execute(dataset)
      _ = session.execute("viewport 390x844@\(scale)")
      #expect(session.execute(layoutLine)?.hasPrefix("layout") == true)
      let layout = try #require(session.layout)
      let all = try layout.allAttributes()
      let content = try layout.contentSize()
      var rng = SplitMix64(seed: 12)
      for _ in 0..<300 {
        let rect = Rect(
          x: Double(rng.int(in: -20...Int(content.width))) + 0.1 * Double(rng.int(in: 0...9)),
          y: Double(rng.int(in: -20...Int(content.height))) + 0.1 * Double(rng.int(in: 0...9)),
          width: Double(rng.int(in: 0...300)) / 3, height: Double(rng.int(in: 0...300)) / 3)
        #expect(Set(try layout.attributes(in: rect)) == Set(all.filter { $0.frame.intersects(rect) }), "at \(rect)")
      }
    }
  }
}
