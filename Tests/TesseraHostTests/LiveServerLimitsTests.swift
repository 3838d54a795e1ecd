import Foundation
import NIOCore
import NIOEmbedded
import Synchronization
import TesseraHost
import Testing

@testable import TesseraLive

/// The live server holds against anyone who reaches its port, token or not: each attack of the
/// hardening review, bounded and on loopback only. Before SwiftNIO, a 300 KB request line took
/// the server minutes of CPU, idle connections were never closed and took every descriptor, and
/// a WebSocket frame of any declared size was buffered.
@Suite(.serialized) struct LiveServerLimitsTests {
  final class Said: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  static func server(_ limits: LiveLimits = LiveLimits(), said: Said = Said()) throws -> LiveServer {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let workbench = LiveWorkbench(try Supervisor(configuration))
    return try LiveServer.start(port: 0, workbench: workbench, limits: limits) { said.add($0) }
  }

  static func get(_ path: String, on server: LiveServer, extra: String = "") throws -> String {
    let client = try LoopbackClient(port: server.access.port)
    client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.access.port)\r\n\(extra)\r\n")
    return client.readToEnd().text
  }

  static func statusLine(_ response: String) -> String {
    response.components(separatedBy: "\r\n").first ?? ""
  }

  static func body(_ response: String) -> String {
    response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
  }

  @Test(.timeLimit(.minutes(1))) func aHugeRequestLineOrHeaderIsAnswered431WhileItArrives() throws {
    let server = try Self.server()
    defer { server.stop() }
    let tooLarge = "the request line or a header is too large (at most 8192 bytes each, 16384 in all)\n"
    // A 300 KB request line: answered after its first 8 KB, whatever follows.
    let line = try LoopbackClient(port: server.access.port)
    line.send("GET /" + String(repeating: "a", count: 300_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let answer = line.readToEnd()
    #expect(Self.statusLine(answer.text) == "HTTP/1.1 431 Request Header Fields Too Large")
    #expect(Self.body(answer.text) == tooLarge)
    #expect(answer.closed)
    // One long header, and many short ones that are too many together.
    let long = try Self.get("/", on: server, extra: "X-Long: \(String(repeating: "b", count: 9_000))\r\n")
    #expect(Self.statusLine(long) == "HTTP/1.1 431 Request Header Fields Too Large")
    let many = (0..<40).map { "X-Header-\($0): \(String(repeating: "c", count: 500))\r\n" }.joined()
    #expect(Self.body(try Self.get("/", on: server, extra: many)) == tooLarge)
    // And the page is still served.
    #expect(Self.statusLine(try Self.get("/", on: server)) == "HTTP/1.1 200 OK")
  }

  @Test(.timeLimit(.minutes(1))) func slowIdleAndUnreadConnectionsCloseWhenTheirTimeRunsOut() throws {
    var limits = LiveLimits()
    limits.requestTime = .milliseconds(300)
    let server = try Self.server(limits)
    defer { server.stop() }
    let idle = try LoopbackClient(port: server.access.port)
    let slow = try LoopbackClient(port: server.access.port)
    slow.send("GET / HTTP/1.1\r\n")
    for _ in 0..<5 {
      guard slow.send("X") else { break }
      usleep(100_000)
    }
    #expect(idle.readToEnd() == ("", true), "closed with nothing said")
    #expect(slow.readToEnd() == ("", true))
    #expect(server.context.connections.counts == (requests: 0, pages: 0))
  }

  @Test(.timeLimit(.minutes(1))) func idleConnectionsNeverLockAPageOut() throws {
    let server = try Self.server(LiveLimits(requests: 4, pages: 4))
    defer { server.stop() }
    let idle = try (0..<10).map { _ in try LoopbackClient(port: server.access.port, timeout: 1) }
    for _ in 0..<100 where server.context.connections.admitted < 10 { usleep(10_000) }
    // Six were closed as newer ones came (the oldest by the time each was counted, and two
    // event loops count them); the page is served past the other four.
    #expect(idle.map { $0.readToEnd() }.count(where: { $0 == ("", true) }) == 6)
    #expect(Self.statusLine(try Self.get("/", on: server)) == "HTTP/1.1 200 OK")
    #expect(server.context.connections.counts.requests <= 4)
  }

  static func openPage(on server: LiveServer, token: String? = nil) throws -> (LoopbackClient, String) {
    // A command runs in the engine, which may take its time on a loaded machine.
    let client = try LoopbackClient(port: server.access.port, timeout: 30)
    client.send(
      """
      GET /live HTTP/1.1\r
      Host: 127.0.0.1:\(server.access.port)\r
      Upgrade: websocket\r
      Connection: Upgrade\r
      Sec-WebSocket-Version: 13\r
      Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
      Sec-WebSocket-Protocol: tessera, token.\(token ?? server.access.token)\r
      \r

      """)
    return (client, client.readHead() ?? "")
  }

  @Test(.timeLimit(.minutes(1))) func aPageTalksOverItsWebSocketAndALargerFrameClosesIt() throws {
    let server = try Self.server()
    defer { server.stop() }
    let (page, head) = try Self.openPage(on: server)
    #expect(head.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
    #expect(
      head.contains("sec-websocket-protocol: tessera\r\n") || head.contains("Sec-WebSocket-Protocol: tessera\r\n"))
    page.send(WebSocketWire.clientFrame(opcode: 1, payload: Array(#"{"id": 7, "run": "gen grid 2"}"#.utf8)))
    var heard: [String] = []
    while heard.count < 2, let frame = WebSocketWire.read(from: page) {
      #expect(frame.opcode == 1)
      heard.append(String(decoding: frame.payload, as: UTF8.self))
    }
    #expect(heard.contains(#"{"id": 7, "output": "generated 2 items in 1 section", "failed": false}"#), "\(heard)")
    #expect(heard.contains { $0.hasPrefix(#"{"event": {"sequence": 1, "line": "gen grid 2""#) }, "\(heard)")
    // A ping is answered with its data.
    page.send(WebSocketWire.clientFrame(opcode: 9, payload: [1, 2, 3]))
    #expect(WebSocketWire.read(from: page)?.opcode == 10)
    // A frame that declares a terabyte is refused from its header: close, 1009 (too big).
    page.send(WebSocketWire.clientFrame(opcode: 1, payload: Array(repeating: 65, count: 1000), declaredLength: 1 << 40))
    let close = WebSocketWire.read(from: page)
    #expect(close?.opcode == 8)
    #expect(close?.payload.prefix(2) == [0x03, 0xF1])
    #expect(page.readToEnd().closed)
    // Fragments that add up to more than the limit, likewise.
    let (fragmented, _) = try Self.openPage(on: server)
    var first = WebSocketWire.clientFrame(opcode: 1, payload: Array(repeating: 65, count: 40_000))
    first[0] &= 0x7F
    fragmented.send(first)
    fragmented.send(WebSocketWire.clientFrame(opcode: 0, payload: Array(repeating: 65, count: 40_000)))
    #expect(WebSocketWire.read(from: fragmented)?.payload.prefix(2) == [0x03, 0xF1])
  }

  @Test(.timeLimit(.minutes(1))) func aPageThatSendsFasterThanItIsAnsweredIsDisconnected() throws {
    var limits = LiveLimits()
    limits.pageMessagesWaiting = 4
    let server = try Self.server(limits)
    defer { server.stop() }
    let (page, _) = try Self.openPage(on: server)
    page.send(
      (0..<20).flatMap { WebSocketWire.clientFrame(opcode: 1, payload: Array(#"{"id": \#($0), "run": "size"}"#.utf8)) })
    var last: (opcode: UInt8, payload: [UInt8])?
    while let frame = WebSocketWire.read(from: page) {
      last = frame
      if frame.opcode == 8 { break }
    }
    #expect(last?.opcode == 8)
    #expect(last?.payload.prefix(2) == [0x03, 0xF0], "1008: policy violation")
  }

  @Test(.timeLimit(.minutes(1))) func pagesPastTheLimitAndRefusedHandshakesSayWhy() throws {
    let server = try Self.server(LiveLimits(requests: 4, pages: 1))
    defer { server.stop() }
    let (first, head) = try Self.openPage(on: server)
    #expect(head.hasPrefix("HTTP/1.1 101"))
    let (second, refused) = try Self.openPage(on: server)
    #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
    #expect(second.readToEnd().text == "too many pages are open: close one of them and reload\n")
    let (_, forbidden) = try Self.openPage(on: server, token: "0123")
    #expect(forbidden.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
    _ = first
    #expect(
      Self.body(try Self.get("/live", on: server))
        == "forbidden: a token is needed: open the address tessera serve printed\n")
    #expect(Self.body(try Self.get("/elsewhere", on: server)) == "not found\n")
    let client = try LoopbackClient(port: server.access.port)
    client.send("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(server.access.port)\r\nContent-Length: 3\r\n\r\nabc")
    #expect(Self.statusLine(client.readToEnd().text) == "HTTP/1.1 405 Method Not Allowed")
    let elsewhere = try LoopbackClient(port: server.access.port)
    elsewhere.send("GET / HTTP/1.1\r\nHost: attacker.example:\(server.access.port)\r\n\r\n")
    #expect(
      Self.body(elsewhere.readToEnd().text)
        == "forbidden: the Host header must be 127.0.0.1:\(server.access.port) or localhost:\(server.access.port)\n")
    let garbage = try LoopbackClient(port: server.access.port)
    garbage.send("\u{1}\u{2} nonsense\r\n\r\n")
    #expect(Self.body(garbage.readToEnd().text) == "not a request this server reads\n")
  }

  @Test(.timeLimit(.minutes(1))) func aListenerThatClosesIsSaidAndListensAgainOnItsPort() throws {
    let said = Said()
    let server = try Self.server(said: said)
    defer { server.stop() }
    server.dropListener()
    var answer = ""
    for _ in 0..<50 where !answer.hasPrefix("HTTP/1.1 200") {
      usleep(100_000)
      answer = (try? Self.get("/", on: server)) ?? ""
    }
    #expect(Self.statusLine(answer) == "HTTP/1.1 200 OK")
    #expect(
      said.all == [
        "the live view's server stopped (its socket closed); it listens again on 127.0.0.1:\(server.access.port) in a second, and open pages reconnect"
      ])
  }

  /// Out of descriptors while accepting: said once, until a connection is accepted again.
  @Test func aFailedAcceptIsSaidOnceUntilOneSucceeds() throws {
    let said = Said()
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let context = LiveServerContext(
      workbench: LiveWorkbench(try Supervisor(configuration)), limits: LiveLimits(), said: said.add)
    let listener = EmbeddedChannel(handler: LiveAcceptWatch(server: context))
    let full = IOError(errnoCode: EMFILE, reason: "accept")
    listener.pipeline.fireErrorCaught(full)
    listener.pipeline.fireErrorCaught(full)
    #expect(context.lastAcceptFailure == "Too many open files")
    #expect(throws: IOError.self) { try listener.throwIfErrorCaught() }
    try listener.writeInbound(EmbeddedChannel() as any Channel)
    #expect(context.lastAcceptFailure == nil)
    listener.pipeline.fireErrorCaught(full)
    let line = "the live view's server cannot accept a connection (Too many open files); it tries again every second"
    #expect(said.all == [line, line])
  }

  @Test func theLimitsLeaveHalfTheDescriptors() {
    #expect(LiveLimits.forDescriptors(64) == LiveLimits(requests: 8, pages: 8))
    #expect(LiveLimits.forDescriptors(1024) == LiveLimits(requests: 32, pages: 32))
    #expect(LiveLimits.forDescriptors(65_536) == LiveLimits(requests: 32, pages: 32))
    #expect(LiveLimits.forDescriptors(10) == LiveLimits(requests: 2, pages: 2))
  }
}
