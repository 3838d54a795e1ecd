import NIOCore
import NIOHTTP1
import NIOWebSocket

/// A connection before it becomes a WebSocket: answers its first request (`LiveRoutes`) and
/// closes it. The connection lives at most `LiveLimits.requestTime` from the moment it is
/// accepted, however slowly its bytes come or its answer is read; the request line and headers
/// are bounded by the decoder (`LiveLimits.headerBytes`), answered 431 when they are larger.
/// Removed from the pipeline when the connection becomes a WebSocket.
final class LiveRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  static let name = "tessera.requests"
  private let server: LiveServerContext
  private var deadline: Scheduled<Void>?
  private var answered = false

  init(server: LiveServerContext) {
    self.server = server
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let channel = context.channel
    deadline = context.eventLoop.scheduleTask(in: TimeAmount(server.limits.requestTime)) {
      channel.close(promise: nil)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // Only the first request is answered; its answer closes the connection.
    guard case .head(let head) = unwrapInboundIn(data), !answered else { return }
    answered = true
    let response = LiveRoutes.answer(
      method: head.method, uri: head.uri, headers: head.headers, access: server.access,
      hasRoom: server.connections.hasRoomForAPage)
    write(response, context: context)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    switch error {
    case let error as HTTPParserError:
      // The decoder closes the connection once this returns: the answer is flushed first.
      guard !answered else { return }
      answered = true
      write(LiveRoutes.malformed(tooLarge: error == .headerOverflow, limits: server.limits), context: context)
    case is NIOWebSocketUpgradeError, is HTTPServerUpgradeErrors:
      // A refused handshake: the request comes next, and is answered with why.
      break
    default:
      context.close(promise: nil)
    }
  }

  private func write(_ response: LiveResponse, context: ChannelHandlerContext) {
    let headers = HTTPHeaders([
      ("Content-Type", response.contentType), ("Content-Length", "\(response.body.count)"),
      ("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"), ("Connection", "close"),
    ])
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: response.status, headers: headers))),
      promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
  }
}
