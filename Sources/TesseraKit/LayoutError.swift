/// A failure a layout reports to the host: the message is shown to a person as is, so say what
/// was wrong and what is allowed.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

extension Double {
  /// The number as a person would type it in a ``LayoutError`` message: `12`, `0.5`, `1e-300`
  /// (whole numbers without a fraction).
  public var formattedForMessage: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
