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
}
