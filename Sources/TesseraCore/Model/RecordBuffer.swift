import TesseraABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The buffer plugins write attribute records into, with an inaccessible guard page right
/// after its last record: a plugin that writes past the capacity it was given faults at once,
/// inside its own call (which the supervisor then reports), instead of corrupting the host's
/// heap and crashing some later, unrelated command.
///
/// ```
///  | unused | record 0 | record 1 | ... | record n-1 | guard page (PROT_NONE) |
///                                                   ^ end of the last record
/// ```
package final class RecordBuffer {
  private static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
  private static let stride = MemoryLayout<tessera_attributes>.stride

  package private(set) var records: UnsafeMutablePointer<tessera_attributes>
  package private(set) var capacity: Int
  private var mapping: UnsafeMutableRawPointer
  private var mappedBytes: Int

  /// Room for at least `minimumCapacity` records; nil when the memory cannot be mapped.
  init?(minimumCapacity: Int) {
    guard let (mapping, bytes, records, capacity) = Self.map(minimumCapacity) else { return nil }
    (self.mapping, mappedBytes, self.records, self.capacity) = (mapping, bytes, records, capacity)
  }

  deinit {
    munmap(mapping, mappedBytes)
  }

  /// Replaces the buffer with one of at least `minimumCapacity` records (the old records are
  /// not kept). Returns false, keeping the old buffer, when the memory cannot be mapped.
  package func grow(to minimumCapacity: Int) -> Bool {
    guard let (mapping, bytes, records, capacity) = Self.map(minimumCapacity) else { return false }
    munmap(self.mapping, mappedBytes)
    (self.mapping, mappedBytes, self.records, self.capacity) = (mapping, bytes, records, capacity)
    return true
  }

  /// The last record, at its defaults with `struct_size` saying how much room it has: where
  /// single-record queries are answered, against the guard.
  package func singleRecord() -> UnsafeMutablePointer<tessera_attributes> {
    let slot = records + (capacity - 1)
    slot.initialize(to: tessera_attributes.defaults)
    return slot
  }

  private static func map(_ minimumCapacity: Int) -> (
    UnsafeMutableRawPointer, Int, UnsafeMutablePointer<tessera_attributes>, Int
  )? {
    let (recordBytes, overflow) = max(minimumCapacity, 1).multipliedReportingOverflow(by: stride)
    guard !overflow, recordBytes <= Int.max / 2 else { return nil }
    let dataBytes = (recordBytes + pageSize - 1) / pageSize * pageSize
    let total = dataBytes + pageSize
    guard let mapping = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      mapping != MAP_FAILED
    else { return nil }
    guard mprotect(mapping + dataBytes, pageSize, PROT_NONE) == 0 else {
      munmap(mapping, total)
      return nil
    }
    // As many whole records as the data pages hold, ending exactly at the guard page.
    let capacity = dataBytes / stride
    let start = mapping + (dataBytes - capacity * stride)
    let records = start.bindMemory(to: tessera_attributes.self, capacity: capacity)
    return (mapping, total, records, capacity)
  }
}
