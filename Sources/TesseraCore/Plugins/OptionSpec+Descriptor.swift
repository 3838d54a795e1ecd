import TesseraABI

extension OptionSpec {
  /// An option a plugin describes (`tessera_option_descriptor`), checked: a name, a known type,
  /// choices that are there, a default that parses.
  package init(_ d: tessera_option_descriptor, index: Int, context: String) throws(HostError) {
    guard let rawName = d.name else { throw HostError("\(context): option \(index) has no name") }
    self.index = index
    self.name = String(cString: rawName)
    self.doc = d.doc.map { String(cString: $0) } ?? ""
    self.defaultText = d.default_value.map { String(cString: $0) } ?? ""
    self.minimum = d.minimum
    self.maximum = d.maximum
    self.customPlaceholder = nil
    self.hasDefault = true
    switch tessera_option_type(rawValue: d.type) {
    case TESSERA_OPTION_BOOL: type = .bool
    case TESSERA_OPTION_INTEGER: type = .integer
    case TESSERA_OPTION_NUMBER: type = .number
    case TESSERA_OPTION_SIZE: type = .size
    case TESSERA_OPTION_INSETS: type = .insets
    case TESSERA_OPTION_STRING: type = .string
    case TESSERA_OPTION_CHOICE:
      guard d.choice_count <= UInt32(Limits.descriptionEntries) else {
        throw HostError(
          "\(context): option '\(name)' lists \(d.choice_count) choices; at most \(Limits.descriptionEntries)")
      }
      var words: [String] = []
      for k in 0..<Int(d.choice_count) {
        guard let choices = d.choices, let word = choices[k] else {
          throw HostError("\(context): option '\(name)': choice \(k) is NULL")
        }
        words.append(String(cString: word))
      }
      type = .choice(words)
    default: throw HostError("\(context): option '\(name)' has unknown type \(d.type)")
    }
    let (type, name, minimum, maximum, defaultText) = (type, name, minimum, maximum, defaultText)
    do {
      defaultValue = try Self.parse(defaultText, type: type, name: name, minimum: minimum, maximum: maximum)
    } catch {
      throw HostError("\(context): option '\(name)' has a default that does not parse: \(error.message)")
    }
  }
}
