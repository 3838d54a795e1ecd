/// A failure with a message a person can act on: what was wrong, where, what is allowed.
/// Commands that throw it leave the session exactly as it was.
public struct HostError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
