import TesseraHost
import Testing

/// A failed command leaves the session exactly as it was: dataset, viewport, offset, layout,
/// options and format.
@Suite struct AtomicityTests {
  static func snapshot(_ session: Session) -> [String?] {
    ["data", "viewport", "layout", "dump", "size"].map { session.execute($0) }
  }

  @Test(arguments: [
    "load sessions/data/malformed.json", "load sessions/data/negative.json", "load nowhere.json",
    "layout flow itemSize=-3x3", "layout nothing", "viewport 0x0", "scroll a b", "gen random 5 min=9x9 max=1x1",
    "gen grid -2", "plugin load ./nothing.so", "plugin load libFixtureWrongMajor.so", "item 9.9", "format yaml",
  ])
  func failedCommandsChangeNothing(command: String) {
    let session = Support.session()
    _ = session.execute("gen random 40 seed=2 sections=2 header=390x20")
    _ = session.execute("layout flow minimumLineSpacing=2")
    _ = session.execute("scroll 0 100")
    let before = Self.snapshot(session)
    let libraries = session.registry.libraries.count
    let reply = session.execute(command) ?? ""
    #expect(reply.hasPrefix("error: "), "\(command) should fail, said: \(reply)")
    #expect(Self.snapshot(session) == before)
    #expect(session.registry.libraries.count == libraries)
  }

  @Test func aLayoutThatFailsToPrepareIsNotSwitchedTo() {
    let session = Support.session()
    _ = session.execute("plugin load libFixtureLiar.so")
    _ = session.execute("gen grid 3")
    let before = Self.snapshot(session)
    #expect(
      session.execute("layout liar mode=failprepare")?.hasPrefix("error: layout 'liar' failed to prepare") == true)
    #expect(Self.snapshot(session) == before)
  }
}
