import Foundation
import TesseraHost
import Testing

@testable import TesseraLive

/// Who may use the live view, and what a page may send.
@Suite struct LiveServerTests {
  let access = LiveAccess(token: "0123456789abcdef0123456789abcdef", port: 8123)

  @Test func onlyTheTokenAndTheLoopbackNamesArePassed() {
    let token = access.token
    #expect(access.refusal(host: "127.0.0.1:8123", token: token, origin: nil) == nil)
    #expect(access.refusal(host: "localhost:8123", token: token, origin: "http://localhost:8123") == nil)
    #expect(access.refusal(host: "LOCALHOST:8123", token: token, origin: nil) == nil)
    #expect(
      access.refusal(host: "127.0.0.1:8123", token: nil, origin: nil)
        == "a token is needed: open the address tessera serve printed")
    #expect(
      access.refusal(host: "127.0.0.1:8123", token: String(token.dropLast()) + "0", origin: nil)
        == "a token is needed: open the address tessera serve printed")
    for host in ["attacker.example:8123", "127.0.0.1:8124", "127.0.0.1", "[::1]:8123", ""] {
      #expect(
        access.refusal(host: host, token: token, origin: nil)
          == "the Host header must be 127.0.0.1:8123 or localhost:8123", "\(host)")
    }
    #expect(access.refusal(host: nil, token: token, origin: nil) != nil)
    #expect(
      access.refusal(host: "127.0.0.1:8123", token: token, origin: "http://attacker.example")
        == "pages from http://attacker.example may not connect")
    #expect(access.url == "http://127.0.0.1:8123/#token=0123456789abcdef0123456789abcdef")
    // The page itself holds nothing of the session: only the Host is checked.
    #expect(access.pageRefusal(host: "127.0.0.1:8123") == nil)
    #expect(
      access.pageRefusal(host: "attacker.example:8123") == "the Host header must be 127.0.0.1:8123 or localhost:8123")
  }

  /// The page sends its token as a WebSocket subprotocol, never in a URL (a browser prints the
  /// URL of every failed connection to the console).
  @Test func theTokenIsReadFromTheSubprotocols() {
    #expect(LiveAccess.token(inProtocols: "tessera, token.0123abcd") == "0123abcd")
    #expect(LiveAccess.token(inProtocols: "token.ff,tessera") == "ff")
    #expect(LiveAccess.token(inProtocols: "tessera") == nil)
    #expect(LiveAccess.token(inProtocols: nil) == nil)
    #expect(LiveAccess.token(inProtocols: "tessera, token.") == "")
  }

  @Test func tokensAre128RandomBitsInHex() {
    let tokens = (0..<8).map { _ in LiveAccess.newToken() }
    #expect(Set(tokens).count == 8)
    for token in tokens { #expect(token.count == 32 && token.allSatisfy(\.isHexDigit), "\(token)") }
  }

  @Test func pageMessagesAreReadStrictly() {
    #expect(PageMessage.read(#"{"id": 3, "run": "scroll 0 100"}"#).request == .success(.run("scroll 0 100")))
    #expect(
      PageMessage.read(#"{"id": 4, "ask": "target 0 -1200"}"#).request
        == .success(.ask(.target(velocityX: 0, velocityY: -1200))))
    #expect(PageMessage.read(#"{"id": 5, "ask": "scene"}"#).id == 5)
    let refusals = [
      ("not json", "a message is one JSON object with an id and a run or an ask"),
      (#"{"run": "scroll"}"#, "a message is one JSON object with an id and a run or an ask"),
      (#"{"id": 1}"#, "a message has either run or ask"),
      (#"{"id": 1, "run": "size", "ask": "scene"}"#, "a message has either run or ask"),
      (#"{"id": 1, "ask": "files"}"#, "ask takes scene, motion, overview or target VX VY (points per second)"),
      (#"{"id": 1, "run": "size\nquit"}"#, "a command is one line of at most 4096 bytes"),
      (#"{"id": 1, "run": "\#(String(repeating: "x", count: 4097))"}"#, "a command is one line of at most 4096 bytes"),
    ]
    for (text, message) in refusals {
      #expect(PageMessage.read(text).request == .failure(PageMessageError(message)), "\(text.prefix(40))")
    }
  }

  @Test func thePageCannotQuit() {
    #expect(LiveWorkbench.isQuit("quit"))
    #expect(LiveWorkbench.isQuit("  qui"))
    #expect(!LiveWorkbench.isQuit("scroll 0 0"))
  }

  /// A `batch>` prompt takes the next lines wherever they come from: the page opened one, and the
  /// terminal's next lines went into it.
  @Test func thePageNeitherOpensNorTypesIntoABatch() throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let workbench = LiveWorkbench(try Supervisor(configuration))
    #expect(workbench.perform("gen grid 3", from: .terminal).failed == false)
    #expect(
      workbench.perform("bat", from: .page).output
        == "error: the page cannot open a batch> prompt (the terminal's next lines would go into it): give the operations on one line, as in 'batch delete 0.0; insert 0.1'"
    )
    #expect(!workbench.isCollectingBatch)
    // However it is spelled: other blanks, quotes.
    for line in ["batch\r", "\"batch\"", "batch\u{A0}", "batch\u{0B}", "batch\u{0C}", "  b"] {
      #expect(
        workbench.perform(line, from: .page).output
          == "error: the page cannot open a batch> prompt (the terminal's next lines would go into it): give the operations on one line, as in 'batch delete 0.0; insert 0.1'",
        "\(line.debugDescription)")
      #expect(!workbench.isCollectingBatch, "\(line.debugDescription)")
    }
    #expect(workbench.perform("batch delete 0.0", from: .page).output?.contains("deleted 1: 0.0 (i0)") == true)
    #expect(workbench.perform("batch", from: .terminal).failed == false)
    #expect(
      workbench.perform("scroll 0 10", from: .page).output
        == "error: a batch is being typed at the terminal: commit or cancel it there first")
    #expect(workbench.perform("delete 0.0", from: .terminal).failed == false)
    #expect(workbench.perform("commit", from: .terminal).failed == false)
    #expect(workbench.perform("data", from: .page).output == "section 0 s0: 1 item: i2")
  }

  @Test func everyPageHearsEachCommandByItsNameAndWhetherItOnlyRead() async throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let workbench = LiveWorkbench(try Supervisor(configuration))
    let events = workbench.events()
    #expect(workbench.perform("gen grid 3", from: .terminal).failed == false)
    #expect(workbench.perform("scr 0 10", from: .page).output == "offset 0 10")
    #expect(workbench.perform("size", from: .terminal).failed == false)
    #expect(
      workbench.perform("quit", from: .page).output
        == "error: the page cannot end the session: type quit at the terminal")
    #expect(workbench.perform("nonsense", from: .page).failed)
    var heard: [LiveEvent] = []
    for await event in events {
      heard.append(event)
      if heard.count == 4 { break }
    }
    #expect(
      heard == [
        LiveEvent(sequence: 1, line: "gen grid 3", command: "gen", origin: .terminal, failed: false, onlyRead: false),
        LiveEvent(sequence: 2, line: "scr 0 10", command: "scroll", origin: .page, failed: false, onlyRead: false),
        LiveEvent(sequence: 3, line: "size", command: "size", origin: .terminal, failed: false, onlyRead: true),
        LiveEvent(sequence: 4, line: "nonsense", command: nil, origin: .page, failed: true, onlyRead: false),
      ], "the refused quit is not heard: it never ran")
    #expect(workbench.wantsToQuit == false)
  }

  @Test func aPluginThatCrashesInThePagesLookIsReportedToEveryPage() async throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let workbench = LiveWorkbench(try Supervisor(configuration))
    for line in ["plugin load libFixtureCrasher.so", "gen grid 3", "layout crasher mode=query"] {
      #expect(workbench.perform(line, from: .terminal).failed == false, "\(line)")
    }
    let events = workbench.events()
    let report =
      "plugin 'crasher' crashed in attributes_in_rect (SIGSEGV); the session is as it was before this command"
    #expect(workbench.view(.scene) == #"{"error": "\#(report)", "kind": "plugin bug"}"#)
    for await event in events {
      #expect(event.engineFailure == report)
      #expect(event.line == "(the page's look: scene)" && event.onlyRead && event.failed)
      break
    }
    #expect(workbench.perform("layout", from: .terminal).output?.hasPrefix("layout crasher") == true, "restored")
    #expect(
      workbench.perform("load /etc/hostname", from: .page).output
        == "error: cannot read /etc/hostname: session files may read only files under the current folder and the folders being run or checked; the terminal may (commands typed there are trusted)"
    )
  }

  /// Every flow of README.md's "The live view" in headless Chromium (Tests/Browser).
  @Test(.timeLimit(.minutes(5))) func theFlowsPassInARealBrowser() throws {
    let script = Support.packageRoot + "/Tests/Browser/live_view_test.py"
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
      Issue.record("the browser tests need Debian's chromium: run scripts/setup")
      return
    }
    let (status, output) = try Support.run(
      "/usr/bin/env", ["python3", script, IsolationTests.tessera], in: Support.packageRoot)
    #expect(status == 0, "\(output)")
    #expect(output.hasSuffix("all flows passed\n"), "\(output)")
  }
}
