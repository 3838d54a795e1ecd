import TesseraKit

/// A command's arguments, read and checked against the form's declaration: handlers take typed
/// values by the names the declaration gives them (`S.I`, `WxH`), never words.
public struct Arguments: Sendable {
  /// A value of one argument.
  public enum Value: Sendable, Equatable {
    case indexPath(IndexPath)
    case size(Size)
    case point(Point)
    case rect(Rect)
    case number(Double)
    case count(Int)
    case word(String)
    case pairs([Pair])
    /// A viewport size and the screen's scale, if given.
    case viewport(Size, scale: Double?)
  }

  public struct Pair: Sendable, Equatable {
    public var key: String
    public var value: String
  }

  /// The form's fixed words (`load` of `plugin load`), empty for a form without them.
  public var subcommand: [String] = []
  /// Whether the form's trailing flag (`--all`) was given.
  public var flag = false
  var values: [String: Value] = [:]

  public subscript(_ name: String) -> Value? { values[name] }

  func missing(_ name: String) -> HostError {
    HostError("internal error: the command's declaration has no argument '\(name)' (please report it)")
  }

  public func indexPath(_ name: String) throws(HostError) -> IndexPath {
    guard case .indexPath(let value) = values[name] else { throw missing(name) }
    return value
  }

  public func size(_ name: String) throws(HostError) -> Size {
    guard case .size(let value) = values[name] else { throw missing(name) }
    return value
  }

  public func point(_ name: String) throws(HostError) -> Point {
    guard case .point(let value) = values[name] else { throw missing(name) }
    return value
  }

  public func viewport(_ name: String) throws(HostError) -> (size: Size, scale: Double?) {
    guard case .viewport(let size, let scale) = values[name] else { throw missing(name) }
    return (size, scale)
  }

  public func rect(_ name: String) throws(HostError) -> Rect {
    guard case .rect(let value) = values[name] else { throw missing(name) }
    return value
  }

  public func number(_ name: String) throws(HostError) -> Double {
    guard case .number(let value) = values[name] else { throw missing(name) }
    return value
  }

  public func count(_ name: String) throws(HostError) -> Int {
    guard case .count(let value) = values[name] else { throw missing(name) }
    return value
  }

  public func word(_ name: String) throws(HostError) -> String {
    guard case .word(let value) = values[name] else { throw missing(name) }
    return value
  }

  /// `key=value` pairs in the order typed (empty when none were given).
  public func pairs(_ name: String) -> [Pair] {
    guard case .pairs(let value) = values[name] else { return [] }
    return value
  }

  /// Whether an optional argument was given.
  public func has(_ name: String) -> Bool { values[name] != nil }
}
