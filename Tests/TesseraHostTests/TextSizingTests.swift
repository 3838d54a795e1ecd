import Foundation
import TesseraHost
import TesseraKit
import TesseraText
import Testing

/// `selfsizing text` in a session: a text too long to measure is refused with the item named and
/// the session left as it was, and the style survives an engine's crash.
@Suite struct TextSizingTests {
  init() { TextEngine.install { () throws(HostError) in try ShapedFont.bundled() } }

  @Test func aTextTooLongToMeasureIsRefusedAndChangesNothing() throws {
    let folder = try IsolationTests.folder("text-too-long")
    let long = String(repeating: "word ", count: Limits.measuredText / 5) + "x"
    try
      #"{"sections": [{"id": "s", "items": [{"id": "short", "props": {"text": "Hello"}}, {"id": "long", "props": {"text": "\#(long)"}}]}]}"#
      .write(toFile: folder + "/long.json", atomically: true, encoding: .utf8)
    let session = Session(registry: Launch.registry(pluginPaths: []).0, baseDirectory: folder)
    for line in ["load long.json", "layout flow estimatedItemSize=60x40", "selfsizing on"] {
      #expect(session.perform(line).failed == false, "\(line)")
    }
    let before = ["visible", "selfsizing measure 0.0"].map { session.execute($0) }
    let refusal =
      "error: item 0.1 ('long') has a text prop of 10001 bytes: self-sizing measures texts of at most 10000 bytes (shorten it, or measure dataset sizes with 'selfsizing text off')"
    // Self-sizing on: the style's first settle meets the long text, and the style is not set.
    #expect(session.execute("selfsizing text") == refusal)
    #expect(["visible", "selfsizing measure 0.0"].map { session.execute($0) } == before)
    #expect(before[1] == "item 0.0 ('short') measures nothing: it has no size, no text and no measureCycle")
    // Off, the style is set; measuring the long text, or turning self-sizing on, is refused.
    #expect(session.perform("selfsizing off").failed == false)
    #expect(session.perform("selfsizing text").failed == false)
    #expect(session.execute("selfsizing measure 0.1") == refusal)
    #expect(session.execute("selfsizing on") == refusal)
    #expect(session.execute("visible") == before[0])
  }

  @Test func theTextStyleSurvivesAnEngineCrash() throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    var lines = [
      "gen labels 60 seed=2", "layout flow estimatedItemSize=80x36", "selfsizing text maxWidth=180 font=15 lines=3",
      "selfsizing on",
    ]
    // Enough commands for the journal to take a checkpoint after the style was set.
    lines += (0..<Supervisor.checkpointInterval).map { $0 % 2 == 0 ? "scroll 0 \($0 % 400)" : "format table" }
    for line in lines { #expect(supervisor.perform(line).failed == false, "\(line)") }
    #expect(supervisor.journal.first?.checkpoint != nil)
    let queries = ["selfsizing text", "visible", "selfsizing measure 0.5"]
    let expected = queries.map { supervisor.perform($0).output }
    #expect(expected[0]?.contains("DejaVu Sans 2.37 at 15 pt") == true)
    #expect(supervisor.perform("plugin load \(Support.buildFolder)/libFixtureCrasher.so").failed == false)
    #expect(supervisor.perform("layout crasher mode=segfault").failed)
    #expect(queries.map { supervisor.perform($0).output } == expected)
  }
}
