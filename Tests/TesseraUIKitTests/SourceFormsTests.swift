import Foundation
import TesseraHost
import TesseraUIKit
import Testing
import UIKitSourceForms

/// The forms published layouts take (Tests/UIKitSourceForms) compile and behave.
@Suite struct SourceFormsTests {
  /// Cards 100 high, each 20 over the one before: tops 0, 80, 160 (on a 2x screen, already on
  /// the pixel grid), 190 wide in a 200-point view, z index by item; content 3 × 80 + 20 = 260.
  /// Copies made by `NSArray(array:copyItems:)` come back as attributes. An animated switch
  /// away calls `prepareForTransition(to:)`, one back `prepareForTransition(from:)`.
  @Test func cardStackRunsWithItsOverrides() throws {
    let made = MadeCards()
    let session = try UIKitSupport.session([
      UIKitLayout<CardStackLayout>("cardstack") {
        let layout = CardStackLayout()
        made.layouts.append(layout)
        return layout
      },
      UIKitLayout("flow") { UICollectionViewFlowLayout() },
    ])
    UIKitSupport.run(session, "gen grid 3", "viewport 200x400@2", "layout cardstack")
    #expect(
      session.execute("dump") == """
        element  path  id  x  y    width  height  z
        cell     0.0   i0  0  0    190    100     0
        cell     0.1   i1  0  80   190    100     1
        cell     0.2   i2  0  160  190    100     2
        (3 elements)
        """)
    #expect(session.execute("size") == "contentSize 200x260")
    UIKitSupport.run(session, "layout flow animated", "layout cardstack animated")
    // The first layout made is the registration's probe (what the description reads).
    #expect(made.layouts.count == 3)
    #expect(made.layouts.dropFirst().first?.transitions == ["to"])
    #expect(made.layouts.last?.transitions == ["from"])
  }

  /// The inserted cell starts 30 points below its place (0.1 of a full grid line: x 68, the
  /// spacing (390 − 6 × 50) / 5 = 18), transparent (`super`'s answer, moved);
  /// the data source answered the section count; a resize invalidates everything through the
  /// layout's own context's overridden `invalidateEverything`.
  @Test func fadeInFlowAdjustsSupersAppearingAttributes() throws {
    let made = MadeFadeIn()
    let session = try UIKitSupport.session([
      UIKitLayout<FadeInFlowLayout>("fadein") {
        let layout = FadeInFlowLayout()
        made.layout = layout
        return layout
      }
    ])
    UIKitSupport.run(session, "gen grid 3", "layout fadein", "format json")
    let report = session.execute("batch insert 0.1") ?? ""
    #expect(
      report.contains(
        #"{"element": "cell", "id": "i3", "from": null, "to": [0, 1], "start": {"category": "cell", "section": 0, "item": 1, "frame": [68, 30, 50, 50], "bounds": [0, 0, 50, 50], "center": [93, 55], "zIndex": 0, "alpha": 0, "hidden": false}"#
      ), "\(report)")
    #expect(made.layout?.sectionsSeen == 1)
    UIKitSupport.run(session, "format table", "trace on")
    let trace = session.execute("viewport 300x400") ?? ""
    #expect(trace.contains("invalidate(everything, bounds)"), "\(trace)")
  }
}

/// The layouts a registration made, for a test to look into (one test, one thread).
private final class MadeCards: @unchecked Sendable {
  var layouts: [CardStackLayout] = []
}

private final class MadeFadeIn: @unchecked Sendable {
  var layout: FadeInFlowLayout?
}

/// Settings a flow subclass changes in its `prepare()` after `super.prepare()` count in the same
/// pass, as on iOS (UIKit's flow lays out lazily).
@Suite struct LazyFlowTests {
  /// Rows 370 wide (390 − 10 − 10) at y 10, 75, 140 (60 high, 5 apart, inset 10); after a resize
  /// to 300, at once 280 wide.
  @Test func settingsChangedInPrepareCountInTheSamePass() throws {
    let session = try UIKitSupport.session([UIKitLayout("columnflow") { ColumnFlowLayout() }])
    UIKitSupport.run(session, "gen grid 3", "layout columnflow")
    #expect(
      session.execute("dump") == """
        element  path  id  x   y    width  height
        cell     0.0   i0  10  10   370    60
        cell     0.1   i1  10  75   370    60
        cell     0.2   i2  10  140  370    60
        (3 elements)
        """)
    #expect(session.execute("size") == "contentSize 390x210")
    UIKitSupport.run(session, "viewport 300x844")
    #expect(
      session.execute("item 0.2")
        == "element  path  id  x   y    width  height\ncell     0.2   i2  10  140  280    60\n(1 element)")
  }
}
