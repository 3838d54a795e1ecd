/// What a command answers: the text shown in `format table` and the one-line JSON object shown
/// in `format json`. Commands build both; the session picks one.
public struct Reply: Sendable {
  public var text: String
  public var json: JSONOutput

  /// Prints nothing (quit).
  public var isSilent = false

  public init(text: String, json: JSONOutput) {
    self.text = text
    self.json = json
  }

  public static let silent: Reply = {
    var reply = Reply(text: "", json: .object([]))
    reply.isSilent = true
    return reply
  }()

  /// A confirmation of a state change, e.g. `viewport 390x844` / `{"viewport": [390, 844]}`.
  public static func confirm(_ text: String, _ key: String, _ value: JSONOutput) -> Reply {
    Reply(text: text, json: .object([(key, value)]))
  }
}
