import TesseraKit

/// What a command answers, as data. The formatters in `Output/` (table, JSON) turn it into text,
/// each one exhaustive over these cases, so the forms cannot drift apart and only the form
/// printed is ever built.
public enum CommandResult {
  /// Nothing to print (an operation typed into an open batch).
  case silent
  /// `quit`: nothing to print; the session stops reading lines (or the file being run).
  case quit
  case help(HelpTopic)
  case plugins(PluginListing)
  case pluginLoaded(PluginLibrary)
  case pluginReloaded(PluginReload)
  /// `layout NAME …`: the layout chosen, with the options that differ from their defaults.
  case layoutChosen(LayoutSetting)
  /// `layout NAME … animated`, `zoom`: the layout installed and the content offset it chose.
  case layoutChanged(LayoutChangeReport)
  /// `transition …`: the interactive transition now (nil after finish or cancel), and what
  /// happened.
  case transition(TransitionStatus)
  /// `layout`: the current layout and all its options.
  case layoutShown(LayoutSetting)
  case datasetMade(DatasetSummary)
  case dataset(Dataset)
  /// The viewport size, the screen's scale and the scroll view's insets.
  case viewport(ViewportReport)
  case offset(Point)
  /// `step`, `drag`, `fling`, `scroll … animated`: the simulation clock.
  case clock(ClockReport)
  case attributes(AttributeList)
  /// `item at X Y`, `element at X Y`.
  case hit(HitReport)
  case contentSize(Size)
  case batchOpened
  case batchCancelled(operations: Int)
  case batch(BatchReport)
  case invalidation(InvalidationChanges)
  case preferredSizeKept(PreferredSizeKept)
  case selfSizingOn(budget: Int, passes: Int)
  case selfSizingOff
  /// `selfsizing fit …`: how cells fit their dataset sizes, and the passes a settle took (nil:
  /// self-sizing is off).
  case selfSizingFit(SelfSizingFit, passes: Int?)
  case textSizing(TextSizingReport)
  case cellMeasure(CellMeasureReport)
  case trace(Bool)
  /// `events on|off`, and how many views are on screen when they start.
  case events(on: Bool, onScreen: Int)
  case stats(StatsReport)
  case statsReset
  case format(WorkbenchState.Format)
  case transcript(RunTranscript)
  case watchdog(seconds: Double)
  /// `checkpoint`: the session written down and taken up again.
  case checkpoint(CheckpointReport)
  /// `render`: what to draw. The session draws it (`Output/SVG`) and writes the file, and
  /// prints `pictureWritten`.
  case picture(PictureRequest)
  case pictureWritten(PictureWritten)
}

/// `help`, `help COMMAND`, `help LAYOUT`.
public enum HelpTopic {
  case overview([CommandHelp])
  case command(CommandHelp)
  case layout(LayoutClass)
}

/// A command as `help` shows it: its usage lines, what it does, more, and examples.
public struct CommandHelp: Sendable {
  public var name: String
  public var usage: [String]
  public var summary: String
  public var discussion: String
  public var examples: [String]
}

/// `plugin reload NAME`: the fresh library and, when the current layout came from the old copy,
/// how its options carried over to the new code.
public struct PluginReload {
  public struct Switch {
    /// The current layout's name.
    public var layout: String
    /// Options kept with a value other than their default, as `key=value`.
    public var kept: [String]
    /// Options the new code no longer has, as `key=value`.
    public var dropped: [String]
    /// Options the new code has but refuses the old value for: the option, the old value, why.
    public var reset: [(option: String, was: String, reason: String)]
  }

  public var library: PluginLibrary
  public var switched: Switch?
}

/// `plugins`: each library with the path shown for it.
public struct PluginListing {
  public var libraries: [(library: PluginLibrary, path: String)]
}

/// What a `transition` command did, and where the transition stands.
public struct TransitionStatus {
  public enum Event: String, Sendable {
    case started, progressed, finished, cancelled, shown
  }

