import TesseraHost
import TesseraKit
import Testing

@testable import TesseraHost

/// Layout changes against UIKit's rules (docs/uikit-behaviour.md, "Layout transitions"): an
/// interactive transition starts at the current layout's attributes and ends at the next one's
/// exactly; an animated switch lands where its report says; a zoom keeps the content point under
/// the focus.
@Suite struct TransitionTests {
  struct Pair: CustomTestStringConvertible, Sendable {
    var dataset: String
    var from: String
    var to: String
    var testDescription: String { "\(from) → \(to) on \(dataset)" }
  }

  static let pairs: [Pair] = [
    Pair(dataset: "gen photos 120 sections=3 header=390x30", from: "layout flow", to: "mosaic"),
    Pair(dataset: "gen photos 120 sections=3 header=390x30", from: "layout mosaic", to: "waterfall columnCount=3"),
    Pair(dataset: "gen blocks 150 sections=2", from: "layout quilt", to: "raggy"),
    Pair(dataset: "gen random 150 seed=4", from: "layout list", to: "flow itemSize=80x80"),
    Pair(dataset: "gen events 300 tracks=5", from: "layout timeline", to: "timeline scale=90"),
    Pair(dataset: "gen tree depth=4 fanout=3", from: "layout schematic", to: "flow"),
  ]

