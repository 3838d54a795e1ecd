import Foundation
import TesseraHost
import TesseraUIKit
import Testing
import UIKitExampleLayouts

/// The layouts written for UIKit give the frames UIKit would: each expectation is worked out by
/// hand from the layout's rules in its comment.
@Suite struct UIKitLayoutFrameTests {
  /// Two 150-wide columns, padding 6: heights 100, 50, 80, 30 go to columns 0, 1, 1 (62 < 112),
  /// 0 (112 < 154), each frame inset by the padding. Content 300 × 154.
  @Test func pinterestPutsEachPhotoInTheShortestColumn() throws {
    let data = try UIKitSupport.dataset([[(100, 100), (100, 50), (100, 80), (100, 30)]])
    let session = try UIKitSupport.session([pinterestRegistration])
    UIKitSupport.run(session, "format json", "load \(data)", "viewport 300x600", "layout pinterest")
    #expect(
      session.execute("dump")
        == #"{"attributes": [{"category": "cell", "section": 0, "item": 0, "id": "i0", "frame": [6, 6, 138, 100], "bounds": [0, 0, 138, 100], "center": [75, 56], "zIndex": 0, "alpha": 1, "hidden": false}, {"category": "cell", "section": 0, "item": 1, "id": "i1", "frame": [156, 6, 138, 50], "bounds": [0, 0, 138, 50], "center": [225, 31], "zIndex": 0, "alpha": 1, "hidden": false}, {"category": "cell", "section": 0, "item": 2, "id": "i2", "frame": [156, 68, 138, 80], "bounds": [0, 0, 138, 80], "center": [225, 108], "zIndex": 0, "alpha": 1, "hidden": false}, {"category": "cell", "section": 0, "item": 3, "id": "i3", "frame": [6, 118, 138, 30], "bounds": [0, 0, 138, 30], "center": [75, 133], "zIndex": 0, "alpha": 1, "hidden": false}]}"#
    )
    #expect(session.execute("size") == #"{"contentSize": [300, 154]}"#)
  }

  /// `numberOfColumns=3` is the layout's property set through its registration: 100-wide
  /// columns; the fourth photo goes to column 1 (62 < 92 < 112).
  @Test func pinterestSettingsAreOptions() throws {
    let data = try UIKitSupport.dataset([[(100, 100), (100, 50), (100, 80), (100, 30)]])
    let session = try UIKitSupport.session([pinterestRegistration])
    UIKitSupport.run(session, "load \(data)", "viewport 300x600", "layout pinterest numberOfColumns=3")
    #expect(
      session.execute("dump") == """
        element  path  id  x    y   width  height
        cell     0.0   i0  6    6   88     100
        cell     0.1   i1  106  6   88     50
        cell     0.2   i2  206  6   88     80
        cell     0.3   i3  106  68  88     30
        (4 elements)
        """)
    #expect(
      session.execute("layout pinterest numberOfColumns=0")
        == "error: invalid value '0' for numberOfColumns: 0 is out of range (from 1 to 64)")
    #expect(
      session.execute("layout").map { $0.contains("numberOfColumns  3      2        INTEGER  how many columns") }
        == true)
  }

  /// A 270-point line (insets 15) holds 100 + 10 + 60 + 10 + 80: the flow justifies it (x 15,
  /// 130, 205), the subclass moves each item left to 15, 125, 195. The 120-wide item starts the
  /// next line at the inset.
  @Test func leftAlignedSubclassAdjustsSupersAttributes() throws {
    let data = try UIKitSupport.dataset([[(100, 40), (60, 40), (80, 40), (120, 40)]])
    let session = try UIKitSupport.session([
      UIKitLayout("flow") { UICollectionViewFlowLayout() }, UIKitLayout("leftaligned") { LeftAlignedFlowLayout() },
    ])
    UIKitSupport.run(session, "load \(data)", "viewport 300x600", "layout flow sectionInset=0,15,0,15")
    #expect(session.execute("dump").map(xs) == [15, 130, 205, 15])
    UIKitSupport.run(session, "layout leftaligned sectionInset=0,15,0,15")
    #expect(session.execute("dump").map(xs) == [15, 125, 195, 15])
    #expect(session.execute("item 0.2").map(xs) == [195])
    #expect(session.execute("dump 190 0 20 20").map(xs) == [195])
  }

  /// Headers 30 tall, 50×50 items three to a 200-point line: section 0 runs 0–140 (header,
  /// lines at 30 and 90), section 1 140–280. Scrolled to 60, header 0 sticks at 60; header 1
  /// stays at 140 (its items start at 170). At 120, header 0 stops at 140 − 30 = 110.
  @Test func stickyHeadersFollowTheScroll() throws {
    let four = Array(repeating: (50.0, 50.0), count: 4)
    let data = try UIKitSupport.dataset([four, four])
    let session = try UIKitSupport.session([UIKitLayout("stickyheaders") { StickyHeaderFlowLayout() }])
    UIKitSupport.run(
      session, "load \(data)", "viewport 200x100", "layout stickyheaders headerReferenceSize=0x30", "scroll 0 60")
    #expect(headerTops(session.execute("visible")) == [60, 140])
    UIKitSupport.run(session, "scroll 0 120")
    #expect(headerTops(session.execute("visible")) == [110, 140])
    UIKitSupport.run(session, "scroll 0 0")
    #expect(headerTops(session.execute("visible")) == [0])
  }

  /// One decoration behind each section: section 0 (4 items, lines at 10 and 70, insets 10)
  /// spans 0–130; section 1 (2 items, one line at 140) spans 130–200. Below the cells (z −1).
  @Test func decorationViewsAreListedDrawnAndQueried() throws {
    let data = try UIKitSupport.dataset([Array(repeating: (50, 50), count: 4), [(50, 50), (50, 50)]])
    let session = try UIKitSupport.session([UIKitLayout("sectionbackground") { SectionBackgroundFlowLayout() }])
    UIKitSupport.run(session, "load \(data)", "viewport 200x400", "layout sectionbackground sectionInset=10,0,10,0")
    let dump = session.execute("dump") ?? ""
    #expect(
      dump.hasSuffix(
        """
        sectionBackground  0.0       0    0    200    130     -1
        sectionBackground  1.0       0    130  200    70      -1
        (8 elements)
        """), "\(dump)")
    // Below the last line (which ends at 190), only the background reaches.
    #expect(
      session.execute("dump 0 192 200 8") == """
        element            path  x  y    width  height  z
        sectionBackground  1.0   0  130  200    70      -1
        (1 element)
        """)
  }

  private func xs(_ table: String) -> [Double] {
    table.split(separator: "\n").filter { $0.hasPrefix("cell") }.map {
      Double($0.split(separator: " ", omittingEmptySubsequences: true)[3])!
    }
  }

  private func headerTops(_ table: String?) -> [Double] {
    (table ?? "").split(separator: "\n").filter { $0.hasPrefix("header") }.map {
      Double($0.split(separator: " ", omittingEmptySubsequences: true)[3])!
    }
  }
}

/// The Pinterest layout's own delegate protocol, answered from the dataset as a plugin does.
extension TesseraDatasetDelegate: PinterestLayoutDelegate {
  public func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath)
    -> CGFloat
  {
    itemSize(at: indexPath)?.height ?? 180
  }
}

let pinterestRegistration = UIKitLayout<PinterestLayout>("pinterest") { collectionView in
  let layout = PinterestLayout()
  layout.delegate = collectionView.delegate as? PinterestLayoutDelegate
  return layout
}
.option("numberOfColumns", \.numberOfColumns, range: 1...64, doc: "how many columns")
.option("cellPadding", \.cellPadding, range: 0...1000, doc: "padding around each photo")
