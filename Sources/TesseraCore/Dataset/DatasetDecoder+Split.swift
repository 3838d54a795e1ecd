import TesseraABI

/// A long list of items read in two halves at once: while the reader goes through the first half,
/// a thread of its own reads from a guessed item start in the middle to the list's end. The guess
/// is a place after the middle where one object ends and another starts (`}` `,` `{`). When the
/// reader then arrives at exactly that offset as the start of an item, the thread read what the
/// reader would have (reading an item depends only on the bytes from its start), and its columns
/// and ids are appended. Anything else — the guess was inside a string, the thread found an error,
/// the two halves hold more items than allowed — and the thread's work is dropped: the reader goes
/// on alone, and reports every error as it always does.
extension DatasetDecoder {
  /// Lists with fewer bytes than this after their start are read by the reader alone.
  package static let splitThreshold = 4 << 20

  /// The second half's reading, owned by its thread until joined.
  package final class TailRead: @unchecked Sendable {
    /// The item start the thread reads from.
    package let start: Int
    private var reader: Reader
    private var columns = SectionColumns()
    /// The offset after the list's closing `]`, when the thread read to it without an error.
    private var end: Int?
    private var job: BackgroundJob?

    /// Starts reading the items from a guessed item start in the second half of
    /// `scanner.bytes[from...]`, or returns nil when the rest is short or no guess is found.
    package static func start(
      after from: Int, in scanner: JSONScanner, threshold: Int, file: String, readsCommonItems: Bool
    ) -> TailRead? {
      let bytes = scanner.bytes
      guard bytes.count - from >= threshold,
        let guess = Self.itemStart(after: from + (bytes.count - from) / 2, in: bytes)
      else { return nil }
      var tail = scanner
      tail.index = guess
      var reader = Reader(scanner: tail, file: file, expected: (bytes.count - guess) / 35)
      reader.readsCommonItems = readsCommonItems
      let read = TailRead(start: guess, reader: reader)
      read.job = BackgroundJob { read.run() }
      return read
    }

    private init(start: Int, reader: Reader) {
      self.start = start
      self.reader = reader
    }

    /// The first `{` after `offset` that follows `}` and `,` (whitespace between).
    static func itemStart(after offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
      var index = offset
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "}") {
          var next = index + 1
          func skip() {
            while next < bytes.count,
              bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x09 || bytes[next] == 0x0D
            {
              next += 1
            }
          }
          skip()
          if next < bytes.count, bytes[next] == UInt8(ascii: ",") {
            next += 1
            skip()
            if next < bytes.count, bytes[next] == UInt8(ascii: "{") { return next }
          }
        }
        index += 1
      }
      return nil
    }

    private func run() {
      do throws(Failure) {
        repeat {
          guard reader.ids.count < Limits.loadedItems else { return }
          let node = try reader.quickValue(4)
          try reader.item(at: node, section: 0, item: reader.ids.count, "", into: &columns)
        } while try reader.syntax { (s) throws(JSONScanner.SyntaxError) in try s.nextElement() }
        end = reader.scanner.index
      } catch {
        end = nil
      }
    }

    /// Waits for the thread; its items appended to `columns` and `reader.ids`, and the offset
    /// after the list, when it read to the list's end and the total stays within the limit.
    package func finish(into columns: inout SectionColumns, _ ids: inout IDIndex) -> Int? {
      job?.join()
      job = nil
      guard let end, ids.count + reader.ids.count <= Limits.loadedItems else { return nil }
      columns.append(self.columns)
      ids.append(collected: reader.ids)
      return end
    }

    /// Waits for the thread and drops what it read.
    package func discard() {
      job?.join()
      job = nil
    }

    deinit { job?.join() }
  }
}

extension DatasetDecoder.SectionColumns {
  /// Appends another part of the same section's items, read after these.
  package mutating func append(_ other: Self) {
    let base = sizes.count
    sizes += other.sizes
    flags += other.flags
    if !other.estimates.isEmpty {
      if estimates.isEmpty { estimates = Array(repeating: tessera_size(), count: base) }
      estimates += other.estimates
    } else if !estimates.isEmpty {
      estimates += Array(repeating: tessera_size(), count: other.sizes.count)
    }
    props.append(whole: other.props, base: base)
  }
}
