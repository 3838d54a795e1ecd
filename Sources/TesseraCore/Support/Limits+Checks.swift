import TesseraKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The checks that enforce `Limits`, each with a message that says what was wrong and what is
/// allowed.
extension Limits {
  /// A coordinate or length a person typed: within ±1e9.
  package static func checkCoordinate(_ value: Double, _ what: @autoclosure () -> String) throws(HostError) {
    guard value.magnitude <= coordinate else {
      throw HostError(
        .limit,
        "\(what()) \(formatNumber(value)) is too large: coordinates and lengths must be within ±\(coordinateText) points"
      )
    }
  }

  /// How far an offset may go on each axis for `content` in a viewport of `viewport`: ±1e9
  /// points, or the content's size and the viewport's when larger (never past `offset`).
  package static func offsetLimits(content: Size, viewport: Size) -> (x: Double, y: Double) {
    (
      min(offset, max(coordinate, content.width + viewport.width)),
      min(offset, max(coordinate, content.height + viewport.height))
    )
  }

  /// A scroll offset a person typed: at most `offset` (the content decides the rest).
  package static func checkOffset(_ value: Double, _ what: @autoclosure () -> String) throws(HostError) {
    guard value.magnitude <= offset else {
      throw HostError(
        .limit,
        "\(what()) \(formatNumber(value)) is too large: offsets must be within ±\(coordinateText) points, or the content's size and the viewport's when larger"
      )
    }
  }

  /// A size a person typed: each side at most 1e9.
  package static func checkSize(_ size: Size, _ what: @autoclosure () -> String) throws(HostError) {
    guard size.width <= coordinate, size.height <= coordinate else {
      throw HostError(
        .limit, "\(what()) \(size.formatted) is too large: the largest is \(coordinateText) points on each side")
    }
  }

  /// Refuses `what` when about `items` items would not fit in the memory available now.
  package static func checkMemory(items: Int, for what: @autoclosure () -> String) throws(HostError) {
    try checkMemory(bytes: items.multipliedReportingOverflow(by: bytesPerItem), for: "\(what()) (\(items) items)")
  }

  package static func checkMemory(bytes: (partialValue: Int, overflow: Bool), for what: @autoclosure () -> String)
    throws(HostError)
  {
    guard let available = availableMemory(), bytes.overflow || bytes.partialValue > available else { return }
    let needed = bytes.overflow ? "more than \(Int.max >> 20)" : String(bytes.partialValue >> 20)
    throw HostError(
      .limit, "\(what()) needs about \(needed) MB, but only \(available >> 20) MB of memory is available (MemAvailable)"
    )
  }

  /// `MemAvailable` from /proc/meminfo, in bytes; nil where it cannot be read (then nothing is
  /// refused for memory).
  package static func availableMemory() -> Int? {
    memoryInfo("MemAvailable")
  }

  /// A `/proc/meminfo` figure (`MemTotal`, `MemAvailable`), in bytes; nil where it cannot be read.
  package static func memoryInfo(_ key: String) -> Int? {
    guard let file = fopen("/proc/meminfo", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard text.hasPrefix(key + ":") else { continue }
      guard let kilobytes = Int(text.dropFirst(key.count + 1).filter(\.isNumber)) else { return nil }
      let (bytes, overflow) = kilobytes.multipliedReportingOverflow(by: 1024)
      return overflow ? Int.max : bytes
    }
    return nil
  }

  /// Refuses, before it is opened, a file `load` or `apply` should not read: not a regular file
  /// (a FIFO, a device such as /dev/zero, a socket), larger than 1 GiB, or needing more memory to
  /// parse than is available.
  package static func checkReadable(kind: mode_t, size: Int, shownAs shown: String) throws(HostError) {
    guard kind == S_IFREG else {
      let what =
        switch kind {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
      throw HostError(.io, "cannot read \(shown): it is \(what); only regular files are read")
    }
    guard size <= fileBytes else { throw fileTooLarge(shown) }
    try checkMemory(bytes: size.multipliedReportingOverflow(by: parseBytesPerFileByte), for: "reading \(shown)")
  }

  package static func fileTooLarge(_ shown: String) -> HostError {
    HostError(.limit, "cannot read \(shown): it is larger than 1 GiB (\(fileBytes) bytes), the largest file read")
  }
}
