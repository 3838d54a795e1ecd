/// A parsed JSON value that remembers where it started, so a dataset error can point at the
/// exact line and column of the offending value, not just say "invalid file".
public struct JSONNode: Sendable {
  public indirect enum Value: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order (duplicates are refused by the parser).
    case object([(key: String, value: JSONNode)])
  }

  public var value: Value
  public var line: Int
  public var column: Int

  /// What a person would call this value's type, for "expected X, got Y".
  public var typeName: String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

public struct JSONSyntaxError: Error, Sendable {
  public var line: Int
  public var column: Int
  public var message: String
}
