/// The limits of the `watchdog` setting, shared by the command and `--watchdog`.
public enum Watchdog {
  public static let allowed: ClosedRange<Double> = 0.1...86_400
  public static var describedRange: String {
    "\(formatNumber(allowed.lowerBound)) and \(formatNumber(allowed.upperBound))"
  }
}

extension Session {
  /// Sets the watchdog (the supervisor reads it after each command); out-of-range values are
  /// clamped (the command and the option refuse them first).
  public func setWatchdog(seconds: Double) {
    watchdogSeconds = min(max(seconds, Watchdog.allowed.lowerBound), Watchdog.allowed.upperBound)
  }

  func watchdogCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count <= 1 else { throw HostError.usage("watchdog takes at most one number of seconds") }
    if let word = args.first {
      guard let seconds = parseNumber(word), Watchdog.allowed.contains(seconds) else {
        throw HostError.usage("watchdog takes a number of seconds between \(Watchdog.describedRange), not '\(word)'")
      }
      watchdogSeconds = seconds
    }
    return .confirm("watchdog \(formatNumber(watchdogSeconds)) s", "watchdog", .number(watchdogSeconds))
  }
}
