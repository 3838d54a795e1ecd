/// One option as the host parses and checks it — a layout's (from its plugin's description), a
/// dataset generator's parameter or a picture's — so every `key=value` reads and fails the same
/// way (`itemSize=WxH`, `sectionInset=t,l,b,r`, ...). Options of one thing make an
/// `OptionSchema`.
public struct OptionSpec: Sendable {
  public enum ValueType: Sendable, Equatable {
    case bool, integer, number, size, insets, string
    case choice([String])
    /// A random seed: any whole number from 0 to 2^64 − 1, kept as typed (the host's own
    /// options only: plugins receive integers as doubles).
    case seed

    /// What a person may type, for help and errors.
    public var placeholder: String {
      switch self {
      case .bool: "true|false"
      case .integer: "INTEGER"
      case .number: "NUMBER"
      case .size: "WxH"
      case .insets: "TOP,LEFT,BOTTOM,RIGHT"
      case .string: "TEXT"
      case .choice(let words): words.joined(separator: "|")
      case .seed: "SEED"
      }
    }
  }

  /// A parsed value, in the ABI's shape.
  public struct Value: Equatable, Sendable {
    package init(numbers: [Double], text: String) {
      self.numbers = numbers
      self.text = text
    }

    public var numbers: [Double]
    public var text: String
  }

  public package(set) var index: Int
  public let name: String
  public let type: ValueType
  public let doc: String
  public let defaultText: String
  public let minimum: Double
  public let maximum: Double
  public let defaultValue: Value
  /// False for an option declared without a default: it is absent unless given.
  public let hasDefault: Bool
  let customPlaceholder: String?

  /// An option declared in Swift (a generator's parameter, a picture's option); a default that
  /// does not parse, or none, leaves the option without one (`OptionValues` answers nil).
  package init(
    _ name: String, _ type: ValueType, default defaultText: String = "", range: ClosedRange<Double>? = nil,
    placeholder: String? = nil, doc: String
  ) {
    self.index = 0
    self.name = name
    self.type = type
    self.doc = doc
    self.defaultText = defaultText
    self.minimum = range?.lowerBound ?? -Double.greatestFiniteMagnitude
    self.maximum = range?.upperBound ?? Double.greatestFiniteMagnitude
    self.customPlaceholder = placeholder
    let parsed =
      defaultText.isEmpty
      ? nil : try? Self.parse(defaultText, type: type, name: name, minimum: minimum, maximum: maximum)
    self.hasDefault = parsed != nil
    self.defaultValue = parsed ?? Value(numbers: [0, 0, 0, 0], text: "")
  }

  /// What a person may type, for help and errors: the option's own word (`S`, `DAYS`) or its
  /// type's.
  public var placeholder: String { customPlaceholder ?? type.placeholder }

  public func parse(_ text: String) throws(HostError) -> Value {
    try Self.parse(text, type: type, name: name, minimum: minimum, maximum: maximum)
  }

  /// The value as a person would type it.
  public func format(_ value: Value) -> String {
    switch type {
    case .bool: value.numbers[0] != 0 ? "true" : "false"
    case .integer, .number: formatNumber(value.numbers[0])
    case .size: "\(formatNumber(value.numbers[0]))x\(formatNumber(value.numbers[1]))"
    case .insets: value.numbers.prefix(4).map(formatNumber).joined(separator: ",")
    case .choice, .string, .seed: value.text
    }
  }

  package static func parse(
    _ text: String, type: ValueType, name: String, minimum: Double, maximum: Double
  ) throws(HostError) -> Value {
    func bad(_ expected: String) -> HostError {
      HostError("invalid value '\(text)' for \(name): expected \(expected)")
    }
    let range =
      maximum >= Double.greatestFiniteMagnitude
      ? "at least \(formatNumber(minimum))"
      : minimum <= -Double.greatestFiniteMagnitude
        ? "at most \(formatNumber(maximum))" : "from \(formatNumber(minimum)) to \(formatNumber(maximum))"
    func checked(_ numbers: [Double], _ expected: String) throws(HostError) -> Value {
      for n in numbers where n < minimum || n > maximum {
        throw HostError("invalid value '\(text)' for \(name): \(formatNumber(n)) is out of range (\(range))")
      }
      // Numbers compare by value, not by how they were typed ("10" and "10.0" are one value).
      return Value(numbers: numbers + Array(repeating: 0, count: max(0, 4 - numbers.count)), text: "")
    }
    switch type {
    case .bool:
      switch text {
      case "true", "yes", "on", "1": return Value(numbers: [1, 0, 0, 0], text: "")
      case "false", "no", "off", "0": return Value(numbers: [0, 0, 0, 0], text: "")
      default: throw bad("true or false")
      }
    case .integer:
      guard let n = Int(text) else { throw bad("a whole number") }
      // Integers travel as doubles: beyond 2^53 they would not arrive as typed.
      guard n.magnitude <= 1 << 53 else {
        if maximum < 0x1p53, minimum > -0x1p53 {
          throw HostError("invalid value '\(text)' for \(name): \(text) is out of range (\(range))")
        }
        throw bad("a whole number within ±9007199254740992 (2^53)")
      }
      return try checked([Double(n)], "a whole number")
    case .number:
      guard let n = parseNumber(text) else { throw bad("a finite number") }
      return try checked([n], "a number")
    case .size:
      guard let size = parseSize(text) else { throw bad("WxH, e.g. 50x50") }
      return try checked([size.width, size.height], "WxH")
    case .insets:
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { parseNumber(String($0)) }
      guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else {
        throw bad("four numbers TOP,LEFT,BOTTOM,RIGHT, e.g. 10,20,10,20")
      }
      return try checked(parts.map { $0! }, "insets")
    case .choice(let words):
      guard let index = words.firstIndex(of: text) else { throw bad("one of \(words.joined(separator: ", "))") }
      return Value(numbers: [Double(index), 0, 0, 0], text: text)
    case .string:
      return Value(numbers: [0, 0, 0, 0], text: text)
    case .seed:
      guard UInt64(text) != nil else { throw bad("a whole number from 0 to 18446744073709551615") }
      return Value(numbers: [0, 0, 0, 0], text: text)
    }
  }
}
