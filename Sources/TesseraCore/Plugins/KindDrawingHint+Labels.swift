import TesseraKit

/// What the host reads from a layout's drawing hint (`tessera.drawing/1`, the SDK's
/// `KindDrawingHint`, read back from its C table) when it draws: the label an element's custom
/// values give it. Kinds without a hint are drawn as boxes.
extension KindDrawingHint {
  /// The label the element's custom values give it, when the hint names one it has.
  package func customLabel(_ element: Element) -> String? {
    guard let label, let value = element.custom.first(where: { $0.key == label.key })?.value else { return nil }
    switch label.format {
    case .number: return formatNumber(value)
    case .date:
      guard let day = Int(exactly: value), abs(day) <= CalendarDay.largest else { return formatNumber(value) }
      return CalendarDay.iso(day)
    }
  }

  /// How a kind without a hint is drawn.
  public static let box = KindDrawingHint(nil, .box)
}
