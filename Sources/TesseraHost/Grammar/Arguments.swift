/// A command's arguments, read and checked against the form's declaration: a command takes each
/// typed value back by the declaration that read it (`arguments[Self.offset]`), never by words.
struct Arguments: Sendable {
  /// The form's fixed words (`load` of `plugin load`), empty for a form without them.
  var subcommand: [String] = []
  /// Which of the command's forms the words took.
  var form = 0
  /// Whether the form's trailing flag (`--all`) was given.
  var flag = false
  var values: [String: any Sendable] = [:]

  /// The value of an argument, nil when an optional one was not given. Values are kept by
  /// placeholder: arguments of different forms with the same placeholder and type read as one.
  subscript<Value>(_ argument: Argument<Value>) -> Value? { values[argument.name] as? Value }

  /// The value of a required argument of the form that was read: always there, unless a
  /// command reads an argument its form does not declare (a test reads every command's
  /// examples to catch that).
  func value<Value>(_ argument: Argument<Value>) throws(HostError) -> Value {
    guard let value = self[argument] else {
      throw HostError("internal error: the command's declaration has no argument '\(argument.name)' (please report it)")
    }
    return value
  }
}