  @Test(arguments: pairs)
  func anInteractiveTransitionRunsFromOneLayoutToTheOther(pair: Pair) throws {
    let session = Support.session()
    for line in [pair.dataset, pair.from, "viewport 390x600", "scroll 0 150"] {
      #expect(session.execute(line)?.hasPrefix("error") == false, "\(line)")
    }
    let before = try session.state.shownElements(in: session.model.bounds)
    #expect(session.execute("transition \(pair.to)")?.hasPrefix("transition ") == true)
    let transition = try #require(session.state.transition)
    // At 0, every element the current layout showed, where it showed it (a copy of the target's
    // attributes: z index, hidden and custom values are the next layout's).
    let atStart = Dictionary(
      transition.elements(screenScale: nil).map { ("\($0.label)", $0) }, uniquingKeysWith: { a, _ in a })
    for e in before {
      let shown = try #require(atStart[e.label], "\(e.label) at 0")
      #expect(shown.frame == e.frame && shown.alpha == e.alpha && shown.transform == e.transform, "\(e.label) at 0")
    }
    // At 1, what the next layout shows at the target offset, once it is installed.
    #expect(session.execute("transition progress 1")?.hasPrefix("transition ") == true)
    let atEnd = transition.pairs.map { $0.end }
    let ended = session.state.transition!.elements(screenScale: nil)
    #expect(ended == atEnd)
    #expect(session.execute("transition finish")?.contains("finished") == true)
    #expect(session.model.bounds.origin == transition.toOffset)
    let after = try session.state.shownElements(in: session.model.bounds)
    let endByLabel = Dictionary(ended.map { ($0.label, $0) }, uniquingKeysWith: { a, _ in a })
    for e in after { #expect(endByLabel[e.label] == e, "\(e.label) after finishing") }
  }

  @Test(arguments: pairs)
  func cancellingPutsEverythingBack(pair: Pair) throws {
    let session = Support.session()
    for line in [pair.dataset, pair.from, "viewport 390x600", "scroll 0 150"] { _ = session.execute(line) }
    let dump = session.execute("dump --all")
    let offset = session.model.bounds
    _ = session.execute("transition \(pair.to)")
    _ = session.execute("transition progress 0.37")
    #expect(session.execute("transition cancel")?.contains("cancelled") == true)
    #expect(session.state.transition == nil)
    #expect(session.model.bounds == offset)
    #expect(session.execute("dump --all") == dump)
  }

  /// A refused start leaves no transition behind, and a refused command during one leaves it
  /// exactly as it was.
  @Test func refusalsChangeNothing() throws {
    let session = Support.session()
    _ = session.execute("gen grid 20")
    #expect(session.execute("transition flow itemSize=-3x3")?.hasPrefix("error") == true)
    #expect(session.state.transition == nil)
    _ = session.execute("transition mosaic")
    _ = session.execute("transition progress 0.25")
    let shown = session.execute("dump --all")
    for line in ["batch delete 0.0", "layout flow", "zoom 2", "transition progress x", "transition raggy"] {
      #expect(session.execute(line)?.hasPrefix("error") == true, "\(line)")
      #expect(session.execute("dump --all") == shown, "\(line)")
      #expect(session.state.transition?.progress == 0.25)
    }
  }

  /// The timeline's zoom keeps the day under the focus point in place, whatever the point and
  /// the factor, unless the content's edge stops it.
  @Test func zoomKeepsTheDayUnderTheFingers() throws {
    let session = Support.session()
    _ = session.execute("gen events 400 tracks=6 seed=9")
    _ = session.execute("layout timeline")
    _ = session.execute("viewport 500x300")
    var rng = SplitMix64(seed: 21)
    var checked = 0
    for _ in 0..<200 {
      let layout = try #require(session.layout)
      let scale = layout.options[0].numbers[0]
      let content = try layout.contentSize()
      let x = Double(rng.int(in: 0...Int(max(0, content.width - 500))))
      _ = session.execute("scroll \(formatNumber(x)) 0")
      let focus = (Double(rng.int(in: 0...500)), Double(rng.int(in: 0...300)))
      let factor = [0.5, 0.8, 1.25, 2, 3][rng.int(in: 0...4)]
      guard scale * factor >= 0.01, scale * factor <= 1000 else { continue }
      let day = (x + focus.0 - 20) / scale
      let output = session.execute("zoom \(formatNumber(factor)) at \(formatNumber(focus.0)) \(formatNumber(focus.1))")
      #expect(output?.hasPrefix("zoom ") == true, "\(output ?? "")")
      let newScale = try #require(session.layout).options[0].numbers[0]
      let offset = session.model.bounds.minX
      let widest = try #require(session.layout).contentSize().width - 500
      guard offset > 0, offset < widest else { continue }  // the content's edge stopped it
      let dayAfter = (offset + focus.0 - 20) / newScale
      #expect(abs(dayAfter - day) < 1e-9 * max(1, abs(day)), "zoom \(factor) at \(focus) from \(x)")
      #expect(session.model.bounds.minY == 0)
      checked += 1
    }
    #expect(checked > 50)
  }

  /// A refused command leaves the session as it was, the last layout change and the last batch
  /// still drawable (restoring re-prepares the layout, which must not make them look stale).
  @Test func aRefusedCommandKeepsWhatCanBeDrawn() throws {
    let session = Support.session()
    _ = session.execute("load \(Support.packageRoot)/sessions/data/timeline.json")
    _ = session.execute("layout timeline")
    #expect(session.execute("layout timeline scale=20 animated")?.hasPrefix("layout timeline") == true)
    let picture = session.execute("render - transition frames=2")
    #expect(picture?.hasPrefix("<svg") == true)
    // The timeline refuses a track out of day order.
    #expect(session.execute("batch move 0.0 0.3")?.hasPrefix("error: layout 'timeline' failed to prepare") == true)
    #expect(session.execute("render - transition frames=2") == picture)
    _ = session.execute("layout flow")
    #expect(session.execute("batch delete 0.0")?.hasPrefix("inserted 0") == true)
    let batch = session.execute("render - batch")
    #expect(batch?.hasPrefix("<svg") == true)
    #expect(session.execute("batch delete 0.0; counts 1,1,1")?.hasPrefix("error: Invalid update") == true)
    #expect(session.execute("gen grid 3 size=1x-1")?.hasPrefix("error") == true)
    #expect(session.execute("render - batch") == batch)
  }

  @Test func interpolationFollowsUIKitsRule() {
    var start = Element(
      category: .cell, kind: nil, indexPath: IndexPath(0, 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
    start.zIndex = 3
    var end = Element(
      category: .cell, kind: nil, indexPath: IndexPath(0, 0), frame: Rect(x: 100, y: 50, width: 30, height: 20))
    end.alpha = 0.5
    end.zIndex = 7
    let half = ElementInterpolation.element(from: start, to: end, progress: 0.5, screenScale: nil)
    // Centres (5, 5) → (115, 60): (60, 32.5); size (20, 15).
    #expect(half.frame == Rect(x: 50, y: 25, width: 20, height: 15))
    #expect(half.alpha == 0.75)
    #expect(half.zIndex == 7)
    #expect(half.transform == .identity)
    #expect(ElementInterpolation.element(from: start, to: end, progress: 0, screenScale: nil).frame == start.frame)
    #expect(ElementInterpolation.element(from: start, to: end, progress: 9, screenScale: nil) == end)
    // At 2 pixels a point: centre to quarters, size to halves; 0.3 gives centre (38, 21.5) and
    // size (16, 13): whole already. At 0.31: centre (39.1, 22.05) → (39, 22); size (16.2, 13.1) →
    // (16, 13).
    let rounded = ElementInterpolation.element(from: start, to: end, progress: 0.31, screenScale: 2)
    #expect(rounded.frame == Rect(x: 31, y: 15.5, width: 16, height: 13))
  }
}
