/// One argument of a command, declared with its type: `Argument<Offset>("X Y")`. The command
/// reads its value back by the same declaration (`arguments[Self.offset]`), so a name and a type
/// cannot disagree.
struct Argument<Value: Sendable>: Sendable {
  /// The placeholder in usage lines: `S.I`, `WxH`.
  let name: String
  let reader: ArgumentReader<Value>

  init(_ name: String, _ reader: ArgumentReader<Value>) {
    self.name = name
    self.reader = reader
  }

  init(_ name: String) where Value: ArgumentValue {
    self.init(name, Value.reader)
  }

  /// In a form, required.
  var required: Parameter { Parameter(self, optional: false, nested: false) }
  /// In a form, optional: `[WxH]`.
  var optional: Parameter { Parameter(self, optional: true, nested: false) }
  /// In a form, written inside the previous optional argument's brackets:
  /// `[NAME [key=value ...]]`.
  var nested: Parameter { Parameter(self, optional: true, nested: true) }
}

/// An argument as a form holds it: its declaration with the type erased, for the parser, usage,
/// completion and the fuzzer.
struct Parameter: Sendable {
  let name: String
  let isOptional: Bool
  let isNested: Bool
  let wordCount: Int
  let isList: Bool
  let takes: @Sendable (ArraySlice<String>) -> Int?
  let presence: @Sendable (String?) -> ArgumentPresence
  let read: @Sendable ([String], ArgumentContext) throws(HostError) -> any Sendable
  let complete: @Sendable (CompletionContext) -> [String]

  init<Value>(_ argument: Argument<Value>, optional: Bool, nested: Bool) {
    name = argument.name
    isOptional = optional
    isNested = nested
    let reader = argument.reader
    wordCount = reader.wordCount
    isList = reader.isList
    takes = reader.takes
    presence = reader.presence
    read = { words, context throws(HostError) in try reader.read(words, context) }
    complete = reader.complete
  }
}
