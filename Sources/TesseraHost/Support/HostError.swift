/// A failure with a message a person can act on: what was wrong, where, what is allowed.
/// Commands that throw it leave the session exactly as it was.
public struct HostError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  /// The command was called with the wrong words: the dispatcher adds the command's usage
  /// from the command table, so usage text lives in one place.
  public var wantsUsage = false

  public init(_ message: String) {
    self.message = message
  }

  public static func usage(_ message: String) -> HostError {
    var error = HostError(message)
    error.wantsUsage = true
    return error
  }

  public var description: String { message }
}
