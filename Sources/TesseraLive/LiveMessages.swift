import TesseraHost

/// What a page's WebSocket carries: the answer to each of its messages (`PageMessage`) and each
/// command run (`LiveEvent`), as JSON texts.
enum LiveMessages {
  /// The answer to one message; blocks while the command or the look runs.
  static func answer(_ text: String, _ workbench: LiveWorkbench) -> String {
    let (id, request) = PageMessage.read(text)
    switch request {
    case .failure(let error):
      return JSONOutput.object([("id", .number(Double(id))), ("error", .string(error.message))]).serialized
    case .success(.ask(let request)):
      let answer = workbench.view(request)
      return #"{"id": \#(id), "answer": \#(answer)}"#
    case .success(.run(let line)):
      let outcome = workbench.perform(line, from: .page)
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
}
