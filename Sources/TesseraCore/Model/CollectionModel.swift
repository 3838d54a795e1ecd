import TesseraABI
import TesseraKit

/// What the layout's data source reads: the dataset and the bounds. One per session; layout
/// instances hold it through the C data-source table.
public final class CollectionModel: @unchecked Sendable {
  /// Changes with every assignment to the dataset, the bounds or the scale: whether `restore`
  /// has anything to put back.
  package private(set) var generation = 0
  /// Changes with every assignment to the dataset alone (a checkpoint rewrites its data file
  /// only when it changed).
  package private(set) var datasetGeneration = 0
  public var dataset: Dataset {
    didSet {
      generation &+= 1
      datasetGeneration &+= 1
      idIndex = nil
      referenceCache = [:]
      distinctCache = [:]
      itemCounts = dataset.sections.map(\.items.count)
      if !byBatch { countedIDs = false }
    }
  }
  /// Whether `nextGeneratedID` was raised to the item count since the dataset was last replaced
  /// other than by a batch (on the first batch that names or makes ids).
  private var countedIDs = false
  private var byBatch = false
  /// Where generated ids (`i<k>`) continue from (a failed command puts it back).
  package var nextGeneratedID = 0
  /// Items per section, kept beside the dataset so checking a plugin's index paths on every
  /// query does not touch (or copy) the dataset.
  public private(set) var itemCounts: [Int] = []

  @inline(__always) public func containsItem(_ path: IndexPath) -> Bool {
    path.section >= 0 && path.section < itemCounts.count && path.item >= 0 && path.item < itemCounts[path.section]
  }
  /// Origin = content offset, size = viewport.
  public var bounds: Rect {
    didSet { generation &+= 1 }
  }
  /// The screen's scale in pixels per point (`viewport WxH@S`); nil: none, nothing rounds.
  public var screenScale: Double? {
    didSet { generation &+= 1 }
  }
  /// The pan gesture's touch (`drag`): where the finger is or last was on screen, and whether it
  /// is down — what `panGestureRecognizer.location(in:)` answers, in content coordinates.
  public var touch = Touch()
  /// The scroll view's insets as set (`viewport … inset= safeArea= margins= adjust=`).
  public var insets = ViewportInsets() {
    didSet { if insets != oldValue { generation &+= 1 } }
  }
  /// Which axes the content scrolls along, from the installed layout's last content size: what
  /// the `automatic` and `scrollableAxes` adjustments read.
  package private(set) var scrolls = (across: false, down: false)
  /// The insets as the layout reads them (`scroll_insets`).
  public var scrollInsets: ScrollInsets { insets.resolved(scrollsAcross: scrolls.across, scrollsDown: scrolls.down) }
  /// Where the view rests: the content offset at the top-left of the scroll range,
  /// (−adjustedContentInset.left, −adjustedContentInset.top).
  public var restingOffset: Point {
    let adjusted = scrollInsets.adjustedContentInset
    return Point(x: -adjusted.left, y: -adjusted.top)
  }

  /// Puts back which axes scroll (a checkpoint's restore).
  package func restoreScrolls(across: Bool, down: Bool) {
    guard (across, down) != scrolls else { return }
    scrolls = (across, down)
    generation &+= 1
  }

  /// Notes which axes a content of `size` scrolls along in the current bounds; says whether the
  /// adjusted content inset changed with them (then the layout must lay out again).
  package func noteScrollableAxes(contentSize size: Size) -> Bool {
    // UIKit's flow layout tells the scroll view which axis it scrolls along; a plugin does not,
    // so a content no wider than the bounds is taken to scroll down, as a vertical layout does.
    let across = size.width > bounds.width
    let now = (across: across, down: size.height > bounds.height || !across)
    guard now != scrolls else { return false }
    let before = scrollInsets.adjustedContentInset
    scrolls = now
    generation &+= 1
    return scrollInsets.adjustedContentInset != before
  }

  private var idIndex: IDIndex?
  /// Per prop key, per section, per item: the index path the item's prop names (section << 32 |
  /// item), or `noReference`. Resolved on first use after each dataset change.
  private var referenceCache: [String: [[UInt64]]] = [:]
  package static let noReference = UInt64.max
  /// Per prop key: the distinct string values the items hold, sorted. Found on first use after
  /// each dataset change.
  private var distinctCache: [String: [String]] = [:]

  /// The C callback table layouts read this model through; lives as long as the model.
  public let dataSourceTable: UnsafeMutablePointer<tessera_data_source>

  public init(dataset: Dataset = Dataset(), bounds: Rect) {
    self.dataset = dataset
    self.itemCounts = dataset.sections.map(\.items.count)
    self.bounds = bounds
    dataSourceTable = .allocate(capacity: 1)
    dataSourceTable.initialize(to: DataSourceTable.make(for: self))
  }

