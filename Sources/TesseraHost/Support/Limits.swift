/// The limits on what one command may ask for, in one place so help and errors agree. Each is
/// far above what a layout session needs (the product promises that a million items feel
/// instant) and far below what would exhaust a machine.
public enum Limits {
  /// Items `gen` makes (a million-item dataset takes about 100 MB; ten million, about 1 GB).
  public static let generatedItems = 10_000_000
  /// Sections `gen` spreads items over.
  public static let generatedSections = 1_000_000
  /// Children per node in `gen tree`.
  public static let treeFanout = 1_000_000
  /// The largest width or height `gen` gives an item, in points.
  public static let generatedSide = 1_000_000.0
}
