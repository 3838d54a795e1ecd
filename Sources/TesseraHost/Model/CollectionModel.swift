import TesseraABI
import TesseraKit

/// What the layout's data source reads: the dataset and the bounds. One per session; layout
/// instances hold it through the C data-source table.
public final class CollectionModel: @unchecked Sendable {
  public var dataset: Dataset {
    didSet {
      idIndex = nil
      itemCounts = dataset.sections.map(\.items.count)
    }
  }
  /// Items per section, kept beside the dataset so checking a plugin's index paths on every
  /// query does not touch (or copy) the dataset.
  public private(set) var itemCounts: [Int] = []

  @inline(__always) public func containsItem(_ path: IndexPath) -> Bool {
    path.section >= 0 && path.section < itemCounts.count && path.item >= 0 && path.item < itemCounts[path.section]
  }
  /// Origin = content offset, size = viewport.
  public var bounds: Rect
  private var idIndex: [String: IndexPath]?

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

  /// Built on first use after each change: only layouts that look items up by id pay for it.
  func indexPath(forID id: String) -> IndexPath? {
    if idIndex == nil {
      var index: [String: IndexPath] = [:]
      for (s, section) in dataset.sections.enumerated() {
        for (i, id) in section.items.ids.enumerated() { index[id] = IndexPath(s, i) }
      }
      idIndex = index
    }
    return idIndex![id]
  }
}
