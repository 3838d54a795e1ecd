import TesseraKit

// The types command arguments are, each with how it reads its words (and the message when they
// do not read) and what completes it.

/// `S.I`, e.g. `0.3`.
extension IndexPath: ArgumentValue {
  static var reader: ArgumentReader<IndexPath> {
    ArgumentReader(words: 1) { words, _ throws(HostError) in
      guard let path = parseIndexPath(words[0]) else {
        throw HostError("invalid index path '\(words[0])': expected S.I (section.item), e.g. 0.3")
      }
      return path
    }
  }
}

/// `S.I` in an existing section: a supplementary or decoration view's index path.
struct SectionIndexPath: ArgumentValue {
  var path: IndexPath

  static var reader: ArgumentReader<SectionIndexPath> {
    ArgumentReader(words: 1) { words, context throws(HostError) in
      guard let path = parseIndexPath(words[0]), path.section >= 0, path.section < context.workbench.sectionCount,
        path.item >= 0
      else {
        throw HostError("invalid index path '\(words[0])': expected S.I with an existing section")
      }
      return SectionIndexPath(path: path)
    }
  }
}

/// `WxH`, neither side negative: a preferred size.
struct ItemSize: ArgumentValue {
  var size: Size

  static var reader: ArgumentReader<ItemSize> {
    ArgumentReader(words: 1) { words, _ throws(HostError) in
      guard let size = parseSize(words[0]), size.width >= 0, size.height >= 0 else {
        throw HostError("invalid size '\(words[0])': expected WxH with finite numbers, neither negative")
      }
      return ItemSize(size: size)
    }
  }
}

/// `WxH` or `WxH@S`: a viewport size and the screen's scale.
struct Viewport: ArgumentValue {
  var size: Size
  var scale: Double?

  static var reader: ArgumentReader<Viewport> {
    // A `key=value` word is an option, not a size.
    ArgumentReader(words: 1, takes: { next in next.first.map { $0.contains("=") ? nil : 1 } ?? nil }) {
      words, _ throws(HostError) in
      let word = words[0]
      let parts = word.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count <= 2, let size = parseSize(String(parts[0])) else {
        throw HostError("invalid viewport '\(word)': expected WxH or WxH@SCALE, e.g. 390x844 or 390x844@3")
      }
      guard parts.count == 2 else { return Viewport(size: size, scale: nil) }
      guard let scale = parseNumber(String(parts[1])), scale >= 1, scale <= 10 else {
        throw HostError(
          "invalid screen scale '\(parts[1])' in '\(word)': expected a number from 1 to 10 (pixels per point: 2 or 3 on a phone)"
        )
      }
      return Viewport(size: size, scale: scale)
    }
  }
}

/// Two words read as finite numbers X Y, or `invalid NOUN 'a b': expected two finite numbers,
/// e.g. EXAMPLE` (an offset, a point, a zoom's focus).
func twoNumbers(_ a: String, _ b: String, noun: String, example: String) throws(HostError) -> Point {
  guard let x = parseNumber(a), let y = parseNumber(b) else {
    throw HostError("invalid \(noun) '\(a) \(b)': expected two finite numbers, e.g. \(example)")
  }
  return Point(x: x, y: y)
}

/// Two numbers `X Y`: a content offset.
struct Offset: ArgumentValue {
  var point: Point

  static var reader: ArgumentReader<Offset> {
    ArgumentReader(words: 2) { words, _ throws(HostError) in
      Offset(point: try offsetPair(words, noun: "offset", example: "scroll 0 600", what: "scroll offset"))
    }
  }
}

/// Two numbers within the offsets' limits (a content offset, a drag's distance); `what` names
/// them in a refusal ("scroll offset x 1e12 is too large").
func offsetPair(_ words: [String], noun: String, example: String, what: String) throws(HostError) -> Point {
  let point = try twoNumbers(words[0], words[1], noun: noun, example: example)
  try Limits.checkOffset(point.x, "\(what) x")
  try Limits.checkOffset(point.y, "\(what) y")
  return point
}

/// `X Y`: a point in the content (`item at X Y`, `element at X Y`).
struct ContentPoint: ArgumentValue {
  var point: Point

  static var reader: ArgumentReader<ContentPoint> {
    ArgumentReader(words: 2) { words, _ throws(HostError) in
      let point = try twoNumbers(words[0], words[1], noun: "point", example: "item at 20 40")
      try Limits.checkOffset(point.x, "point x")
      try Limits.checkOffset(point.y, "point y")
      return ContentPoint(point: point)
    }
  }
}

