import Testing

@testable import TesseraHost

/// Every JSON error says what kind of failure it is, so tools need not read messages.
@Suite struct ErrorKindTests {
  @Test(arguments: [
    ("viewport", "viewport 10", "usage"),
    ("an unknown layout", "layout nothing", "usage"),
    ("a layout refusing its options", "layout flow itemSize=-3x3", "refused"),
    ("UIKit's rule", "batch delete 0.99", "refused"),
    ("a size past the limit", "viewport 3000000000x10", "limit"),
    ("a missing file", "load /nonexistent/data.json", "io"),
  ])
  func jsonErrorsSayTheirKind(what: String, command: String, kind: String) {
    let session = Session(registry: Launch.registry(pluginPaths: []).0)
    _ = session.execute("gen grid 3")
    _ = session.execute("format json")
    let outcome = session.perform(command)
    #expect(outcome.failed)
    #expect(outcome.output?.hasSuffix(#", "kind": "\#(kind)"}"#) == true, "\(what): \(outcome.output ?? "")")
  }

  @Test func aPluginBugIsOfItsKind() throws {
    let registry = PluginRegistry()
    try registry.load(path: Support.buildFolder + "/libFixtureLiar.so")
    let session = Session(registry: registry)
    _ = session.execute("gen grid 3")
    _ = session.execute("format json")
    #expect(session.perform("layout liar mode=nan").failed == false)
    let outcome = session.perform("visible")
    #expect(outcome.failed && outcome.output?.hasSuffix(#""kind": "pluginBug"}"#) == true, "\(outcome)")
  }
}
