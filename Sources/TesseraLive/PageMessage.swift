import Foundation
import TesseraHost

/// What a page sends over its WebSocket, one JSON object a message: a command to run (`run`)
/// or a look to take (`ask`: `scene`, `motion`, `overview`, `target VX VY`), with an `id` the
/// answer repeats.
struct PageMessage: Decodable, Equatable {
  var id: Int
  var run: String?
  var ask: String?

  /// The longest command a page may send (a typed line is far shorter).
  static let longestLine = 4_096

  enum Request: Equatable {
    case run(String)
    case ask(Session.LiveRequest)
  }

  /// The message's request, or why it is not one.
  static func read(_ text: String) -> (id: Int, request: Result<Request, PageMessageError>) {
    guard let message = try? JSONDecoder().decode(PageMessage.self, from: Data(text.utf8)) else {
      return (0, .failure(PageMessageError("a message is one JSON object with an id and a run or an ask")))
    }
    switch (message.run, message.ask) {
    case (let line?, nil):
      guard line.utf8.count <= longestLine, !line.contains("\n") else {
        return (message.id, .failure(PageMessageError("a command is one line of at most \(longestLine) bytes")))
      }
      return (message.id, .success(.run(line)))
    case (nil, let ask?):
      guard let request = Session.LiveRequest(ask) else {
        return (
          message.id,
          .failure(PageMessageError("ask takes scene, motion, overview or target VX VY (points per second)"))
        )
      }
      return (message.id, .success(.ask(request)))
    default:
      return (message.id, .failure(PageMessageError("a message has either run or ask")))
    }
  }
}

struct PageMessageError: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}