/// `at X Y`: a point in the view (a zoom's focus).
struct Focus: ArgumentValue {
  var point: Point

  static var reader: ArgumentReader<Focus> {
    ArgumentReader(words: 3, complete: { _ in ["at"] }) { words, context throws(HostError) in
      Focus(point: try pointInView(words, context, example: "at 195 422", what: "zoom focus"))
    }
  }
}

/// The words `at X Y` as a point in the view, each coordinate within the limits; `what` names it
/// in a refusal ("zoom focus x 1e12 is too large").
func pointInView(_ words: [String], _ context: ArgumentContext, example: String, what: String) throws(HostError)
  -> Point
{
  guard words[0] == "at" else { throw HostError.usage(context.misfit) }
  let point = try twoNumbers(words[1], words[2], noun: "point", example: example)
  try Limits.checkCoordinate(point.x, "\(what) x")
  try Limits.checkCoordinate(point.y, "\(what) y")
  return point
}

/// Four numbers `X Y W H`, width and height not negative.
extension Rect: ArgumentValue {
  static var reader: ArgumentReader<Rect> {
    ArgumentReader(words: 4) { words, _ throws(HostError) in
      var n: [Double] = []
      for text in words {
        guard let value = parseNumber(text) else {
          throw HostError("invalid number '\(text)' in rect: expected four finite numbers X Y W H")
        }
        n.append(value)
      }
      for (value, name) in zip(n, ["x", "y", "width", "height"]) { try Limits.checkCoordinate(value, "rect \(name)") }
      guard n[2] >= 0, n[3] >= 0 else {
        throw HostError(
          "invalid rect: width and height must not be negative, got \(formatNumber(n[2]))x\(formatNumber(n[3]))")
      }
      return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
  }
}

/// What a picture shows: one of a few words (`viewport`, `content`, `batch`) or a rect.
enum PictureArea: Sendable, Equatable {
  case word(String)
  case rect(Rect)

  static func reader(_ choices: [String]) -> ArgumentReader<PictureArea> {
    ArgumentReader(
      words: 1,
      takes: { next in
        guard let first = next.first, !first.contains("=") else { return nil }
        // A word that is neither an area nor a number is taken alone, to be refused by name.
        return choices.contains(first) || parseNumber(first) == nil ? 1 : 4
      }, complete: { _ in choices }
    ) { words, context throws(HostError) in
      if words.count == 1, choices.contains(words[0]) { return .word(words[0]) }
      if words.count == 1 {
        throw HostError(
          "unknown area '\(words[0])': give \(choices.joined(separator: ", ")), or a rect of four numbers X Y W H")
      }
      return .rect(try Rect.reader.read(words, context))
    }
  }
}

/// `unknown layout 'flw'. Did you mean 'flow'? Layouts: flow, mosaic, …`: a name that names
/// nothing, the nearest one, and every one.
private func unknownName(_ word: String, _ what: String, among names: [String], listed: String) -> HostError {
  HostError("unknown \(what) '\(word)'.\(CommandParser.hint(word, names)) \(listed): \(names.joined(separator: ", "))")
}

/// A layout's name, checked against the loaded layouts.
struct LayoutName: ArgumentValue {
  var layoutClass: LayoutClass

  static var reader: ArgumentReader<LayoutName> {
    ArgumentReader(words: 1, complete: { $0.state.registry.layouts.map(\.name) }) { words, context throws(HostError) in
      let registry = context.workbench.registry
      guard let layoutClass = registry.layout(named: words[0]) else {
        throw unknownName(words[0], "layout", among: registry.layouts.map(\.name), listed: "Layouts")
      }
      return LayoutName(layoutClass: layoutClass)
    }
  }
}

/// A dataset generator's kind.
struct GeneratorKind: ArgumentValue {
  var generator: DatasetGenerator

  static var reader: ArgumentReader<GeneratorKind> {
    ArgumentReader(words: 1, complete: { _ in DatasetGenerator.all.map(\.kind) }) { words, _ throws(HostError) in
      guard let generator = DatasetGenerator.named(words[0]) else {
        throw unknownName(words[0], "dataset kind", among: DatasetGenerator.all.map(\.kind), listed: "Kinds")
      }
      return GeneratorKind(generator: generator)
    }
  }
}

/// One of the current layout's supplementary or decoration kinds.
struct ElementKindName: Sendable {
  var name: String

