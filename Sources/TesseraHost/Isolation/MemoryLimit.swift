#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How much memory an engine may hold: a plugin that allocates without end (a memory bomb) is
/// stopped at this limit and reported as the plugin's fault, before the machine starts to swap.
/// The supervisor reads the engine's resident size while it waits for an answer (every 100 ms).
public enum MemoryLimit {
  /// Whole gigabytes a person may choose (`--memory-limit`).
  public static let allowed: ClosedRange<Double> = 0.25...1024

  /// Half the machine's memory, at least 1 GB (or all of it when it has less).
  public static var defaultGigabytes: Double {
    guard let total = physicalBytes else { return 4 }
    let half = Double(total) / 2 / gigabyte
    return min(max(half, 1), Double(total) / gigabyte).roundedToQuarter
  }

  static let gigabyte = 1024.0 * 1024 * 1024

  /// The machine's memory (`MemTotal` in /proc/meminfo).
  static var physicalBytes: Int? { Limits.memoryInfo("MemTotal") }

  /// A process's resident memory in bytes (the second figure of /proc/PID/statm, in pages);
  /// nil once it is gone.
  static func residentBytes(of pid: pid_t) -> Int? {
    guard let file = fopen("/proc/\(pid)/statm", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, Int32(line.count), file) != nil else { return nil }
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let figures = text.split(separator: " ")
    guard figures.count > 1, let pages = Int(figures[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// `gigabytes` as it is printed: `2 GB`, `0.5 GB`.
  public static func describe(_ gigabytes: Double) -> String {
    "\(formatNumber(gigabytes)) GB"
  }
}

extension Double {
  fileprivate var roundedToQuarter: Double { (self * 4).rounded(.down) / 4 }
}
