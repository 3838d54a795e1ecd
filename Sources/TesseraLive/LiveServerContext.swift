import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization
import TesseraHost

/// What every connection of one live server shares, and how each is set up: HTTP with the
/// decoder's limits, then a WebSocket for `/live` when `LiveRoutes` allows it.
final class LiveServerContext: Sendable {
  let workbench: LiveWorkbench
  let limits: LiveLimits
  let connections: LiveConnections
  let said: @Sendable (String) -> Void
  /// Until the port is known every request is refused.
  private let granted = Mutex<LiveAccess?>(nil)
  private let acceptFailure = Mutex<String?>(nil)

  init(workbench: LiveWorkbench, limits: LiveLimits, said: @escaping @Sendable (String) -> Void) {
    self.workbench = workbench
    self.limits = limits
    self.connections = LiveConnections(limits: limits)
    self.said = said
  }

  var access: LiveAccess? { granted.withLock { $0 } }

  func grant(_ access: LiveAccess) {
    granted.withLock { $0 = access }
  }

  /// Why the last accept failed, while no connection has been accepted since.
  var lastAcceptFailure: String? { acceptFailure.withLock { $0 } }

  /// Records an accept failure; true when it is the first since a connection was accepted.
  func acceptFailed(_ why: String) -> Bool {
    acceptFailure.withLock { failure in
      defer { failure = why }
      return failure == nil
    }
  }

  func accepted() {
    acceptFailure.withLock { $0 = nil }
  }

  func bootstrap() -> ServerBootstrap {
    ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 64)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .serverChannelInitializer { listener in
        listener.eventLoop.makeCompletedFuture {
          try listener.pipeline.syncOperations.addHandler(LiveAcceptWatch(server: self))
        }
      }
      // Nagle's algorithm off: an event and an answer are two small writes, and the second
      // would wait for the browser's delayed acknowledgement of the first (40 ms).
      .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try self.configure(channel) }
      }
  }

  private func configure(_ channel: any Channel) throws {
    let requests = LiveRequestHandler(server: self)
    var decoderLimits = NIOHTTPDecoderLimitConfiguration()
    decoderLimits.maxHeaderFieldSize = limits.headerFieldBytes
    decoderLimits.maxHeaderListSize = limits.headerBytes
    let pipeline = channel.pipeline.syncOperations
    try pipeline.addHandler(LiveAdmission(connections: connections))
    try pipeline.configureHTTPServerPipeline(
      withServerUpgrade: (
        upgraders: [webSocketUpgrader()],
        completionHandler: { [connections] context in
          connections.becamePage(context.channel)
          _ = context.pipeline.syncOperations.removeHandler(name: LiveRequestHandler.name)
        }
      ),
      withErrorHandling: false, withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoderLimits)
    try pipeline.addHandler(requests, name: LiveRequestHandler.name)
  }

  /// `/live` becomes a WebSocket when `LiveRoutes` allows it, answering the page's subprotocol
  /// (a browser fails a handshake that names none of the ones it offered). A refused one goes
  /// on to `LiveRequestHandler`, which answers why.
  private func webSocketUpgrader() -> NIOWebSocketServerUpgrader {
    NIOWebSocketServerUpgrader(
      maxFrameSize: limits.pageMessageBytes,
      shouldUpgrade: { channel, head in
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first
        let allowed =
          path == "/live"
          && LiveRoutes.webSocketRefusal(
            headers: head.headers, access: self.access, hasRoom: self.connections.hasRoomForAPage) == nil
        return channel.eventLoop.makeSucceededFuture(
          allowed ? HTTPHeaders([("Sec-WebSocket-Protocol", LiveAccess.pageProtocol)]) : nil)
      },
      upgradePipelineHandler: { channel, _ in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandlers([
            NIOWebSocketFrameAggregator(
              minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64,
              maxAccumulatedFrameSize: self.limits.pageMessageBytes),
            LiveSocketHandler(workbench: self.workbench, limits: self.limits),
          ])
        }
      })
  }
}
