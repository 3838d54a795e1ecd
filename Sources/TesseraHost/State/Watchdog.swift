/// The limits of the `watchdog` setting, shared by the command and `--watchdog`.
public enum Watchdog {
  public static let allowed: ClosedRange<Double> = 0.1...86_400
  public static var describedRange: String {
    "\(formatNumber(allowed.lowerBound)) and \(formatNumber(allowed.upperBound))"
  }
}
