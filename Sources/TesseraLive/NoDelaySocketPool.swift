import FlyingSocks

#if canImport(Glibc)
  import Glibc
#endif

/// FlyingFox's socket pool with Nagle's algorithm turned off (`TCP_NODELAY`) on every socket it
/// waits on. A page hears an event and then the answer to its command: two small writes, and
/// the second would wait for the browser's delayed acknowledgement of the first (40 ms). The
/// listening socket is among them (it waits for connections), and Linux hands the option on
/// to the sockets it accepts.
struct NoDelaySocketPool<Base: AsyncSocketPool>: AsyncSocketPool {
  let base: Base

  func prepare() async throws { try await base.prepare() }

  func run() async throws { try await base.run() }

  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    var on: Int32 = 1
    _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    try await base.suspendSocket(socket, untilReadyFor: events)
  }
}
