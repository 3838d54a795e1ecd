import TesseraKit

/// One operation of a `batch`, as typed. Deletes, reloads and move sources name index paths
/// before the update; inserts and move destinations name index paths after it.
public enum BatchOperation: Hashable, Sendable, CustomStringConvertible {
  case insertItem(IndexPath, size: Size?, id: String?)
  case deleteItem(IndexPath)
  case moveItem(from: IndexPath, to: IndexPath)
  case reloadItem(IndexPath, size: Size?)
  /// A new section holding `count` new items.
  case insertSection(Int, count: Int)
  case deleteSection(Int)
  case moveSection(from: Int, to: Int)
  case reloadSection(Int)

  /// The operation as it is typed, e.g. `move 0.1 0.3`.
  public var description: String {
    switch self {
    case .insertItem(let path, let size, let id):
      "insert \(path)" + (size.map { " \($0.formatted)" } ?? "") + (id.map { " id=\($0)" } ?? "")
    case .deleteItem(let path): "delete \(path)"
    case .moveItem(let from, let to): "move \(from) \(to)"
    case .reloadItem(let path, let size): "reload \(path)" + (size.map { " \($0.formatted)" } ?? "")
    case .insertSection(let section, let count): "insert-section \(section)" + (count > 0 ? " \(count)" : "")
    case .deleteSection(let section): "delete-section \(section)"
    case .moveSection(let from, let to): "move-section \(from) \(to)"
    case .reloadSection(let section): "reload-section \(section)"
    }
  }

  /// The words an operation starts with, for help and completion.
  public static let verbs = [
    "insert", "delete", "move", "reload", "insert-section", "delete-section", "move-section", "reload-section",
    "counts", "animated=false",
  ]

  /// Parses one operation (`insert 0.3 100x40 id=x`, `move-section 2 0`, ...).
  public static func parse(_ words: [String]) throws(HostError) -> BatchOperation {
    guard let verb = words.first else { throw HostError("empty operation") }
    let args = Array(words.dropFirst())
    func path(_ text: String) throws(HostError) -> IndexPath {
      guard let p = parseIndexPath(text) else {
        throw HostError("\(verb): invalid index path '\(text)': expected S.I (section.item), e.g. 0.3")
      }
      guard p.section >= 0, p.item >= 0 else {
        throw HostError("\(verb): invalid index path '\(text)': section and item must not be negative")
      }
      return p
    }
    func section(_ text: String) throws(HostError) -> Int {
      guard let s = Int(text), s >= 0 else {
        throw HostError("\(verb): invalid section '\(text)': expected a whole number, 0 or more")
      }
      return s
    }
    func size(_ text: String) throws(HostError) -> Size {
      guard let s = parseSize(text), s.width >= 0, s.height >= 0 else {
        throw HostError("\(verb): invalid size '\(text)': expected WxH with finite numbers, neither negative")
      }
      try Limits.checkSize(s, "\(verb): size")
      return s
    }
    func arity(_ range: ClosedRange<Int>, _ usage: String) throws(HostError) {
      guard range.contains(args.count) else { throw HostError("\(verb) takes \(usage)") }
    }
    switch verb {
    case "insert":
      try arity(1...3, "S.I [WxH] [id=ID]")
      var size: Size?
      var id: String?
      for word in args.dropFirst() {
        if word.hasPrefix("id=") {
          guard id == nil, word.count > 3 else { throw HostError("insert: give one non-empty id=ID") }
          id = String(word.dropFirst(3))
        } else {
          guard size == nil else { throw HostError("insert takes S.I [WxH] [id=ID]") }
          size = try Self.parseSizeWord(word, verb: verb)
        }
      }
      return .insertItem(try path(args[0]), size: size, id: id)
    case "delete":
      try arity(1...1, "S.I")
      return .deleteItem(try path(args[0]))
    case "move":
      try arity(2...2, "a source and a destination, S.I S.I")
      return .moveItem(from: try path(args[0]), to: try path(args[1]))
    case "reload":
      try arity(1...2, "S.I [WxH]")
      return .reloadItem(try path(args[0]), size: args.count == 2 ? try size(args[1]) : nil)
    case "insert-section":
      try arity(1...2, "S [N]")
      var count = 0
      if args.count == 2 {
        guard let n = Int(args[1]), n >= 0 else {
          throw HostError("insert-section: invalid item count '\(args[1])': expected a whole number, 0 or more")
        }
        guard n <= Limits.batchOperations else {
          throw HostError(
            "insert-section: \(n) items is too many: one batch inserts at most \(Limits.batchOperations) items")
        }
        count = n
      }
      return .insertSection(try section(args[0]), count: count)
    case "delete-section":
      try arity(1...1, "S")
      return .deleteSection(try section(args[0]))
    case "move-section":
      try arity(2...2, "a source and a destination, S S")
      return .moveSection(from: try section(args[0]), to: try section(args[1]))
    case "reload-section":
      try arity(1...1, "S")
      return .reloadSection(try section(args[0]))
    default:
      let near = Suggestions.closest(to: verb, among: verbs)
      let hint = near.isEmpty ? "" : " Did you mean '\(near[0])'?"
      throw HostError("unknown batch operation '\(verb)'.\(hint) Operations: \(verbs.joined(separator: ", "))")
    }
  }

  package static func parseSizeWord(_ word: String, verb: String) throws(HostError) -> Size {
    guard let s = parseSize(word), s.width >= 0, s.height >= 0 else {
      throw HostError("\(verb): invalid size '\(word)': expected WxH with finite numbers, neither negative")
    }
    try Limits.checkSize(s, "\(verb): size")
    return s
  }
}
