/// A failure a layout reports to the host: the message is shown to a person as is, so say what
/// was wrong and what is allowed.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
