#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's memory, as the kernel counts it: resident now (VmRSS) and at its highest so far
/// (VmHWM), in MiB, read from /proc/self/status (getrusage's peak where that file is missing).
public enum MemoryProbe {
  public static func residentMiB() -> Double {
    statusKiB("VmRSS:").map { $0 / 1024 } ?? peakMiB()
  }

  /// Starts a new peak at the current resident size (Linux: `5` to /proc/self/clear_refs), so
  /// one process can measure several runs; false where that is not possible.
  @discardableResult public static func resetPeak() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
  }

  public static func peakMiB() -> Double {
    if let kib = statusKiB("VmHWM:") { return kib / 1024 }
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  /// A `Key:   1234 kB` line of /proc/self/status.
  static func statusKiB(_ key: String) -> Double? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard text.hasPrefix(key) else { continue }
      let digits = text.dropFirst(key.count).filter { $0.isNumber }
      return Double(String(digits))
    }
    return nil
  }
}
