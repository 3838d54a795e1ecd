import TesseraABI

/// The item nearly every dataset is made of — `{"id": "a1", "size": [120, 80]}`, with an
/// `estimated` size at times — read in one pass over its bytes: members named plainly, an id
/// without escapes (and not empty), sizes of two plain numbers in range. Anything else (props, an escape, an
/// unknown or repeated key, a number the careful reader must look at, a repeated id while ids
/// are checked at once) is left to the general reader, with nothing read or stored: it reads
/// the item again and says what is wrong, as it always did.
extension DatasetDecoder.Reader {
  @inline(__always) mutating func commonItem(at offset: Int, into columns: inout DatasetDecoder.SectionColumns)
    -> Bool
  {
    if readCommonItem(at: offset, into: &columns) { return true }
    scanner.index = offset
    return false
  }

  @inline(__always) private mutating func readCommonItem(
    at offset: Int, into columns: inout DatasetDecoder.SectionColumns
  ) -> Bool {
    let bytes = scanner.bytes
    let count = bytes.count
    var i = offset + 1
    @inline(__always) func skipWhitespace() {
      while i < count {
        let byte = bytes[i]
        guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
        i += 1
      }
    }
    /// True (and past it) when the bytes at `i` are `name` and its closing quote.
    @inline(__always) func name(_ name: StaticString) -> Bool {
      let length = name.utf8CodeUnitCount
      guard i + length < count, bytes[i + length] == UInt8(ascii: "\"") else { return false }
      let start = name.utf8Start
      for k in 0..<length where bytes[i + k] != start[k] { return false }
      i += length + 1
      return true
    }
    var id: Range<Int>?
    var size: tessera_size?
    var estimated: tessera_size?
    skipWhitespace()
    while true {
      guard i < count, bytes[i] == UInt8(ascii: "\"") else { return false }
      i += 1
      let key: Int
      if name("id") {
        key = 0
      } else if name("size") {
        key = 1
      } else if name("estimated") {
        key = 2
      } else {
        return false
      }
      skipWhitespace()
      guard i < count, bytes[i] == UInt8(ascii: ":") else { return false }
      i += 1
      skipWhitespace()
      guard i < count else { return false }
      switch key {
      case 0:
        guard id == nil, bytes[i] == UInt8(ascii: "\"") else { return false }
        i += 1
        let start = i
        while i < count, bytes[i] != UInt8(ascii: "\"") {
          guard bytes[i] >= 0x20, bytes[i] != UInt8(ascii: "\\") else { return false }
          i += 1
        }
        guard i < count, i > start else { return false }
        id = start..<i
        i += 1
      default:
        guard (key == 1 ? size : estimated) == nil, bytes[i] == UInt8(ascii: "[") else { return false }
        scanner.index = i
        guard let read = fastSize() else { return false }
        i = scanner.index
        if key == 1 { size = read } else { estimated = read }
      }
      skipWhitespace()
      guard i < count else { return false }
      if bytes[i] == UInt8(ascii: "}") { break }
      guard bytes[i] == UInt8(ascii: ",") else { return false }
      i += 1
      skipWhitespace()
    }
    if let id {
      let repeated = ids.insert(utf8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[id])))
      guard repeated == nil else { return false }
    }
    store(hasID: id != nil, size: size, estimated: estimated, into: &columns)
    scanner.index = i + 1
    return true
  }
}
