import Dispatch
import NIOCore
import NIOPosix
import Synchronization

/// `tessera serve`'s HTTP and WebSocket server (SwiftNIO, docs/design.md "The live view"): on
/// 127.0.0.1 only, every request checked by `LiveAccess`; `/` is the page, `/live` its
/// WebSocket. It reads no file: the page is in the binary, and commands go to the shared
/// session. What anyone who reaches the port may cost it is bounded by `LiveLimits`.
public final class LiveServer: Sendable {
  public let access: LiveAccess
  let context: LiveServerContext
  /// The socket listening now (a new one after a failure), and whether `stop` was called.
  private let current: Mutex<(listener: any Channel, stopped: Bool)>

  /// Starts listening on 127.0.0.1:`port` (0: a free port) and serving on SwiftNIO's event
  /// loops. A failure to accept (out of descriptors) is told to `said` once, until a connection
  /// is accepted again; when the listening socket closes by itself, `said` hears why and a new
  /// one listens on the same port a second later: open pages reconnect to it by themselves.
  public static func start(
    port: UInt16, workbench: LiveWorkbench, limits: LiveLimits = .forThisProcess(),
    said: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> LiveServer {
    let context = LiveServerContext(workbench: workbench, limits: limits, said: said)
    let listener = try context.bootstrap().bind(host: "127.0.0.1", port: Int(port)).wait()
    guard let bound = listener.localAddress?.port.flatMap(UInt16.init(exactly:)) else {
      listener.close(promise: nil)
      throw LiveServerError("the server did not report its port")
    }
    let access = LiveAccess(port: bound)
    context.grant(access)
    let server = LiveServer(access: access, context: context, listener: listener)
    server.watch(listener)
    return server
  }

  private init(access: LiveAccess, context: LiveServerContext, listener: any Channel) {
    self.access = access
    self.context = context
    self.current = Mutex((listener, false))
  }

  /// When `listener` closes without `stop`, says so and listens again.
  private func watch(_ listener: any Channel) {
    listener.closeFuture.whenComplete { _ in
      guard !self.current.withLock({ $0.stopped }) else { return }
      let why = self.context.lastAcceptFailure.map { "accept failed: \($0)" } ?? "its socket closed"
      self.context.said(
        "the live view's server stopped (\(why)); it listens again on 127.0.0.1:\(self.access.port) in a second, and open pages reconnect"
      )
      self.listenAgain()
    }
  }

  private func listenAgain() {
    DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
      guard let next = try? self.context.bootstrap().bind(host: "127.0.0.1", port: Int(self.access.port)).wait()
      else { return self.listenAgain() }
      let kept = self.current.withLock { state -> Bool in
        guard !state.stopped else { return false }
        state.listener = next
        return true
      }
      guard kept else { return next.close(promise: nil) }
      self.watch(next)
    }
  }

  /// Stops listening; open connections close as their pages go.
  public func stop() {
    let listener = current.withLock { state -> any Channel in
      state.stopped = true
      return state.listener
    }
    try? listener.close().wait()
  }

  /// Closes the listening socket as a failure would (for tests of the restart).
  func dropListener() {
    current.withLock { $0.listener }.close(promise: nil)
  }
}

public struct LiveServerError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