  public var event: Event
  public var from: String
  public var to: String
  public var progress: Double
  /// The content offset now (blended while the transition is active).
  public var offset: Point
  public var fromOffset: Point
  public var toOffset: Point
  /// The offset proposed to the next layout's targetContentOffset, clamped.
  public var proposed: Point
  public var pivot: IndexPath?
  public var elements: Int
}

/// A dataset put in place by `load` or `gen`.
public struct DatasetSummary {
  public enum Source {
    case loaded(path: String)
    case generated(kind: String)
  }

  public var source: Source
  public var sections: Int
  public var items: Int
}

/// Elements' attributes (`visible`, `dump`, `item`), sorted for output, each cell with its
/// dataset id.
public struct AttributeList {
  public var elements: [Element]
  /// The dataset id of each element that is a cell (nil for the others), in `elements` order.
  public var ids: [String?]
  /// The command that lists them, for the "… --all" hint of a long table; nil prints all rows.
  public var command: String?
  public var showsAll: Bool
  /// How many elements there are: more than `elements` when only a table's first rows were kept.
  public var total: Int
  /// Custom values a table shows as dates, by kind and key (the timeline's headings' `day`: the
  /// drawing hint that labels pictures with the date labels listings with it too).
  public var dateValues: Set<KindKey> = []
  /// Elements the layout answered more than once (the same category, kind and index path), each
  /// with how many times: a listing shows every answer, and says so.
  public var repeated: [(label: String, times: Int)] = []

  /// A custom value of a kind.
  public struct KindKey: Hashable, Sendable {
    public var kind: String
    public var key: String
  }

  /// `kinds`: the layout's kinds in declaration order (the listing's order within a category);
  /// `id`: a cell's dataset id.
  public init(
    _ elements: [Element], kinds: [String] = [], id: (IndexPath) -> String? = { _ in nil }, command: String? = nil,
    showsAll: Bool = true, total: Int? = nil
  ) {
    self.elements = Element.sortedForOutput(elements, kinds: kinds)
    self.ids = self.elements.map { $0.category == .cell ? id($0.indexPath) : nil }
    // Sorted, the answers for one element stand together.
    var index = 1
    while index < self.elements.count {
      let first = self.elements[index - 1]
      var end = index
      while end < self.elements.count, self.elements[end].isSameElement(as: first) { end += 1 }
      if end > index { repeated.append((first.label, end - index + 1)) }
      index = end + 1
    }
    self.command = command
    self.showsAll = showsAll
    self.total = max(total ?? elements.count, elements.count)
  }
}

/// What an invalidation changed: the elements whose attributes differ after the next pass.
public struct InvalidationChanges {
  /// `invalidated items [0.3]`, `0.3 prefers 100x80: invalidated …`.
  public var summary: String
  public var sizeBefore: Size
  public var sizeAfter: Size
  public var changed: AttributeList
}

/// A preferred size the layout did not act on.
public struct PreferredSizeKept {
  public var path: IndexPath
  public var preferred: Size
  public var layout: String
  public var kept: Size
}

/// `stats`: calls made to the layout, by kind.
public struct StatsReport {
  public var layout: String
  public var stats: PluginCallStats
}

/// `run FILE`: every command with what it printed.
public struct RunTranscript {
  public var file: String
  /// The table transcript: commands (`> …`), their output and the notes, unindented.
  public var lines: [String]
  /// What each line is indented by.
  public var indent: String
  public var steps: [(command: String, output: String?)]
}

/// What `render` asks to draw: the scene, the subject and where the picture goes ("-": printed).
public struct PictureRequest {
  public enum Subject {
    /// The elements of the scene.
    case layout
    /// An animation (the last batch, a layout change); a film strip of N frames when given.
    case motion([Motion], frames: Int?)
    /// Frames the clock ran (the last `step` or `drag`), as a film strip of N of them.
    case film([FilmFrame], frames: Int)
  }

  public var path: String
  public var subject: Subject
  public var scene: PictureScene
  public var options: PictureOptions
}

/// A picture drawn and written (or printed, for path "-").
public struct PictureWritten {
  public var path: String
  /// The SVG, kept only when it is printed.
  public var svg: String?
  public var elements: Int
  public var overlaps: Int
  public var isOverview: Bool
}
