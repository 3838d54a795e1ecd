import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A plain TCP client on 127.0.0.1 for the live server's attack tests: it sends what it is
/// told, byte for byte, and reads with a timeout (so a test never hangs on a server that keeps
/// a connection open).
final class LoopbackClient {
  private let socket: Int32
  private var pending: [UInt8] = []

  init(port: UInt16, timeout: Double = 5) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw LoopbackClientError(what: "connect: \(String(cString: strerror(errno)))")
    }
    let whole = timeout.rounded(.down)
    var wait = timeval(tv_sec: Int(whole), tv_usec: Int((timeout - whole) * 1e6))
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(socket) }

  /// Sends all of `bytes`; false when the server closed the connection first.
  @discardableResult func send(_ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count <= 0 { return false }
      sent += count
    }
    return true
  }

  @discardableResult func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Reads until the server closes the connection: what it sent, and whether it closed (false:
  /// the timeout ran out first).
  func readToEnd() -> (text: String, closed: Bool) {
    while true {
      guard let more = readSome() else { return (String(decoding: takeAll(), as: UTF8.self), false) }
      if more == 0 { return (String(decoding: takeAll(), as: UTF8.self), true) }
    }
  }

  /// Reads up to the end of an HTTP response's head.
  func readHead() -> String? {
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while true {
      if let range = pending.firstRange(of: end) {
        let head = Array(pending[..<range.upperBound])
        pending.removeFirst(range.upperBound)
        return String(decoding: head, as: UTF8.self)
      }
      guard let more = readSome(), more > 0 else { return nil }
    }
  }

  /// Reads exactly `count` bytes (nil: the connection closed or the timeout ran out first).
  func read(_ count: Int) -> [UInt8]? {
    while pending.count < count {
      guard let more = readSome(), more > 0 else { return nil }
    }
    defer { pending.removeFirst(count) }
    return Array(pending[..<count])
  }

  /// Bytes read into `pending`: 0 at the end, nil on a timeout or an error.
  private func readSome() -> Int? {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    if count < 0 { return errno == ECONNRESET ? 0 : nil }
    pending += buffer[..<count]
    return count
  }

  private func takeAll() -> [UInt8] {
    defer { pending = [] }
    return pending
  }
}

struct LoopbackClientError: Error, CustomStringConvertible {
  var what: String
  var description: String { what }
}

/// WebSocket frames as a browser sends them (masked) and as a server sends them (not).
enum WebSocketWire {
  /// A client's frame: `opcode`, the payload's declared `length` (the payload's own unless
  /// given), masked with a fixed key.
  static func clientFrame(opcode: UInt8, payload: [UInt8], declaredLength: UInt64? = nil) -> [UInt8] {
    let length = declaredLength ?? UInt64(payload.count)
    var frame: [UInt8] = [0x80 | opcode]
    if length < 126 {
      frame.append(0x80 | UInt8(length))
    } else if length <= 0xFFFF {
      frame += [0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((length >> (8 * UInt64($0))) & 0xFF) }
    }
    let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    frame += key
    frame += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    return frame
  }

  /// Reads one server frame: its opcode and payload.
  static func read(from client: LoopbackClient) -> (opcode: UInt8, payload: [UInt8])? {
    guard let head = client.read(2) else { return nil }
    var length = UInt64(head[1] & 0x7F)
    if length == 126 {
      guard let more = client.read(2) else { return nil }
      length = UInt64(more[0]) << 8 | UInt64(more[1])
    } else if length == 127 {
      guard let more = client.read(8) else { return nil }
      length = more.reduce(0) { $0 << 8 | UInt64($1) }
    }
    guard let payload = client.read(Int(length)) else { return nil }
    return (head[0] & 0x0F, payload)
  }
}
