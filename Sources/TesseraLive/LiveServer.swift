import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// `tessera serve`'s HTTP server (FlyingFox, docs/design.md "The live view"): on 127.0.0.1
/// only, every request checked by `LiveAccess`; `/` is the page, `/live` its WebSocket. It reads
/// no file: the page is in the binary, and commands go to the shared session.
public final class LiveServer: Sendable {
  public let access: LiveAccess
  /// The server listening now (a new one after a failure), and whether `stop` was called.
  private let current: Mutex<(server: HTTPServer, stopped: Bool)>

  /// Starts listening on 127.0.0.1:`port` (0: a free port) and serving in the background. When
  /// the server stops by itself (its accept loop ends on an error such as running out of
  /// descriptors), `said` is told why, and a new server listens on the same port a second later:
  /// open pages reconnect to it by themselves.
  public static func start(
    port: UInt16, workbench: LiveWorkbench, said: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws -> LiveServer {
    let handler = LiveHandler(workbench: workbench)
    let first = try server(port: port, handler: handler)
    let running = Task { try await first.run() }
    try await first.waitUntilListening(timeout: 10)
    guard case .ip4(_, let bound)? = await first.listeningAddress else {
      throw LiveServerError("the server did not report its port")
    }
    let access = LiveAccess(port: bound)
    handler.grant(access)
    let live = LiveServer(access: access, server: first)
    Task { await live.keepServing(first: running, port: bound, handler: handler, said: said) }
    return live
  }

  private static func server(port: UInt16, handler: LiveHandler) throws -> HTTPServer {
    HTTPServer(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: port), timeout: 60,
      pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled, handler: handler)
  }

  /// Waits on the running server; when it ends without `stop`, says so and serves again.
  private func keepServing(
    first: Task<Void, any Error>, port: UInt16, handler: LiveHandler, said: @Sendable (String) -> Void
  ) async {
    var running = first
    while true {
      let why: String
      do {
        try await running.value
        why = "it stopped"
      } catch SocketError.failed(let type, _, let message) {
        why = "\(type.lowercased()) failed: \(message)"
      } catch {
        why = "\(error)"
      }
      if current.withLock({ $0.stopped }) { return }
      said(
        "the live view's server stopped (\(why)); it listens again on 127.0.0.1:\(port) in a second, and open pages reconnect"
      )
      try? await Task.sleep(for: .seconds(1))
      guard let next = try? Self.server(port: port, handler: handler) else { continue }
      guard
        current.withLock({ state -> Bool in
          guard !state.stopped else { return false }
          state.server = next
          return true
        })
      else { return }
      running = Task { try await next.run() }
    }
  }

  private init(access: LiveAccess, server: HTTPServer) {
    self.access = access
    self.current = Mutex((server, false))
  }

  public func stop() async {
    let server = current.withLock { state -> HTTPServer in
      state.stopped = true
      return state.server
    }
    await server.stop(timeout: 1)
  }
}

public struct LiveServerError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}

/// Checks, then routes: 403 for a request `LiveAccess` refuses, the page, the WebSocket, 404.
final class LiveHandler: HTTPHandler, @unchecked Sendable {
  private let workbench: LiveWorkbench
  private let lock = NSLock()
  private var access: LiveAccess?

  init(workbench: LiveWorkbench) {
    self.workbench = workbench
  }

  /// Until the port is known every request is refused.
  func grant(_ access: LiveAccess) {
    lock.withLock { self.access = access }
  }

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let access = lock.withLock({ access }) else { return Self.refused("the server is starting") }
    if let why = access.pageRefusal(host: request.headers[.host]) { return Self.refused(why) }
    switch (request.method, request.path) {
    case (.GET, "/"):
      return HTTPResponse(
        statusCode: .ok,
        headers: [
          .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
          HTTPHeader("Referrer-Policy"): "no-referrer",
        ],
        body: LivePage.html)
    case (.GET, "/live"):
      // The token comes as a subprotocol, never in the URL (which a browser prints with every
      // failed connection).
      let token = LiveAccess.token(inProtocols: request.headers[HTTPHeader("Sec-WebSocket-Protocol")])
      if let why = access.refusal(
        host: request.headers[.host], token: token, origin: request.headers[HTTPHeader("Origin")])
      {
        return Self.refused(why)
      }
      // Each message one frame, written at once: a message cut into frames waits on TCP's
      // acknowledgements (Nagle's algorithm against delayed ACKs, 40 ms a time).
      let frames = MessageFrameWSHandler(handler: LiveConnection(workbench: workbench), frameSize: Self.largestMessage)
      var response = try await WebSocketHTTPHandler(handler: frames).handleRequest(request)
      if response.statusCode == .switchingProtocols {
        response.headers[HTTPHeader("Sec-WebSocket-Protocol")] = LiveAccess.pageProtocol
      }
      return response
    default:
      return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"], body: Data("not found\n".utf8))
    }
  }

  /// Larger than any scene (at most `LiveScene.mostElements` elements of about 400 bytes).
  static let largestMessage = 16 << 20

  static func refused(_ why: String) -> HTTPResponse {
    HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain"], body: Data("forbidden: \(why)\n".utf8))
  }
}
