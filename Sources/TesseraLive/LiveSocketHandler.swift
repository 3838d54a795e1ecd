import Dispatch
import NIOCore
import NIOWebSocket
import Synchronization

/// One page's WebSocket, after the handshake: its messages are answered in order
/// (`LiveMessages.answer`), and it hears every command run (`LiveEvent`). Each message goes out
/// as one frame (a message cut into frames waits on TCP's acknowledgements). Pings are
/// answered; a close is returned and the connection closed. Frames and messages larger than
/// `LiveLimits.pageMessageBytes` never reach this handler (the decoder and the aggregator before
/// it refuse them; a refused message closes with 1009); a page with more than
/// `LiveLimits.pageMessagesWaiting` messages waiting is disconnected (1008).
///
/// Answers block on the engine, so they run on a serial Dispatch queue of the page's own, never
/// on the event loops nor on Swift's cooperative threads (which a test suite, say, may keep busy).
final class LiveSocketHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private let workbench: LiveWorkbench
  private let mostWaiting: Int
  private let answers = DispatchQueue(label: "tessera.live.page")
  private let waiting = Waiting()
  private var listener: Int?
  private var closing = false

  init(workbench: LiveWorkbench, limits: LiveLimits) {
    self.workbench = workbench
    self.mostWaiting = limits.pageMessagesWaiting
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let channel = context.channel
    listener = workbench.listen { event in Self.send(LiveMessages.json(event), on: channel) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stopListening()
  }

  func channelInactive(context: ChannelHandlerContext) {
    stopListening()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text:
      guard waiting.count.add(1, ordering: .relaxed).newValue <= mostWaiting else {
        return close(context: context, code: .policyViolation)
      }
      let (text, channel, workbench, waiting) = (
        String(buffer: frame.unmaskedData), context.channel, workbench, waiting
      )
      answers.async {
        defer { waiting.count.subtract(1, ordering: .relaxed) }
        // A page that has gone is not answered (its command would still run).
        guard channel.isActive else { return }
        Self.send(LiveMessages.answer(text, workbench), on: channel)
      }
    case .ping:
      context.writeAndFlush(
        wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
    case .connectionClose:
      close(context: context, code: .normalClosure)
    default:
      break
    }
  }

  /// A message whose fragments add up to more than the limit (the aggregator's refusal): close,
  /// 1009. Anything else: close, 1002.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    close(context: context, code: error is NIOWebSocketFrameAggregator.Error ? .messageTooLarge : .protocolError)
  }

  private func close(context: ChannelHandlerContext, code: WebSocketErrorCode) {
    guard !closing else { return }
    closing = true
    stopListening()
    var data = context.channel.allocator.buffer(capacity: 2)
    data.write(webSocketErrorCode: code)
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
      .whenComplete { _ in channel.close(promise: nil) }
  }

  private func stopListening() {
    if let listener { workbench.stopListening(listener) }
    listener = nil
  }

  static func send(_ text: String, on channel: any Channel) {
    let frame = WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: text))
    channel.writeAndFlush(frame, promise: nil)
  }

  /// Messages received and not yet answered.
  final class Waiting: Sendable {
    let count = Atomic<Int>(0)
  }
}
