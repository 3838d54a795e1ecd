import Foundation
import TesseraHost
import Testing

@Suite struct ReadmeTests {
  /// The README's command reference is the command table's, word for word.
  @Test func commandReferenceMatchesTheCommandTable() throws {
    let readme = try String(contentsOfFile: Support.packageRoot + "/README.md", encoding: .utf8)
    let start = try #require(readme.range(of: CommandReference.begin))
    let end = try #require(readme.range(of: CommandReference.end))
    let section = String(readme[start.lowerBound..<end.upperBound])
    #expect(
      section == CommandReference.markdown,
      "README.md's command reference is stale: replace it with the output of `tessera reference`")
  }
}
