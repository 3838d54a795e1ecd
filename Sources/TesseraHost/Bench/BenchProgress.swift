#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a long benchmark is doing, on one line of a terminal's standard error, rewritten in
/// place; silent when standard error is not a terminal, so logs and `--json` stay clean.
public struct BenchProgress: Sendable {
  public let isShown: Bool

  public init(isShown: Bool) {
    self.isShown = isShown
  }

  /// Shown when standard error is a terminal.
  public static var terminal: BenchProgress { BenchProgress(isShown: isatty(2) == 1) }
  public static let silent = BenchProgress(isShown: false)

  public func show(_ message: String) {
    guard isShown else { return }
    write("\r\u{1B}[K\(message)…")
  }

  /// Clears the line before the results are printed.
  public func clear() {
    guard isShown else { return }
    write("\r\u{1B}[K")
  }

  /// Straight to file descriptor 2, unbuffered.
  private func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
  }
}