  deinit {
    dataSourceTable.deallocate()
  }

  /// Generated ids continue past the item count of a dataset loaded or generated since.
  private func countIDs() {
    if countedIDs { return }
    nextGeneratedID = max(nextGeneratedID, dataset.itemCount)
    countedIDs = true
  }

  /// The ids among `candidates` that some item has (one pass over the ids, `TakenIDs`).
  package func takenIDs(_ candidates: [String]) -> Set<String> {
    countIDs()
    return TakenIDs.among(candidates, in: dataset.sections.map(\.items.ids))
  }

  /// `count` fresh `i<k>` ids in order, taken by no item and not in `used`.
  package func generateIDs(_ count: Int, avoiding used: Set<String>) -> [String] {
    var result: [String] = []
    if !countedIDs && count > 0 {
      // The first id tried continues from where the last one ended; the count raises the rest.
      let first = "i\(nextGeneratedID)"
      nextGeneratedID += 1
      if takenIDs([first]).isEmpty && !used.contains(first) { result.append(first) }
    }
    while result.count < count {
      let candidates = (0..<count - result.count).map { "i\(nextGeneratedID + $0)" }
      nextGeneratedID += candidates.count
      let taken = takenIDs(candidates)
      result += candidates.filter { !taken.contains($0) && !used.contains($0) }
    }
    return result
  }

  /// Puts a batch's result in place (the ids stay counted).
  package func applyBatch(_ dataset: Dataset) {
    byBatch = true
    self.dataset = dataset
    byBatch = false
  }

  /// What a failed command puts back: the dataset (copied on write), the bounds, the scale and
  /// where generated ids continue from.
  package struct Scene {
    let dataset: Dataset
    let bounds: Rect
    let screenScale: Double?
    let insets: ViewportInsets
    let scrolls: (across: Bool, down: Bool)
    let generation: Int
    let nextGeneratedID: Int
  }

  package var scene: Scene {
    Scene(
      dataset: dataset, bounds: bounds, screenScale: screenScale, insets: insets, scrolls: scrolls,
      generation: generation,
      nextGeneratedID: nextGeneratedID)
  }

  /// Puts a scene back; says whether anything had changed since (then the layout must lay out
  /// again).
  package func restore(_ scene: Scene) -> Bool {
    nextGeneratedID = scene.nextGeneratedID
    guard generation != scene.generation else { return false }
    dataset = scene.dataset
    bounds = scene.bounds
    screenScale = scene.screenScale
    insets = scene.insets
    scrolls = scene.scrolls
    return true
  }

  /// Built on first use after each change: only layouts that look items up by id pay for it.
  package func indexPath(forID id: String) -> IndexPath? {
    ids.indexPath(of: id)
  }

  /// The distinct string values of the items' `props[key]`, sorted (what colours cells by a prop).
  package func distinctStrings(_ key: String) -> [String] {
    if let known = distinctCache[key] { return known }
    var seen = Set<String>()
    for section in dataset.sections {
      guard let props = section.items.propsColumns.column(key) else { continue }
      for item in 0..<min(props.count, section.items.count) {
        if let value = props.withString(at: item, { $0.map { String(decoding: $0, as: UTF8.self) } }) {
          seen.insert(value)
        }
      }
    }
    let sorted = seen.sorted()
    distinctCache[key] = sorted
    return sorted
  }

  /// An item's string prop, or nil (no such item or prop, or not a string).
  package func string(_ key: String, at path: IndexPath) -> String? {
    guard containsItem(path), let props = dataset.sections[path.section].items.propsColumns.column(key),
      path.item < props.count
    else { return nil }
    return props.withString(at: path.item) { $0.map { String(decoding: $0, as: UTF8.self) } }
  }

  /// Every item's `props[key]` resolved as an item id (`reference_bulk`), kept until the dataset
  /// changes.
  package func references(_ key: String) -> [[UInt64]] {
    if let known = referenceCache[key] { return known }
    let index = ids
    var result: [[UInt64]] = []
    result.reserveCapacity(dataset.sections.count)
    for section in dataset.sections {
      var column = [UInt64](repeating: Self.noReference, count: section.items.count)
      if let props = section.items.propsColumns.column(key) {
        for item in 0..<min(props.count, column.count) {
          let path = props.withString(at: item) { bytes in bytes.flatMap { index.indexPath(ofUTF8: $0) } }
          if let path { column[item] = UInt64(path.section) << 32 | UInt64(path.item) }
        }
      }
      result.append(column)
    }
    referenceCache[key] = result
    return result
  }

  /// The id index of the current dataset (built on first use after each change).
  package var ids: IDIndex {
    if idIndex == nil { idIndex = IDIndex(dataset.sections.map(\.items.ids)) }
    return idIndex!
  }
}
