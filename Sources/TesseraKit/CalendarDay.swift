/// Days as the timeline counts them: whole days since 1970-01-01 (day 0), in the proleptic
/// Gregorian calendar, so a `day` prop may be a number or an ISO date and both mean the same day.
public enum CalendarDay {
  /// The largest day number the timeline takes either side of 1970-01-01 (about 270,000 years):
  /// far beyond any dataset, and small enough that every computation stays exact.
  public static let largest = 100_000_000

  /// The day of an ISO date `YYYY-MM-DD` (years 0001–9999), or nil when the text is not one.
  public static func parse(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
        guard digit >= 0, digit <= 9 else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), year >= 1,
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
    else { return nil }
    return days(year: year, month: month, day: day)
  }

  public static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
  public static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day number (`civil_from_days`).
  public static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The first day of the month holding `days`.
  public static func monthStart(_ days: Int) -> Int {
    let date = civil(days)
    return self.days(year: date.year, month: date.month, day: 1)
  }

  /// The first day of the next month after the one that starts at `start`.
  public static func nextMonth(after start: Int) -> Int {
    let date = civil(start)
    return date.month == 12
      ? days(year: date.year + 1, month: 1, day: 1) : days(year: date.year, month: date.month + 1, day: 1)
  }

  /// The Monday on or before `days` (1970-01-01 was a Thursday: day 4 is a Monday).
  public static func weekStart(_ days: Int) -> Int {
    let offset = ((days - 4) % 7 + 7) % 7
    return days - offset
  }

  /// `YYYY-MM-DD`, for messages.
  public static func iso(_ days: Int) -> String {
    let date = civil(days)
    func pad(_ n: Int, _ width: Int) -> String {
      let text = String(n)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
  }
}
