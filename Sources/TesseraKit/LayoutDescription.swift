/// How a layout describes itself without being instantiated: the host builds `help`, option
/// validation and tab completion from this.
public struct LayoutDescription: Sendable {
  public var name: String
  public var summary: String
  public var options: [OptionDescription]
  /// Supplementary and decoration kinds the layout produces (cells are implied).
  public var kinds: [ElementKind]
  /// Names of the custom values (`LayoutAttributes.custom`), by index.
  public var customKeys: [String]
  /// How pictures should draw some kinds (the `tessera.drawing/1` extension); kinds not listed
  /// are drawn as boxes.
  public var drawings: [KindDrawingHint]
  /// The option `zoom FACTOR` multiplies (the `tessera.zoom/1` extension): one of `options`, a
  /// number, integer or size — the timeline's points per day, a grid's item size. nil: the
  /// layout does not zoom.
  public var zoomOption: String?
  /// Where the content stretches with the zoom option: `.x` for the timeline's days, both for a
  /// grid's item size.
  public var zoomAxes: ZoomAxes
  /// Whether the layout's attributes move with time (the `tessera.clock/1` extension): its
  /// `advance(by:)` runs on every frame of the workbench's clock. A springy layout with a
  /// `UIDynamicAnimator` does; most layouts do not.
  public var movesWithTime: Bool

  /// The axes a zoom scale stretches the content along.
  public struct ZoomAxes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let x = ZoomAxes(rawValue: 1)
    public static let y = ZoomAxes(rawValue: 2)
    public static let both: ZoomAxes = [.x, .y]
  }

  public init(
    name: String, summary: String, options: [OptionDescription] = [], kinds: [ElementKind] = [],
    customKeys: [String] = [], drawings: [KindDrawingHint] = [], zoomOption: String? = nil,
    zoomAxes: ZoomAxes = .both, movesWithTime: Bool = false
  ) {
    self.movesWithTime = movesWithTime
    self.zoomOption = zoomOption
    self.zoomAxes = zoomAxes
    self.name = name
    self.summary = summary
    self.options = options
    self.kinds = kinds
    self.customKeys = customKeys
    self.drawings = drawings
  }
}

/// How pictures draw one kind of element: a box (the default), a line along a diagonal of its
/// frame (a connector), or a dot. Exported through the `tessera.drawing/1` extension.
public struct KindDrawingHint: Sendable, Equatable {
  public enum Shape: Sendable, Equatable {
    case box
    case line
    case dot
  }

  /// Which diagonal of its frame a line follows.
  public enum Direction: Sendable, Equatable {
    /// From the bottom-left corner to the top-right one.
    case rising
    /// From the top-left corner to the bottom-right one.
    case falling
  }

  /// The kind; nil for cells.
  public var kind: ElementKind?
  public var shape: Shape
  /// For lines: the diagonal drawn when the flip value is 0 or absent.
  public var direction: Direction
  /// For lines: the custom key (one of `customKeys`) whose non-zero value makes the line take
  /// the other diagonal.
  public var flipKey: String?
  /// For boxes: the custom value (one of `customKeys`) an element of the kind is labelled with,
  /// instead of its index path (which moves to a second line), and how it reads.
  public var label: CustomLabel?
  /// For cells: the string prop of the dataset's items whose values colour them, one colour per
  /// distinct value, named in the legend (`tessera.drawing/1`'s `colour_prop`).
  public var colourProp: String?

  /// How a custom value reads as a label.
  public struct CustomLabel: Sendable, Equatable {
    public enum Format: Sendable, Equatable {
      /// The number as it is.
      case number
      /// Days since 1970-01-01, as an ISO date `YYYY-MM-DD`.
      case date
    }

    public var key: String
    public var format: Format

    public init(_ key: String, as format: Format) {
      self.key = key
      self.format = format
    }
  }

  public init(
    _ kind: ElementKind?, _ shape: Shape, direction: Direction = .rising, flipKey: String? = nil,
    label: CustomLabel? = nil, colourProp: String? = nil
  ) {
    self.kind = kind
    self.shape = shape
    self.direction = direction
    self.flipKey = flipKey
    self.label = label
    self.colourProp = colourProp
  }
}

/// One option a layout takes (`key=value` after `layout NAME`).
public struct OptionDescription: Sendable {
  public enum ValueType: Sendable, Equatable {
    case bool
    case integer
    case number
    /// `WxH`
    case size
    /// `top,left,bottom,right`
    case insets
    case choice([String])
    case string
  }

  public var name: String
  public var type: ValueType
  public var doc: String
  /// Written as a person types it: "50x50", "vertical", "0,0,0,0".
  public var defaultValue: String
  /// Bounds every number of the value must lie within. The host and the SDK's adapter both
  /// refuse a value outside them, so `apply(options:)` never sees one.
  public var minimum: Double
  public var maximum: Double

  /// The default bounds: ±1e9, the host's largest coordinate, so an option cannot turn into an
  /// overflowing conversion, an allocation or a loop the layout did not plan for.
  public static let largestMagnitude = 1e9

  public init(
    _ name: String, _ type: ValueType, default defaultValue: String, doc: String,
    minimum: Double = -largestMagnitude, maximum: Double = largestMagnitude
  ) {
    self.name = name
    self.type = type
    self.doc = doc
    self.defaultValue = defaultValue
    self.minimum = minimum
    self.maximum = maximum
  }
}

/// A typed option value, as the host hands it over after validation.
public enum OptionValue: Hashable, Sendable {
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case size(Size)
  case insets(EdgeInsets)
  case choice(String)
  case string(String)
}

/// The full set of a layout's options (the host fills in defaults), with typed accessors that
/// fall back to a given value when an option is missing or of another type.
public struct LayoutOptions: Sendable {
  public var values: [String: OptionValue]

  public init(_ values: [String: OptionValue] = [:]) {
    self.values = values
  }

  public func bool(_ name: String, default fallback: Bool) -> Bool {
    if case .bool(let v) = values[name] { return v }
    return fallback
  }

  public func integer(_ name: String, default fallback: Int) -> Int {
    if case .integer(let v) = values[name] { return v }
    return fallback
  }

  public func number(_ name: String, default fallback: Double) -> Double {
    switch values[name] {
    case .number(let v): return v
    case .integer(let v): return Double(v)
    default: return fallback
    }
  }

  public func size(_ name: String, default fallback: Size) -> Size {
    if case .size(let v) = values[name] { return v }
    return fallback
  }

  public func insets(_ name: String, default fallback: EdgeInsets) -> EdgeInsets {
    if case .insets(let v) = values[name] { return v }
    return fallback
  }

  public func choice(_ name: String, default fallback: String) -> String {
    if case .choice(let v) = values[name] { return v }
    return fallback
  }

  public func string(_ name: String, default fallback: String) -> String {
    if case .string(let v) = values[name] { return v }
    return fallback
  }
}
