import Testing

@testable import TesseraHost

/// The engine's arguments, written by the supervisor and read back without the command-line
/// parser: every field survives, and anything else is left to the parser.
@Suite struct EngineArgumentsTests {
  @Test func everyFieldSurvivesTheCommandLine() {
    var engine = EngineArguments(privateFolder: "/tmp/tessera-1-x", statusPage: "/tmp/tessera-1-x/engine-status")
    #expect(EngineArguments(parsing: engine.arguments) == engine)
    engine.base = "/work/with space"
    engine.watchdog = 2.5
    engine.pluginPaths = ["/a", "--quiet"]
    engine.fixedLibraries = true
    engine.libraries = ["/a/libOne.so", "/a/libTwo.so"]
    engine.restricted = true
    engine.readableRoots = ["/r"]
    engine.quiet = true
    #expect(
      engine.arguments == [
        "engine", "--private-folder", "/tmp/tessera-1-x", "--status-page", "/tmp/tessera-1-x/engine-status", "--base",
        "/work/with space", "--watchdog", "2.5", "--plugin-path", "/a", "--plugin-path", "--quiet",
        "--fixed-libraries", "--library", "/a/libOne.so", "--library", "/a/libTwo.so", "--restricted", "--readable",
        "/r", "--quiet",
      ])
    #expect(EngineArguments(parsing: engine.arguments) == engine)
  }

  @Test(arguments: [
    ["run", "x.session"], ["engine"], ["engine", "--status-page", "/p"], ["engine", "--private-folder"],
    ["engine", "--private-folder", "/f", "--status-page", "/p", "--watchdog", "soon"],
    ["engine", "--private-folder", "/f", "--status-page", "/p", "--help"],
  ])
  func anythingElseIsLeftToTheParser(arguments: [String]) {
    #expect(EngineArguments(parsing: arguments) == nil)
  }
}
