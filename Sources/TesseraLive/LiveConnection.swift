import Dispatch
import FlyingFox
import TesseraHost

/// One page's WebSocket: answers its messages in order (`PageMessage`) and tells it of every
/// command run (`LiveEvent`). Commands and looks block on the engine, so they run on Dispatch's
/// threads, never on the tasks' own.
struct LiveConnection: WSMessageHandler {
  let workbench: LiveWorkbench

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let (outgoing, output) = AsyncStream<WSMessage>.makeStream()
    let events = workbench.events()
    let workbench = workbench
    let task = Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await message in client {
            guard case .text(let text) = message else { continue }
            output.yield(.text(await Self.answer(text, workbench)))
          }
        }
        group.addTask {
          for await event in events { output.yield(.text(Self.json(event))) }
        }
        await group.next()
        group.cancelAll()
      }
      output.finish()
    }
    output.onTermination = { _ in task.cancel() }
    return outgoing
  }

  static func answer(_ text: String, _ workbench: LiveWorkbench) async -> String {
    let (id, request) = PageMessage.read(text)
    switch request {
    case .failure(let error):
      return JSONOutput.object([("id", .number(Double(id))), ("error", .string(error.message))]).serialized
    case .success(.ask(let request)):
      let answer = await offThread { workbench.view(request) }
      return #"{"id": \#(id), "answer": \#(answer)}"#
    case .success(.run(let line)):
      let outcome = await offThread { workbench.perform(line, from: .page) }
      return JSONOutput.object([
        ("id", .number(Double(id))), ("output", .string(outcome.output ?? "")), ("failed", .bool(outcome.failed)),
      ]).serialized
    }
  }

  static func json(_ event: LiveEvent) -> String {
    JSONOutput.object([
      (
        "event",
        .object([
          ("sequence", .number(Double(event.sequence))), ("line", .string(event.line)),
          ("command", event.command.map { .string($0) } ?? .null),
          ("origin", .string(event.origin.rawValue)), ("failed", .bool(event.failed)),
          ("onlyRead", .bool(event.onlyRead)),
          ("engineFailure", event.engineFailure.map { .string($0) } ?? .null),
        ])
      )
    ]).serialized
  }

  /// Runs blocking work on a Dispatch thread.
  static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
  }
}
