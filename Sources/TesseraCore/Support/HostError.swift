/// A failure with a message a person can act on: what was wrong, where, what is allowed.
/// Commands that throw it leave the session exactly as it was.
public struct HostError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, for tools (JSON errors carry it as `"kind"`), so none matches messages.
  public enum Kind: String, Sendable {
    /// The command was typed wrong: its usage follows the message.
    case usage
    /// The command was understood and refused (UIKit's rules, a name not known, …).
    case refused
    /// A plugin broke the ABI's contract: an answer the host refuses, a crash, a hang.
    case pluginBug
    /// A limit the host keeps (sizes, counts, memory) was passed.
    case limit
    /// A file could not be read or written.
    case io
  }

  public var message: String
  public var kind: Kind
  /// The command was called with the wrong words: the dispatcher adds the command's usage
  /// from the command table, so usage text lives in one place.
  public var wantsUsage = false

  public init(_ message: String) {
    self.init(.refused, message)
  }

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message.clippingLongWords
  }

  public static func usage(_ message: String) -> HostError {
    var error = HostError(.usage, message)
    error.wantsUsage = true
    return error
  }

  public var description: String { message }
}
