import TesseraCore
import TesseraKit
import TesseraText
import Testing

/// Text measured with HarfBuzz and the bundled DejaVu Sans. The advances are those HarfBuzz's own
/// `hb-shape` prints for the bundled file (font units, 2,048 to the em); the metrics are the
/// font's `hhea` table (ascender 1901, descender −483, line gap 0).
@Suite struct TextMeasureTests {
  static let font = try! ShapedFont.bundled()
  /// Font units at 17 points.
  static func at17(_ units: Double) -> Double { units * 17 / 2048 }

  @Test func theBundledFontIsDejaVuSansWithItsHorizontalHeaderMetrics() {
    #expect(Self.font.fontName == "DejaVu Sans 2.37")
    let m = Self.font.metrics(size: 17)
    #expect(m == FontMetrics(ascender: Self.at17(1901), descender: Self.at17(483), lineGap: 0))
    #expect(m.lineHeight == Self.at17(1901) + Self.at17(483))
  }

  @Test func aLineIsItsShapedAdvancesWithKerningAndLigatures() {
    #expect(
      Self.font.lines(of: "Hello, world", size: 17, width: nil) == [
        TextLine(text: "Hello, world", width: Self.at17(12132))
      ])
    // Kerned: A-V, V-A, A-T and T-A pull together (unkerned the advances add to 8278).
    #expect(Self.font.lines(of: "AVATAR", size: 17, width: nil).map(\.width) == [Self.at17(7698)])
    // "fi" and "ffl" are ligatures: one glyph each.
    #expect(Self.font.lines(of: "fi ffl", size: 17, width: nil).map(\.width) == [Self.at17(1290 + 651 + 1980)])
    // Right to left: the same sum of advances.
    #expect(Self.font.lines(of: "שלום עולם", size: 17, width: nil).map(\.width) == [Self.at17(9546)])
  }

  @Test func linesBreakAtSpacesAfterHyphensAndInsideWordsTooLongAlone() {
    #expect(
      Self.font.lines(of: "Hello, world", size: 17, width: 60) == [
        TextLine(text: "Hello,", width: Self.at17(5842)), TextLine(text: "world", width: Self.at17(5639)),
      ])
    #expect(Self.font.lines(of: "well-known", size: 17, width: 60).map(\.text) == ["well-", "known"])
    #expect(Self.font.lines(of: "Wave", size: 17, width: 20).map(\.text) == ["W", "a", "v", "e"])
    // A width of zero still puts one character on each line.
    #expect(Self.font.lines(of: "ab", size: 17, width: 0).map(\.text) == ["a", "b"])
  }

  @Test func aNoBreakSpaceJoinsWhatItSeparates() {
    // Across a normal space the line breaks after "Mr."; across U+00A0 the two words are one,
    // which breaks between characters only because it is too wide alone.
    #expect(Self.font.lines(of: "Mr. Smith", size: 17, width: 60).map(\.text) == ["Mr.", "Smith"])
    let joined = Self.font.lines(of: "Mr.\u{A0}Smith", size: 17, width: 60).map(\.text)
    #expect(joined.count == 2 && joined[0].hasPrefix("Mr.\u{A0}") && joined.joined() == "Mr.\u{A0}Smith")
  }

  @Test func lineFeedsBreakAndTrailingSpacesHang() {
    let lines = Self.font.lines(of: "a  \n\nb ", size: 17, width: nil)
    #expect(lines.map(\.text) == ["a", "", "b"])
    #expect(lines.map(\.width) == [Self.at17(1255), 0, Self.at17(1300)])
    #expect(Self.font.lines(of: "", size: 17, width: 100).isEmpty)
    // Spaces never push a line over: they hang at its end.
    #expect(Self.font.lines(of: "a      b", size: 17, width: 12).map(\.text) == ["a", "b"])
  }

  @Test func aCellIsItsLabelRoundedUpPlusThePadding() {
    var style = TextStyle()
    let proposed = Size(width: 50, height: 50)
    var measure = style.measure("Hello, world", proposed: proposed, scale: nil, with: Self.font)
    // 100.705… wide, 19.789… high, rounded up to whole points; 8 of padding on each side.
    #expect(measure.label == Size(width: 101, height: 20))
    #expect(measure.cell == Size(width: 117, height: 36))
    // On a 3x screen the label rounds up to a third of a point: at 13 points it is 77.01 by
    // 15.13, 231.03 by 45.4 pixels.
    style.fontSize = 13
    measure = style.measure("Hello, world", proposed: proposed, scale: 3, with: Self.font)
    #expect(measure.label == Size(width: 232.0 / 3, height: 46.0 / 3))
    style.fontSize = 17
    // Fit both within 80 wide: the label wraps at 64.
    style.maxWidth = 80
    measure = style.measure("Hello, world", proposed: proposed, scale: nil, with: Self.font)
    #expect(measure.lines.map(\.text) == ["Hello,", "world"])
    #expect(measure.cell == Size(width: 65, height: 56))
  }

  @Test func fitHeightKeepsTheWidthAndFitWidthTheHeight() {
    var style = TextStyle()
    style.fit = .height
    #expect(
      style.measure("Hello, world", proposed: Size(width: 100, height: 10), scale: nil, with: Self.font).cell
        == Size(width: 100, height: 56))
    style.lines = 1
    #expect(
      style.measure("Hello, world", proposed: Size(width: 100, height: 10), scale: nil, with: Self.font).cell
        == Size(width: 100, height: 36))
    // A kept side is the proposed one, even off the pixel grid; the fitted one is on it.
    style.lines = 0
    let kept = style.measure("Hello, world", proposed: Size(width: 390.1, height: 10), scale: 3, with: Self.font)
    #expect(kept.cell.width == 390.1)
    #expect(kept.cell.height == ((kept.label.height + 16) * 3).rounded() / 3)
    style.fit = .width
    style.padding = EdgeInsets(top: 0, left: 2, bottom: 0, right: 3)
    #expect(
      style.measure("Hello, world", proposed: Size(width: 10, height: 99), scale: nil, with: Self.font).cell
        == Size(width: 106, height: 99))
  }
}