  /// A kind of `category` (nil: either).
  static func reader(_ category: ElementCategory?) -> ArgumentReader<ElementKindName> {
    ArgumentReader(words: 1, complete: { $0.state.parseContext.kindNames(category) }) {
      words, context throws(HostError) in
      let word = words[0]
      // `item 0.0 0.1`: two index paths, not a kind and an index path.
      if parseIndexPath(word) != nil { throw HostError.usage(context.misfit) }
      guard let layout = context.workbench.layout else { return ElementKindName(name: word) }
      let kinds = context.workbench.kindNames(category)
      guard kinds.contains(word) else {
        let what = category.map { "\($0) kind" } ?? "supplementary or decoration kind"
        throw HostError(
          "layout \(layout.layoutClass.name) has no \(what) '\(word)' (kinds: \(kinds.isEmpty ? "none" : kinds.joined(separator: ", ")))"
        )
      }
      return ElementKindName(name: word)
    }
  }
}

/// A file path, relative to the session file's folder.
struct FilePath: ArgumentValue {
  var path: String

  static var reader: ArgumentReader<FilePath> {
    ArgumentReader(words: 1, complete: { CompletionCandidates.paths($0.partial, base: $0.state.baseDirectory) }) {
      words, _ throws(HostError) in FilePath(path: words[0])
    }
  }

  /// The path of a shared library (`plugin load`): completed among folders and `.so` files.
  static var library: ArgumentReader<FilePath> {
    var reader = Self.reader
    reader.complete = { context in
      CompletionCandidates.paths(context.partial, base: context.state.baseDirectory).filter {
        $0.hasSuffix("/") || $0.hasSuffix(".so")
      }
    }
    return reader
  }
}

/// A word taken as typed, completed from what the workbench holds.
struct Word: Sendable {
  var text: String

  static func reader(complete: @escaping @Sendable (CompletionContext) -> [String]) -> ArgumentReader<Word> {
    ArgumentReader(words: 1, complete: complete) { words, _ throws(HostError) in Word(text: words[0]) }
  }

  /// The rest of the line, as typed (`batch`'s operations).
  static var rest: ArgumentReader<Word> {
    ArgumentReader(words: 0, complete: { _ in BatchOperation.verbs }) { words, _ throws(HostError) in
      Word(text: words.joined(separator: " "))
    }
  }
}

/// `key=value` words, in the order typed, checked later against an `OptionSchema`.
struct OptionPairs: Sendable {
  var pairs: [(key: String, value: String)]

  /// Completed from the schema `schema` finds for the words typed (nil: none).
  static func reader(_ schema: @escaping @Sendable (CompletionContext) -> OptionSchema?) -> ArgumentReader<OptionPairs>
  {
    ArgumentReader(
      words: 0, isList: true,
      complete: { context in schema(context).map { CompletionCandidates.optionCandidates($0, context.partial) } ?? [] }
    ) { words, _ throws(HostError) in
      OptionPairs(pairs: try Tokenizer.keyValues(words[...]).map { ($0.0, $0.1) })
    }
  }
}

extension ArgumentReader where Value == Double {
  /// A number within a range, e.g. the watchdog's seconds; `what` starts the refusal.
  static func number(in range: ClosedRange<Double>, what: String) -> ArgumentReader<Double> {
    ArgumentReader(words: 1) { words, _ throws(HostError) in
      guard let value = parseNumber(words[0]), range.contains(value) else {
        throw HostError.usage(
          "\(what) between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), not '\(words[0])'")
      }
      return value
    }
  }
}

extension ArgumentReader where Value == Int {
  /// A whole number within a range, e.g. a pass budget.
  static func count(in range: ClosedRange<Int>, what: String) -> ArgumentReader<Int> {
    ArgumentReader(words: 1) { words, _ throws(HostError) in
      guard let value = Int(words[0]), range.contains(value) else {
        throw HostError(
          "invalid \(what) '\(words[0])': expected a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return value
    }
  }

  /// `gen`'s item count: taken only after a kind that takes one.
  static var generatorCount: ArgumentReader<Int> {
    var reader = ArgumentReader(words: 1) { words, _ throws(HostError) in
      guard let count = Int(words[0]), count >= 0 else {
        throw HostError.usage("invalid count '\(words[0])': expected a whole number of items, 0 or more")
      }
      return count
    }
    reader.presence = { kind in
      guard let generator = kind.flatMap(DatasetGenerator.named), generator.takesCount else { return .skipped }
      return .required("gen \(generator.kind) needs a count")
    }
    return reader
  }
}

extension ArgumentReader where Value == String {
  /// One of a few words.
  static func choice(_ choices: [String]) -> ArgumentReader<String> {
    ArgumentReader(words: 1, complete: { _ in choices }) { words, context throws(HostError) in
      guard choices.contains(words[0]) else { throw HostError.usage(context.misfit) }
      return words[0]
    }
  }
}
