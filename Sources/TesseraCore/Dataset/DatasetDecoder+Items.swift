import TesseraABI
import TesseraKit

/// The hot loop of a load: a section's list of items, each read straight into the columns.
extension DatasetDecoder.Reader {
  package mutating func items(
    at offset: Int, section s: Int, _ sectionPath: String, into columns: inout DatasetDecoder.SectionColumns
  )
    throws(DatasetDecoder.Failure)
  {
    guard scanner.bytes[offset] == UInt8(ascii: "[") else {
      throw fail(offset, "\(sectionPath).items", "expected a list of items, got \(got(offset))")
    }
    guard scanner.beginArray() else { return }
    let first = ids.count
    var tail =
      ids.indexes
      ? nil
      : DatasetDecoder.TailRead.start(
        after: scanner.index, in: scanner, threshold: splitThreshold, file: file, readsCommonItems: readsCommonItems)
    defer { tail?.discard() }
    repeat {
      guard ids.count < Limits.loadedItems else {
        throw fail(
          offset, "\(sectionPath).items", "the dataset has more than \(Limits.loadedItems) items, the most allowed")
      }
      let i = ids.count - first
      let node = try quickValue(4)
      if let read = tail, node >= read.start {
        tail = nil
        if node == read.start, let end = read.finish(into: &columns, &ids) {
          scanner.index = end
          return
        }
        read.discard()
      }
      try item(at: node, section: s, item: i, sectionPath, into: &columns)
    } while try syntax { (s) throws(JSONScanner.SyntaxError) in try s.nextElement() }
  }

  package static let itemKeys: [StaticString] = ["id", "size", "estimated", "props"]

  /// Which item key a name is (`itemKeys` order), by length and first byte; nil: unknown.
  @inline(__always) package func itemKey(_ name: JSONScanner.StringToken) -> Int? {
    let key: Int
    switch name.count {
    case 2: key = 0
    case 4: key = 1
    case 9: key = 2
    case 5: key = 3
    default: return nil
    }
    return scanner.equals(name, Self.itemKeys[key]) ? key : nil
  }

  /// One item, read straight into the section's columns (the hot loop of a load: no closure,
  /// no allocation for an item without properties).
  package mutating func item(
    at offset: Int, section s: Int, item i: Int, _ sectionPath: String,
    into columns: inout DatasetDecoder.SectionColumns
  ) throws(DatasetDecoder.Failure) {
    func path() -> String { "\(sectionPath).items[\(i)]" }
    guard scanner.bytes[offset] == UInt8(ascii: "{") else {
      throw fail(offset, path(), "expected an object, got \(got(offset))")
    }
    if readsCommonItems, commonItem(at: offset, into: &columns) { return }
    var size: tessera_size?
    var estimated: tessera_size?
    var props: [String: PropertyValue] = [:]
    var hasID = false
    if scanner.beginObject() {
      var seen: UInt32 = 0
      repeat {
        scanner.skipWhitespace()
        let nameOffset = scanner.index
        let name: JSONScanner.StringToken
        if let simple = scanner.simpleMemberName() {
          name = simple
        } else {
          name = try syntax { (s) throws(JSONScanner.SyntaxError) in try s.memberName() }.0
        }
        let valueOffset = try quickValue(5)
        guard let key = itemKey(name) else {
          throw fail(
            valueOffset, path(), "unknown key '\(scanner.text(name))' (allowed: id, size, estimated, props)")
        }
        guard seen & (1 << key) == 0 else {
          throw .syntax(
            JSONScanner.SyntaxError(offset: nameOffset, message: "duplicate member '\(Self.itemKeys[key])'"))
        }
        seen |= 1 << key
        switch key {
        case 0:
          let token = try string(at: valueOffset, "\(path()).id")
          let duplicate = scanner.withBytes(token) { ids.insert(utf8: $0) }
          if let other = duplicate {
            throw fail(
              valueOffset, "\(path()).id",
              "duplicate item id '\(scanner.text(token))' at \(IndexPath(s, i)) (also at \(place(of: other)))")
          }
          hasID = true
        case 1: size = try self.size(at: valueOffset, depth: 5, "\(path()).size")
        case 2: estimated = try self.size(at: valueOffset, depth: 5, "\(path()).estimated")
        default: props = try self.props(at: valueOffset, depth: 5, "\(path()).props")
        }
      } while try syntax { (s) throws(JSONScanner.SyntaxError) in try s.nextMember() }
    }
    store(hasID: hasID, size: size, estimated: estimated, into: &columns)
    if !props.isEmpty { columns.props.set(props, at: columns.sizes.count - 1) }
  }

  /// An item's columns, after its id went into `ids` (when it has one).
  @inline(__always) mutating func store(
    hasID: Bool, size: tessera_size?, estimated: tessera_size?, into columns: inout DatasetDecoder.SectionColumns
  ) {
    if !hasID { ids.appendUnindexed() }
    columns.sizes.append(size ?? tessera_size())
    columns.flags.append((size != nil ? ItemList.hasSize : 0) | (estimated != nil ? ItemList.hasEstimate : 0))
    if let estimated {
      if columns.estimates.isEmpty {
        columns.estimates = Array(repeating: tessera_size(), count: columns.sizes.count - 1)
      }
      columns.estimates.append(estimated)
    } else if !columns.estimates.isEmpty {
      columns.estimates.append(tessera_size())
    }
  }
}
