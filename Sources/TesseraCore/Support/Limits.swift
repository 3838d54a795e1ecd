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
  /// The longest quilt span `gen blocks` makes, in blocks (the quilt's widest grid).
  public static let quiltSpan = 10_000
  /// The largest magnitude of a coordinate or length a person gives or a dataset holds (viewport
  /// sides, scroll offsets, dump rects, loaded and preferred item sizes): 1e9 points, a million
  /// screens, so layouts' sums stay finite and exact enough and their conversions cannot trap.
  public static let coordinate = 1e9
  /// `coordinate` as messages write it.
  public static let coordinateText = "1e9"
  /// The largest magnitude of a scroll view inset (`viewport inset= safeArea= margins=`): a
  /// million points, so a view resting at (−left, −top) of two of them is an offset `scroll`
  /// accepts.
  public static let inset = 1e6
  /// The longest `text` prop self-sizing measures, in UTF-8 bytes: a long paragraph, far more
  /// than a cell's label. Each pass measures every visible cell, and shaping a run of combining
  /// marks costs HarfBuzz time that grows with the square of its length (50,000 marks take
  /// seconds; 5,000, a hundredth of that).
  public static let measuredText = 10_000
  /// The largest font size `selfsizing text font=` takes, in points.
  public static let fontSize = 1_000.0
  /// The largest magnitude of a scroll offset the parser reads: a content taller or wider than
  /// `coordinate` (many items of large sizes) is scrolled to its end, so the offset's limit is
  /// the content's extent (`scroll` checks it), never more than this: 1e15 points, where a
  /// double still holds eighths of a point.
  public static let offset = 1e15
  /// Items and sections a loaded dataset may have: as many as `gen` makes.
  public static let loadedItems = generatedItems
  public static let loadedSections = generatedSections
  /// Operations in one batch, and items one batch inserts (with `insert-section S N`).
  public static let batchOperations = 1_000_000
  /// Records one plugin query may return (a rect query, all elements): 2^24 = 16,777,216, about
  /// 2 GB of attribute records, checked before the host makes room for them.
  public static let records = 16_777_216
  /// The most entries a plugin's description may list in one array (layouts, kinds, options, an
  /// option's choices): the host cannot see where a plugin's array ends, so a count that lies
  /// must not send it reading far past it.
  public static let descriptionEntries = 4_096
  /// The largest file `load` and `apply` read: 1 GiB.
  public static let fileBytes = 1 << 30
  /// Commands one `run` may run, counting those of the files it runs, and theirs.
  public static let runCommands = 100_000
  /// Rows a `visible` or `dump` table prints before it stops and says how to see them all.
  public static let rowsShown = 1_000
  /// About what one item costs in memory (id, size, props, the layout's frames and the
  /// attributes it returns): the unit of the estimate checked against MemAvailable before
  /// generating, loading or inserting.
  public static let bytesPerItem = 400
  /// How many times its size a JSON file may take while it is parsed and decoded (measured up
  /// to 50 for a file of empty items or long number arrays: the JSON tree costs that much).
  public static let parseBytesPerFileByte = 64
}
