import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// On the listening socket: says at the terminal when a connection cannot be accepted (out of
/// descriptors, say), once until one is accepted again. SwiftNIO's accept backoff, before this
/// handler, tries again a second later; the listener stays open.
final class LiveAcceptWatch: ChannelInboundHandler {
  typealias InboundIn = any Channel
  typealias InboundOut = any Channel

  private let server: LiveServerContext

  init(server: LiveServerContext) {
    self.server = server
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    server.accepted()
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    let why = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
    if server.acceptFailed(why) {
      server.said("the live view's server cannot accept a connection (\(why)); it tries again every second")
    }
    context.fireErrorCaught(error)
  }
}
