#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the live server allows anyone who can reach its port, token or not: each limit is
/// enforced while bytes arrive, so nothing a client sends costs more than the limit.
public struct LiveLimits: Sendable, Equatable {
  /// The request line and every header field: longer ones are answered 431 and closed.
  public var headerFieldBytes = 8 * 1024
  /// The request line and all header fields together.
  public var headerBytes = 16 * 1024
  /// How long a connection may stay before it becomes a WebSocket: the request, the answer and
  /// the close all fit in it (a page's requests take milliseconds). Slow, idle and unread
  /// connections are closed when it runs out.
  public var requestTime: Duration = .seconds(10)
  /// Connections that are not (yet) WebSockets. When all are taken, a new one closes the
  /// oldest of them: idle connections never lock a page out.
  public var requests: Int
  /// Open pages (WebSockets, all with the token). One more is answered 503.
  public var pages: Int
  /// The largest message a page may send (a frame, or the fragments of one message together);
  /// a page's messages are a command line of at most 4,096 bytes or a short question.
  public var pageMessageBytes = 64 * 1024
  /// Messages from one page waiting to be answered; a page that sends more is disconnected.
  public var pageMessagesWaiting = 256

  public init(requests: Int = 32, pages: Int = 32) {
    self.requests = requests
    self.pages = pages
  }

  /// Limits that leave at least half of this process's descriptors (and never fewer than 32)
  /// to everything else, so the server never runs out of them while accepting: at most 32
  /// requests and 32 pages.
  public static func forThisProcess() -> LiveLimits {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return LiveLimits(requests: 8, pages: 8) }
    let descriptors = Int(clamping: min(limit.rlim_cur, 1 << 20))
    return forDescriptors(descriptors)
  }

  static func forDescriptors(_ descriptors: Int) -> LiveLimits {
    let spare = min(64, max(4, descriptors / 2 - 16))
    return LiveLimits(requests: (spare + 1) / 2, pages: spare / 2)
  }
}
