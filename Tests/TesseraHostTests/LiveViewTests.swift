import Foundation
import TesseraCore
import Testing

@testable import TesseraHost

/// The live view's look at the session: the bounds, the content size and the elements within a
/// viewport's reach, exactly what `dump` lists for that rect, and a look that changes nothing.
@Suite struct LiveViewTests {
  static let lines = ["gen grid 60 size=100x100", "viewport 390x400", "scroll 0 500", "trace off"]

  @Test func itListsWhatDumpListsAroundTheBoundsAndCountsNoCall() throws {
    let session = Support.session()
    for line in Self.lines { _ = session.execute(line) }
    let stats = session.execute("stats")
    let view = session.liveView()
    #expect(session.execute("stats") == stats, "the look is not counted")
    _ = session.execute("format json")
    let dump = session.execute("dump -390 100 1170 1200")
    let listing = try #require(view.firstRange(of: #""listing": "#)).upperBound
    #expect(String(view[listing...].dropLast()) == dump)
    #expect(view.hasPrefix(#"{"offset": [0, 500], "viewport": [390, 400], "content": [390, "#), "\(view)")
    #expect(view.contains(#""layout": "flow""#))
  }

  @Test func aLayoutThatCannotAnswerIsAnError() {
    let session = Session(registry: PluginRegistry(), baseDirectory: Support.packageRoot)
    #expect(
      session.liveView()
        == #"{"error": "no layout is loaded: no plugins were found (see 'plugins' and 'plugin load PATH')", "kind": "refused"}"#
    )
  }

  @Test func theEngineAnswersItBesideTheCommands() throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    for line in Self.lines { _ = supervisor.perform(line) }
    let stats = supervisor.perform("stats").output
    let view = try #require(supervisor.liveView())
    #expect(view.hasPrefix(#"{"offset": [0, 500], "viewport": [390, 400]"#), "\(view)")
    #expect(supervisor.perform("stats").output == stats)
  }
}
