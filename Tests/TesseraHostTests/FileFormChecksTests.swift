import Foundation
import Testing

@testable import TesseraHost

/// The fuzzer's whole-episode checks: a script in other line endings gives the same
/// transcript, and `tessera run` on a full device ends with status 74.
@Suite struct FileFormChecksTests {
  @Test func theThreeFormsOfAScript() {
    let forms = FileFormChecks.forms(of: ["gen grid 2", "size"])
    #expect(forms.map(\.name) == ["LF", "BOM and CR LF", "CR"])
    #expect(
      forms.map(\.text) == ["> gen grid 2\n> size\n", "\u{FEFF}> gen grid 2\r\n> size\r\n", "> gen grid 2\r> size\r"])
  }

  @Test func aScriptInEveryFormGivesOneTranscriptAndAFullDeviceIsCaught() throws {
    let folder = try IsolationTests.folder("file-forms")
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    configuration.baseDirectory = folder
    let steps = ["gen random 30 sections=2", "viewport 300x400", "scroll 0 120", "visible", "batch delete 0.1", "size"]
    #expect(try FileFormChecks.endingsProblem(steps, folder: folder, supervisor: configuration) == nil)
    #expect(
      try FileFormChecks.fullDeviceProblem(steps, folder: folder, executable: IsolationTests.tessera, pluginPaths: [])
        == nil)
  }
}
