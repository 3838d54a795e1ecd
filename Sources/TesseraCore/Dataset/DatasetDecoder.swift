import TesseraABI
import TesseraKit

/// Turns a dataset file (docs/design.md, "Datasets") into a `Dataset`, refusing anything malformed
/// with `FILE:LINE:COLUMN: PATH: what is wrong (what is allowed)`.
///
/// The file's bytes are read once, straight into the dataset's columns (`JSONScanner`, no tree
/// of JSON values): a million items load in a tenth of a second. The first problem in the file
/// is reported, except that a syntax error anywhere comes before a problem with the content.
public enum DatasetDecoder {
  public static func decode(_ text: String, file: String) throws(HostError) -> Dataset {
    var text = text
    let result: Result<Dataset, HostError> = text.withUTF8 { bytes in
      do throws(HostError) { return .success(try decode(utf8: bytes, file: file)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// `bytes` must be valid UTF-8.
  ///
  /// Ids are first only collected, and checked for repeats afterwards in one cache-friendly pass
  /// (`IDIndex.firstRepeat`); when an id repeats — or the content is wrong somewhere and an id
  /// repeats before that — the file is read again checking each id as it comes, so the error is
  /// the first in the file and names where both ids are.
  public static func decode(utf8 bytes: UnsafeBufferPointer<UInt8>, file: String) throws(HostError) -> Dataset {
    try decode(utf8: bytes, file: file, splitAbove: splitThreshold)
  }

  /// The same, reading lists longer than `splitAbove` bytes in two halves at once (tests split
  /// small files).
  package static func decode(
    utf8 bytes: UnsafeBufferPointer<UInt8>, file: String, splitAbove: Int, readsCommonItems: Bool = true
  ) throws(HostError) -> Dataset {
    var reader = Reader(scanner: JSONScanner(bytes), file: file, checksIDsAtOnce: false)
    reader.splitThreshold = splitAbove
    reader.readsCommonItems = readsCommonItems
    let failure: Failure
    do throws(Failure) {
      let dataset = try reader.dataset()
      if IDIndex.firstRepeat(in: reader.ids.insertedIDs) == nil { return dataset }
      failure = .content(0, "")  // an id repeats: read again below, checking ids as they come
    } catch {
      failure = error
    }
    if case .content = failure, IDIndex.firstRepeat(in: reader.ids.insertedIDs) != nil {
      return try decodeCheckingIDs(bytes, file: file, readsCommonItems: readsCommonItems)
    }
    throw report(failure, reader: reader, bytes: bytes, file: file)
  }

  private static func decodeCheckingIDs(_ bytes: UnsafeBufferPointer<UInt8>, file: String, readsCommonItems: Bool)
    throws(HostError) -> Dataset
  {
    var reader = Reader(scanner: JSONScanner(bytes), file: file, checksIDsAtOnce: true)
    reader.readsCommonItems = readsCommonItems
    do throws(Failure) {
      return try reader.dataset()
    } catch {
      throw report(error, reader: reader, bytes: bytes, file: file)
    }
  }

  private static func report(_ error: Failure, reader: Reader, bytes: UnsafeBufferPointer<UInt8>, file: String)
    -> HostError
  {
    switch error {
    case .syntax(let error): return reader.syntaxError(error)
    case .content(let offset, let message):
      // A syntax error later in the file is the one to fix first.
      if let syntax = JSONScanner.firstSyntaxError(in: bytes) { return reader.syntaxError(syntax) }
      let (line, column) = reader.scanner.lineAndColumn(of: offset)
      return HostError("\(file):\(line):\(column): \(message)")
    }
  }

  package enum Failure: Error {
    case syntax(JSONScanner.SyntaxError)
    /// A well-formed value that is not what the dataset format allows: its offset and message.
    case content(Int, String)
  }

  /// The columns of one section's items as they are read.
  package struct SectionColumns {
    package var sizes: [tessera_size] = []
    package var flags: [UInt8] = []
    package var estimates: [tessera_size] = []
    package var props = PropsColumns()
  }

  package struct Reader {
    package var scanner: JSONScanner
    package let file: String
    /// Every item id so far, in order (empty for items without one), with the index over them.
    package var ids = IDIndex()
    /// The ordinal of each section's first item, to name the item an id duplicates.
    package var sectionStarts: [Int] = []

    /// Lists longer than this (in bytes, from their start) are read in two halves at once
    /// (`TailRead`) while ids are only collected.
    package var splitThreshold = DatasetDecoder.splitThreshold
    /// False: every item goes through the general reader (`commonItem` is tested against it).
    package var readsCommonItems = true

    package init(scanner: JSONScanner, file: String, checksIDsAtOnce: Bool) {
      self.scanner = scanner
      self.file = file
      // About 35 bytes a short item: size the ids once for the file.
      let expected = scanner.bytes.count / 35
      ids = checksIDsAtOnce ? IDIndex(expected: expected) : .collecting(expected: expected)
    }

    /// A reader that collects the ids of about `expected` items (a list's second half).
    package init(scanner: JSONScanner, file: String, expected: Int) {
      self.scanner = scanner
      self.file = file
      ids = .collecting(expected: expected)
    }

    package func syntaxError(_ error: JSONScanner.SyntaxError) -> HostError {
      let (line, column) = scanner.lineAndColumn(of: error.offset)
      return HostError("\(file):\(line):\(column): invalid JSON: \(error.message)")
    }

    /// Keys and ids come from the file: a newline in one must not start a line of its own.
    package func fail(_ offset: Int, _ path: String, _ message: String) -> Failure {
      .content(offset, "\(path.escapingAllControls): \(message.escapingAllControls)")
    }

    package func got(_ offset: Int) -> String { scanner.typeName(at: offset) }

    /// Where the value after whitespace starts, without `value`'s checks: its reader looks at
    /// the first byte and refuses what it does not expect, and a byte that starts no value at
    /// all is then reported as the syntax error it is (syntax errors come first). Only the end
    /// of the file is checked here. For the hot loop over items, at depths far below the limit.
    @inline(__always) package mutating func quickValue(_ depth: Int) throws(Failure) -> Int {
      scanner.skipWhitespace()
      guard scanner.index < scanner.bytes.count else { return try value(depth) }
      return scanner.index
    }

    /// A value's start, as a `Failure`.
    package mutating func value(_ depth: Int) throws(Failure) -> Int {
      do { return try scanner.valueStart(depth: depth) } catch { throw .syntax(error) }
    }

    package mutating func syntax<T>(_ body: (inout JSONScanner) throws(JSONScanner.SyntaxError) -> T) throws(Failure)
      -> T
    {
      do { return try body(&scanner) } catch { throw .syntax(error) }
    }

    /// Reads the members of the object at `offset` (checked to be one), calling `body` with each
    /// name (refused unless in `allowed`) and its value's offset; `body` must read the value.
    package mutating func members(
      at offset: Int, depth: Int, _ path: @autoclosure () -> String, allowed: [StaticString],
      _ body: (inout Reader, Int, Int) throws(Failure) -> Void
    ) throws(Failure) {
      guard scanner.bytes[offset] == UInt8(ascii: "{") else {
        throw fail(offset, path(), "expected an object, got \(got(offset))")
      }
      guard scanner.beginObject() else { return }
      var seen: UInt32 = 0
      repeat {
        let (name, nameOffset) = try syntax { (s) throws(JSONScanner.SyntaxError) in try s.memberName() }
        let valueOffset = try value(depth + 1)
        guard let which = allowed.firstIndex(where: { scanner.equals(name, $0) }) else {
          let key = scanner.text(name)
          throw fail(
            valueOffset, path(),
            "unknown key '\(key)' (allowed: \(allowed.map { "\($0)" }.joined(separator: ", ")))")
        }
        guard seen & (1 << which) == 0 else {
          throw .syntax(JSONScanner.SyntaxError(offset: nameOffset, message: "duplicate member '\(allowed[which])'"))
        }
        seen |= 1 << which
        try body(&self, which, valueOffset)
      } while try syntax { (s) throws(JSONScanner.SyntaxError) in try s.nextMember() }
    }

    /// A number at `offset`, or nil (nothing read) when the value there is something else.
    package mutating func number(at offset: Int) throws(Failure) -> Double? {
      let byte = scanner.bytes[offset]
      guard byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else { return nil }
      return try syntax { (s) throws(JSONScanner.SyntaxError) in try s.number() }
    }

    /// Moves past the value at the scanner (checking its syntax).
    package mutating func skip(_ depth: Int) throws(Failure) {
      try syntax { (s) throws(JSONScanner.SyntaxError) in try s.skipValue(depth: depth) }
    }

    /// `[width, height]`, two finite numbers, neither negative.
    package mutating func size(at offset: Int, depth: Int, _ path: @autoclosure () -> String) throws(Failure)
      -> tessera_size
    {
      let expected = "expected [width, height] with two finite numbers, neither negative"
      guard scanner.bytes[offset] == UInt8(ascii: "[") else {
        throw fail(offset, path(), "\(expected), got \(got(offset))")
      }
      if let size = fastSize() { return size }
      // Count the elements first, as a person reads the message: "got 3 elements" before the third's type.
      var counter = scanner
      var count = 0
      if counter.beginArray() {
        do throws(JSONScanner.SyntaxError) {
          repeat {
            try counter.skipValue(depth: depth + 1)
            count += 1
          } while try counter.nextElement()
        } catch {
          throw .syntax(error)
        }
      }
      guard count == 2 else { throw fail(offset, path(), "\(expected), got \(count) element\(count == 1 ? "" : "s")") }
      _ = scanner.beginArray()
      var numbers = (0.0, 0.0)
      for index in 0..<2 {
        let part = try value(depth + 1)
        guard let n = try number(at: part) else {
          throw fail(part, "\(path())[\(index)]", "\(expected), got \(got(part))")
        }
        guard n >= 0 else {
          throw fail(part, "\(path())[\(index)]", "size must not be negative, got \(formatNumber(n))")
        }
        guard n <= Limits.coordinate else {
          throw fail(
            part, "\(path())[\(index)]",
            "size \(formatNumber(n)) is too large: the largest is \(Limits.coordinateText) points a side")
        }
        if index == 0 { numbers.0 = n } else { numbers.1 = n }
        _ = try syntax { (s) throws(JSONScanner.SyntaxError) in try s.nextElement() }
      }
      return tessera_size(width: numbers.0, height: numbers.1)
    }

    /// `[w, h]` with two numbers both in range, read in one go; nil (nothing read) for anything
    /// else, which the careful path reads again to say what is wrong.
    package mutating func fastSize() -> tessera_size? {
      let saved = scanner.index
      func number() -> Double? {
        scanner.skipWhitespace()
        guard let n = scanner.simpleNonNegativeNumber(), n <= Limits.coordinate else { return nil }
        scanner.skipWhitespace()
        return n
      }
      _ = scanner.beginArray()
      if let width = number(), scanner.next() == UInt8(ascii: ",") {
        scanner.index += 1
        if let height = number(), scanner.next() == UInt8(ascii: "]") {
          scanner.index += 1
          return tessera_size(width: width, height: height)
        }
      }
      scanner.index = saved
      return nil
    }

    package mutating func string(at offset: Int, _ path: @autoclosure () -> String) throws(Failure)
      -> JSONScanner.StringToken
    {
      guard scanner.bytes[offset] == UInt8(ascii: "\"") else {
        throw fail(offset, path(), "expected a string, got \(got(offset))")
      }
      let token = try syntax { (s) throws(JSONScanner.SyntaxError) in try s.string() }
      guard token.count > 0 else { throw fail(offset, path(), "must not be empty") }
      return token
    }

    package mutating func props(at offset: Int, depth: Int, _ path: @autoclosure () -> String) throws(Failure)
      -> [String: PropertyValue]
    {
      guard scanner.bytes[offset] == UInt8(ascii: "{") else {
        throw fail(offset, path(), "expected an object, got \(got(offset))")
      }
      var result: [String: PropertyValue] = [:]
      guard scanner.beginObject() else { return result }
      repeat {
        let (name, nameOffset) = try syntax { (s) throws(JSONScanner.SyntaxError) in try s.memberName() }
        let key = scanner.text(name)
        guard result[key] == nil else {
          throw .syntax(JSONScanner.SyntaxError(offset: nameOffset, message: "duplicate member '\(key)'"))
        }
        let valueOffset = try value(depth + 1)
        switch scanner.bytes[valueOffset] {
        case UInt8(ascii: "\""):
          let token = try syntax { (s) throws(JSONScanner.SyntaxError) in try s.string() }
          result[key] = .string(scanner.text(token))
        case UInt8(ascii: "t"):
          try syntax { (s) throws(JSONScanner.SyntaxError) in try s.literal("true") }
          result[key] = .bool(true)
        case UInt8(ascii: "f"):
          try syntax { (s) throws(JSONScanner.SyntaxError) in try s.literal("false") }
          result[key] = .bool(false)
        case UInt8(ascii: "["):
          var numbers: [Double] = []
          if scanner.beginArray() {
            repeat {
              let part = try value(depth + 2)
              guard let n = try number(at: part) else {
                throw fail(
                  part, "\(path()).\(key)[\(numbers.count)]", "property lists hold numbers only, got \(got(part))")
              }
              numbers.append(n)
            } while try syntax { (s) throws(JSONScanner.SyntaxError) in try s.nextElement() }
          }
          result[key] = .numbers(numbers)
        default:
          if let n = try number(at: valueOffset) {
            result[key] = .number(n)
          } else {
            throw fail(
              valueOffset, "\(path()).\(key)",
              "a property is a number, a string, a boolean or a list of numbers, got \(got(valueOffset))")
          }
        }
      } while try syntax { (s) throws(JSONScanner.SyntaxError) in try s.nextMember() }
      return result
    }

    package mutating func dataset() throws(Failure) -> Dataset {
      let root = try value(0)
      var sections: [DatasetSection]?
      try members(at: root, depth: 0, "dataset", allowed: ["sections"]) { (reader, _, offset) throws(Failure) in
        sections = try reader.sections(at: offset)
      }
      guard var sections else { throw fail(root, "dataset", "missing key 'sections' (a list of sections)") }
      try syntax { (s) throws(JSONScanner.SyntaxError) in try s.end() }
      // Every id was read into one column: each section takes its part.
      let all = ids.insertedIDs
      for s in sections.indices {
        let start = sectionStarts[s]
        var column = IDColumn()
        if sections.count == 1 {
          column = all
        } else {
          column.append(contentsOf: all, range: start..<start + sections[s].items.sizes.count)
        }
        sections[s].items.adopt(ids: column)
      }
      var dataset = Dataset(sections: sections)
      DatasetIDs.fillMissing(in: &dataset)
      return dataset
    }

    package mutating func sections(at offset: Int) throws(Failure) -> [DatasetSection] {
      guard scanner.bytes[offset] == UInt8(ascii: "[") else {
        throw fail(offset, "sections", "expected a list of sections, got \(got(offset))")
      }
      var result: [DatasetSection] = []
      var sectionIDs: [String: Int] = [:]
      guard scanner.beginArray() else { return result }
      repeat {
        guard result.count < Limits.loadedSections else {
          // Say how many there are, as the limit's message does.
          var counter = scanner
          var total = result.count
          do throws(JSONScanner.SyntaxError) {
            repeat {
              try counter.skipValue(depth: 2)
              total += 1
            } while try counter.nextElement()
          } catch {
            throw .syntax(error)
          }
          throw fail(offset, "sections", "\(total) sections is too many: the most is \(Limits.loadedSections)")
        }
        let s = result.count
        let path = "sections[\(s)]"
        let node = try value(2)
        sectionStarts.append(ids.count)
        var section = DatasetSection(id: "")
        var columns = SectionColumns()
        try members(at: node, depth: 2, path, allowed: ["id", "header", "footer", "props", "items"]) {
          (reader, key, valueOffset) throws(Failure) in
          switch key {
          case 0:
            let token = try reader.string(at: valueOffset, "\(path).id")
            section.id = reader.scanner.text(token)
            if let other = sectionIDs[section.id] {
              throw reader.fail(
                valueOffset, "\(path).id", "duplicate section id '\(section.id)' (also section \(other))")
            }
            sectionIDs[section.id] = s
          case 1: section.header = Size(try reader.size(at: valueOffset, depth: 3, "\(path).header"))
          case 2: section.footer = Size(try reader.size(at: valueOffset, depth: 3, "\(path).footer"))
          case 3: section.props = try reader.props(at: valueOffset, depth: 3, "\(path).props")
          default: try reader.items(at: valueOffset, section: s, path, into: &columns)
          }
        }
        section.items = ItemList(loaded: columns)
        result.append(section)
      } while try syntax { (s) throws(JSONScanner.SyntaxError) in try s.nextElement() }
      return result
    }

    /// The index path of the item with ordinal `ordinal`.
    package func place(of ordinal: Int) -> IndexPath {
      var s = sectionStarts.count - 1
      while s > 0 && sectionStarts[s] > ordinal { s -= 1 }
      return IndexPath(s, ordinal - sectionStarts[s])
    }
  }
}
