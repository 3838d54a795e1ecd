import NIOCore
import Synchronization

/// The server's open connections, counted against `LiveLimits`: requests (not yet WebSockets)
/// and pages (WebSockets). When the requests are all taken, a new connection closes the one
/// that has been open longest, so connections left idle or fed a byte at a time never lock a
/// page out, and the server never runs out of descriptors.
final class LiveConnections: Sendable {
  struct Entry {
    let channel: any Channel
    let opened: UInt64
    var isPage: Bool
  }

  private let limits: LiveLimits
  private let open = Mutex<(next: UInt64, entries: [ObjectIdentifier: Entry])>((0, [:]))

  init(limits: LiveLimits) {
    self.limits = limits
  }

  /// Counts `channel` among the requests (once it is active: only a registered channel can be
  /// closed from elsewhere), closing the oldest request when all were taken.
  func admit(_ channel: any Channel) {
    let evicted = open.withLock { state -> (any Channel)? in
      state.next += 1
      var evicted: (any Channel)?
      let requests = state.entries.filter { !$0.value.isPage }
      if requests.count >= limits.requests, let oldest = requests.min(by: { $0.value.opened < $1.value.opened }) {
        evicted = oldest.value.channel
        state.entries[oldest.key] = nil
      }
      state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, opened: state.next, isPage: false)
      return evicted
    }
    evicted?.close(promise: nil)
  }

  /// Whether one more page may open (checked before a WebSocket handshake is answered).
  var hasRoomForAPage: Bool {
    open.withLock { state in state.entries.values.count(where: \.isPage) < limits.pages }
  }

  /// Moves `channel` from the requests to the pages.
  func becamePage(_ channel: any Channel) {
    open.withLock { state in state.entries[ObjectIdentifier(channel)]?.isPage = true }
  }

  func closed(_ channel: any Channel) {
    _ = open.withLock { state in state.entries.removeValue(forKey: ObjectIdentifier(channel)) }
  }

  /// How many connections were ever admitted (for tests).
  var admitted: UInt64 { open.withLock { $0.next } }

  /// How many requests and pages are open (for tests).
  var counts: (requests: Int, pages: Int) {
    open.withLock { state in
      let pages = state.entries.values.count(where: \.isPage)
      return (state.entries.count - pages, pages)
    }
  }
}

/// First on every connection: counts it in `LiveConnections` once it is active, until it closes.
final class LiveAdmission: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny

  private let connections: LiveConnections

  init(connections: LiveConnections) {
    self.connections = connections
  }

  func channelActive(context: ChannelHandlerContext) {
    let channel = context.channel
    connections.admit(channel)
    channel.closeFuture.whenComplete { [connections] _ in connections.closed(channel) }
    context.fireChannelActive()
  }
}
