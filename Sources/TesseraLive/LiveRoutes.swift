import Foundation
import NIOHTTP1

/// One answer of the live server, before it is written.
struct LiveResponse: Equatable {
  var status: HTTPResponseStatus
  var contentType = "text/plain; charset=utf-8"
  var body: Data

  init(_ status: HTTPResponseStatus, _ text: String) {
    self.status = status
    self.body = Data((text + "\n").utf8)
  }

  init(page: Data) {
    self.status = .ok
    self.contentType = "text/html; charset=utf-8"
    self.body = page
  }

  var text: String { String(decoding: body, as: UTF8.self) }
}

/// What the live server answers, decided from the request alone (no sockets): `/` is the page,
/// `/live` its WebSocket, each request checked by `LiveAccess`.
enum LiveRoutes {
  /// Why `/live` may not become a WebSocket (nil: it may): 403 without the token, from another
  /// Host or another site's page, 503 when the pages are all taken.
  static func webSocketRefusal(headers: HTTPHeaders, access: LiveAccess?, hasRoom: Bool) -> LiveResponse? {
    guard let access else { return LiveResponse(.forbidden, "forbidden: the server is starting") }
    // The token comes as a subprotocol, never in the URL (which a browser prints with every
    // failed connection).
    let token = LiveAccess.token(inProtocols: headers.first(name: "Sec-WebSocket-Protocol"))
    if let why = access.refusal(host: headers.first(name: "Host"), token: token, origin: headers.first(name: "Origin"))
    {
      return LiveResponse(.forbidden, "forbidden: \(why)")
    }
    guard hasRoom else {
      return LiveResponse(.serviceUnavailable, "too many pages are open: close one of them and reload")
    }
    return nil
  }

  /// The answer to a request that did not become a WebSocket.
  static func answer(
    method: HTTPMethod, uri: String, headers: HTTPHeaders, access: LiveAccess?, hasRoom: Bool
  ) -> LiveResponse {
    guard let access else { return LiveResponse(.forbidden, "forbidden: the server is starting") }
    if let why = access.pageRefusal(host: headers.first(name: "Host")) {
      return LiveResponse(.forbidden, "forbidden: \(why)")
    }
    let path = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    switch path {
    case "/":
      guard method == .GET || method == .HEAD else { return LiveResponse(.methodNotAllowed, "only GET is answered") }
      return LiveResponse(page: LivePage.html)
    case "/live":
      if let refusal = webSocketRefusal(headers: headers, access: access, hasRoom: hasRoom) { return refusal }
      return LiveResponse(.badRequest, "/live is the page's WebSocket: open it as one")
    default:
      return LiveResponse(.notFound, "not found")
    }
  }

  /// The answer to a request that broke the limits or was not HTTP.
  static func malformed(tooLarge: Bool, limits: LiveLimits) -> LiveResponse {
    tooLarge
      ? LiveResponse(
        .requestHeaderFieldsTooLarge,
        "the request line or a header is too large (at most \(limits.headerFieldBytes) bytes each, \(limits.headerBytes) in all)"
      )
      : LiveResponse(.badRequest, "not a request this server reads")
  }
}
