#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The messages between the supervisor and its engine, over two pipes. A frame is one header
/// line, `VERB LENGTHS key=value ...\n`, then the blobs whose byte lengths LENGTHS lists
/// (comma-separated, `-` for none), back to back. Blobs carry command text and output as is,
/// so nothing needs escaping; keys and values are plain words.
///
/// Supervisor → engine:
/// - `exec [line]`: run a command; `replay [line, reads]`: run a journaled command against the
///   snapshots of the files it read (`reads` is `path NUL snapshot NUL ...`), printing nothing;
/// - `complete [line]`: tab-completion candidates.
///
/// Engine → supervisor:
/// - `done [output, reads]` with `failed=0|1`, `quiet=0|1` (nothing to print), `quit=0|1`,
///   `batch=0|1` (a multi-line batch is open), `format=table|json`, `watchdog=MS`;
/// - `candidates [one per line]`.
public struct EngineFrame: Equatable, Sendable {
  public var verb: String
  public var blobs: [[UInt8]]
  public var meta: [String: String]

  public init(_ verb: String, _ blobs: [[UInt8]] = [], meta: [String: String] = [:]) {
    self.verb = verb
    self.blobs = blobs
    self.meta = meta
  }

  /// The largest blob a frame may carry: 4 GiB, far above any real output.
  static let maximumBlob = 1 << 32

  public var encoded: [UInt8] {
    var header = verb + " " + (blobs.isEmpty ? "-" : blobs.map { String($0.count) }.joined(separator: ","))
    for key in meta.keys.sorted() { header += " \(key)=\(meta[key]!)" }
    var bytes = Array(header.utf8) + [10]
    for blob in blobs { bytes += blob }
    return bytes
  }

  public func string(_ index: Int) -> String {
    index < blobs.count ? String(decoding: blobs[index], as: UTF8.self) : ""
  }

  public func flag(_ key: String) -> Bool { meta[key] == "1" }

  /// `path NUL snapshot NUL ...` pairs.
  static func encodePairs(_ pairs: [(String, String)]) -> [UInt8] {
    var bytes: [UInt8] = []
    for (a, b) in pairs { bytes += Array(a.utf8) + [0] + Array(b.utf8) + [0] }
    return bytes
  }

  static func decodePairs(_ bytes: [UInt8]) -> [(String, String)] {
    let fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    return stride(from: 0, to: fields.count - 1, by: 2).map { (fields[$0], fields[$0 + 1]) }
  }
}

/// Reads frames from a file descriptor.
public final class EngineFrameReader {
  let fd: Int32
  private var buffer: [UInt8] = []
  private var start = 0

  public init(fd: Int32) {
    self.fd = fd
  }

  /// Bytes buffered but not yet consumed: a `poll` on the descriptor does not see them.
  public var hasBufferedBytes: Bool { start < buffer.count }

  /// The next frame; nil at the end of the stream or on a malformed frame.
  public func next() -> EngineFrame? {
    guard let newline = readUntilNewline() else { return nil }
    let header = String(decoding: buffer[start..<newline], as: UTF8.self)
    start = newline + 1
    let words = header.split(separator: " ").map(String.init)
    guard words.count >= 2 else { return nil }
    var lengths: [Int] = []
    if words[1] != "-" {
      for word in words[1].split(separator: ",") {
        guard let length = Int(word), length >= 0, length <= EngineFrame.maximumBlob else { return nil }
        lengths.append(length)
      }
    }
    var meta: [String: String] = [:]
    for word in words.dropFirst(2) {
      guard let equals = word.firstIndex(of: "=") else { return nil }
      meta[String(word[..<equals])] = String(word[word.index(after: equals)...])
    }
    var blobs: [[UInt8]] = []
    for length in lengths {
      guard fill(length) else { return nil }
      blobs.append(Array(buffer[start..<start + length]))
      start += length
    }
    compact()
    return EngineFrame(words[0], blobs, meta: meta)
  }

  private func readUntilNewline() -> Int? {
    var searched = start
    while true {
      if let newline = buffer[searched...].firstIndex(of: 10) { return newline }
      searched = buffer.count
      guard searched - start < 1 << 16, readMore() else { return nil }  // a header is short
    }
  }

  private func fill(_ count: Int) -> Bool {
    while buffer.count - start < count {
      guard readMore(atLeast: count - (buffer.count - start)) else { return false }
    }
    return true
  }

  /// Reads what is available (up to 64 KiB, or more when a large blob is awaited) and appends
  /// only the bytes read.
  private func readMore(atLeast wanted: Int = 0) -> Bool {
    let chunk = max(1 << 16, min(wanted, 1 << 26))
    if scratch.count < chunk { scratch = [UInt8](repeating: 0, count: chunk) }
    while true {
      let count = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress!, chunk) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      scratch.withUnsafeBufferPointer { buffer.append(contentsOf: $0[0..<count]) }
      return true
    }
  }

  private var scratch: [UInt8] = []

  private func compact() {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
      start = 0
    } else if start > 1 << 20 {
      buffer.removeFirst(start)
      start = 0
    }
  }
}
