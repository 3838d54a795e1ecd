import TesseraHost
import Testing

/// Help wraps to the terminal's width in the REPL: between words, continuation lines under the
/// text they continue.
@Suite struct TextWrappingTests {
  @Test func aParagraphBreaksBetweenWords() {
    let text = "one two three four five six seven eight nine ten eleven twelve"
    #expect(
      TextWrapping.wrap(text, width: 24) == "one two three four five\nsix seven eight nine ten\neleven twelve")
  }

  @Test func aTwoColumnRowContinuesUnderItsLastColumn() {
    let row = "  zoom FACTOR [at X Y]  the talk's pinch: the current layout again with its zoom scale multiplied"
    #expect(
      TextWrapping.wrap(row, width: 60)
        == """
          zoom FACTOR [at X Y]  the talk's pinch: the current layout
                                again with its zoom scale multiplied
        """)
  }

  @Test func aRowWhoseLastColumnStartsFarRightPutsItBelow() {
    let row =
      "  render PATH [viewport|content|batch]" + String(repeating: " ", count: 10) + "draw the layout as an SVG picture"
    #expect(
      TextWrapping.wrap(row, width: 40)
        == "  render PATH [viewport|content|batch]\n      draw the layout as an SVG picture")
  }

  @Test func shortLinesNarrowTerminalsAndLongWordsAreLeftAlone() {
    #expect(TextWrapping.wrap("short\n\nlines", width: 40) == "short\n\nlines")
    #expect(TextWrapping.wrap(String(repeating: "x ", count: 30), width: 10) == String(repeating: "x ", count: 30))
    let long = "see " + String(repeating: "w", count: 50) + " end"
    #expect(TextWrapping.wrap(long, width: 30) == "see\n" + String(repeating: "w", count: 50) + "\nend")
  }
}
