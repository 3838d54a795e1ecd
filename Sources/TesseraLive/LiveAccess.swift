/// Who may use the live view: requests that carry the session's token and name the server by its
/// loopback address (a page from elsewhere that rebinds a name of its own to 127.0.0.1 sends its
/// own name as the Host, and is refused). The server listens on 127.0.0.1 only.
public struct LiveAccess: Sendable {
  public let token: String
  public let port: UInt16

  public init(token: String = LiveAccess.newToken(), port: UInt16) {
    self.token = token
    self.port = port
  }

  /// 128 random bits in hex, from the system's generator (getrandom).
  public static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let word = String(generator.next() as UInt32, radix: 16)
      return String(repeating: "0", count: 8 - word.count) + word
    }.joined()
  }

  /// The page's address, printed first. The token is in the fragment, which a browser never
  /// sends to a server nor puts in a Referer; the page takes it from there, keeps it for the tab
  /// (sessionStorage) and clears it from the address bar, and sends it only when it opens the
  /// WebSocket, as a subprotocol (`tokenProtocolPrefix`): never in a URL a browser logs.
  public var url: String { "http://127.0.0.1:\(port)/#token=\(token)" }

  /// The subprotocol that carries the token: `token.` + the token.
  public static let tokenProtocolPrefix = "token."
  /// The subprotocol the server answers with (a browser fails a handshake that names none of
  /// the ones it offered).
  public static let pageProtocol = "tessera"

  /// The token a WebSocket request offers among its subprotocols (`Sec-WebSocket-Protocol:
  /// tessera, token.…`), if any.
  public static func token(inProtocols header: String?) -> String? {
    guard let header else { return nil }
    for word in header.split(separator: ",") {
      let word = word.filter { $0 != " " && $0 != "\t" }
      if word.hasPrefix(tokenProtocolPrefix) { return String(word.dropFirst(tokenProtocolPrefix.count)) }
    }
    return nil
  }

  /// Why a request for the page itself is refused (nil: allowed): the page is static and holds
  /// nothing of the session, so only the Host is checked (no DNS rebinding).
  public func pageRefusal(host: String?) -> String? {
    let names = ["127.0.0.1:\(port)", "localhost:\(port)"]
    guard let host, names.contains(host.lowercased()) else {
      return "the Host header must be 127.0.0.1:\(port) or localhost:\(port)"
    }
    return nil
  }

  /// Why a request is refused (nil: allowed).
  public func refusal(host: String?, token given: String?, origin: String?) -> String? {
    if let why = pageRefusal(host: host) { return why }
    guard let given, Self.same(given, token) else { return "a token is needed: open the address tessera serve printed" }
    // A browser names the page that opens a WebSocket; only this server's own pages may.
    let names = ["127.0.0.1:\(port)", "localhost:\(port)"]
    if let origin, !names.map({ "http://" + $0 }).contains(origin.lowercased()) {
      return "pages from \(origin) may not connect"
    }
    return nil
  }

  /// Compares in time that does not depend on where the texts differ.
  static func same(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }
}
