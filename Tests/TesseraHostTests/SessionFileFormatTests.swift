import TesseraHost
import Testing

@Suite struct SessionFileFormatTests {
  static let sample = """
    # a comment
    > gen grid 2
    generated 2 items in 1 section

    # another
    > size
    contentSize 390x50
    > help size
    usage: size
      content size

    """

  @Test func parsesCommandsCommentsAndExpectedOutput() {
    let file = SessionFile.parse(Self.sample)
    let commands = file.blocks.compactMap(\.command)
    #expect(commands == ["gen grid 2", "size", "help size"])
    #expect(file.blocks[0].comments == ["# a comment"])
    #expect(file.blocks[0].expected == ["generated 2 items in 1 section"])
    #expect(file.blocks[1].comments == ["", "# another"])
    #expect(file.blocks[1].line == 6)
    #expect(file.blocks[2].expected == ["usage: size", "  content size"])
  }

  @Test func rendersBackToTheSameText() {
    #expect(SessionFile.parse(Self.sample).rendered() == Self.sample)
  }

  @Test func plainScriptsTreatEveryLineAsACommand() {
    let file = SessionFile.parse("# setup\ngen grid 3\n\nvisible\n")
    #expect(file.blocks.compactMap(\.command) == ["gen grid 3", "visible"])
  }

  @Test func unifiedDiffShowsChangedLinesWithContext() {
    let diff = UnifiedDiff.diff("a\nb\nc\nd\n", "a\nB\nc\nd\n", oldName: "x", newName: "y")
    #expect(diff == "--- x\n+++ y\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n \n")
    #expect(UnifiedDiff.diff("same\n", "same\n", oldName: "x", newName: "y").isEmpty)
  }
}
