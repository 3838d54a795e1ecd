/// How one argument reads its words into a typed value, and what completes it — after
/// swift-argument-parser's `ExpressibleByArgument`, grown to values of several words (`X Y W H`)
/// and to values that name what the workbench holds (a layout, a kind).
struct ArgumentReader<Value: Sendable>: Sendable {
  /// How many words it takes (0: all that are left).
  var wordCount: Int
  /// How many of the next words it takes when that depends on them (an area is a word or four
  /// numbers); nil: an optional argument is absent.
  var takes: @Sendable (ArraySlice<String>) -> Int?
  /// Reads the words; what it throws is a usage error whatever its kind (the session marks it so
  /// and adds the command's usage lines).
  var read: @Sendable ([String], ArgumentContext) throws(HostError) -> Value
  var complete: @Sendable (CompletionContext) -> [String]
  var presence: @Sendable (String?) -> ArgumentPresence = { _ in .asDeclared }
  /// Usage shows `key=value ...` for the arguments that take the rest of the line as pairs.
  var isList = false

  init(
    words: Int, takes: (@Sendable (ArraySlice<String>) -> Int?)? = nil, isList: Bool = false,
    complete: @escaping @Sendable (CompletionContext) -> [String] = { _ in [] },
    read: @escaping @Sendable ([String], ArgumentContext) throws(HostError) -> Value
  ) {
    wordCount = words
    self.takes = takes ?? { _ in words }
    self.isList = isList
    self.complete = complete
    self.read = read
  }
}

/// Whether an argument is taken, given the first word of the argument before it: `gen`'s count
/// only after a kind that takes one.
enum ArgumentPresence: Sendable {
  case asDeclared
  case skipped
  /// Required here, with the message when it is missing.
  case required(String)
}

/// A type a command's argument can be: it knows how to read itself.
protocol ArgumentValue: Sendable {
  static var reader: ArgumentReader<Self> { get }
}

/// What reading an argument may look at: the workbench's names (layouts, kinds, sections) and
/// the form's message for words that do not fit it.
struct ArgumentContext {
  var workbench: ParseContext
  var misfit: String
}

/// What completing an argument may look at: the workbench and the words typed after the
/// command's name.
struct CompletionContext {
  let state: WorkbenchState
  let arguments: [String]
  let partial: String
  /// The first argument typed (`gen KIND`, `layout NAME`): what later ones complete against.
  var named: String { arguments.first ?? "" }
}
