import FlyingFox
import FlyingSocks
import Foundation

/// `tessera serve`'s HTTP server (FlyingFox, docs/design.md "The live view"): on 127.0.0.1
/// only, every request checked by `LiveAccess`; `/` is the page, `/live` its WebSocket. It reads
/// no file: the page is in the binary, and commands go to the shared session.
public final class LiveServer: Sendable {
  public let access: LiveAccess
  private let server: HTTPServer

  /// Starts listening on 127.0.0.1:`port` (0: a free port) and serving in the background.
  public static func start(port: UInt16, workbench: LiveWorkbench) async throws -> LiveServer {
    let handler = LiveHandler(workbench: workbench)
    let server = HTTPServer(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: port), timeout: 60,
      pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled, handler: handler)
    Task { try? await server.run() }
    try await server.waitUntilListening(timeout: 10)
    let address = await server.listeningAddress
    guard case .ip4(_, let bound)? = address else {
      throw LiveServerError("the server did not report its port")
    }
    let access = LiveAccess(port: bound)
    handler.grant(access)
    return LiveServer(access: access, server: server)
  }

  private init(access: LiveAccess, server: HTTPServer) {
    self.access = access
    self.server = server
  }

  public func stop() async {
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
