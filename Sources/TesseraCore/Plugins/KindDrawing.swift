import TesseraKit

/// How a layout asks for one of its kinds to be drawn (a drawing hint). Kinds without one are
/// drawn as boxes.
public struct KindDrawing: Sendable, Equatable {
  public enum Shape: String, Sendable {
    /// The frame as a rectangle.
    case box
    /// A diagonal of the frame (a connector); a frame with zero height or width is a straight line.
    case line
    /// A dot at the frame's centre, as big as the frame's smaller side (at least 4 pixels across).
    case dot
  }

  /// Which diagonal a line takes when its flip value is 0 or absent.
  public enum LineDirection: String, Sendable {
    /// From the frame's bottom-left corner to its top-right corner.
    case rising
    /// From the frame's top-left corner to its bottom-right corner.
    case falling
  }

  public var shape: Shape
  /// For lines: the diagonal drawn when `custom[flipKey]` is 0 or absent.
  public var direction: LineDirection
  /// For lines: the custom value that flips the direction; a line takes the other diagonal
  /// when the element's `custom[flipKey]` is not 0.
  ///
  /// The schematic's connectors say `startTop = 1` when the parent (the left end) is the lower,
  /// so they are `KindDrawing(shape: .line, direction: .falling, flipKey: "startTop")`.
  public var flipKey: String?

  /// How a label reads a custom value.
  public enum LabelFormat: String, Sendable {
    case number
    /// Days since 1970-01-01, shown as `YYYY-MM-DD`.
    case date
  }

  /// For boxes: the custom value an element is labelled with (its index path goes to a second
  /// line), and how it reads; nil: the index path.
  public var labelKey: String?
  public var labelFormat: LabelFormat

  public init(
    shape: Shape, direction: LineDirection = .rising, flipKey: String? = nil, labelKey: String? = nil,
    labelFormat: LabelFormat = .number
  ) {
    self.shape = shape
    self.direction = direction
    self.flipKey = flipKey
    self.labelKey = labelKey
    self.labelFormat = labelFormat
  }

  /// The label the element's custom values give it, when the hint names one it has.
  package func customLabel(_ element: Element) -> String? {
    guard let labelKey, let value = element.custom.first(where: { $0.key == labelKey })?.value else { return nil }
    switch labelFormat {
    case .number: return formatNumber(value)
    case .date:
      guard let day = Int(exactly: value), abs(day) <= CalendarDay.largest else { return formatNumber(value) }
      return CalendarDay.iso(day)
    }
  }

  public static let box = KindDrawing(shape: .box)
}
