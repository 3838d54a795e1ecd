import TesseraABI
import TesseraKit

/// One section's items, stored column by column: ids, sizes, flags, estimates and properties.
/// A layout's prepare reads only sizes and flags — 17 bytes an item, not the 40 of a whole ABI
/// record — and prepare over a million items is bound by memory traffic. Ids take 8 bytes an
/// item (`IDColumn`); estimates and properties, which most datasets lack, get a column only
/// once some item has one: a million sized items take 25 MB.
public struct ItemList: RandomAccessCollection, MutableCollection, Hashable, Sendable {
  public private(set) var ids = IDColumn()
  package var sizes: [tessera_size] = []
  /// TESSERA_ITEM_HAS_SIZE / TESSERA_ITEM_HAS_ESTIMATE bits.
  package var flags: [UInt8] = []
  /// Empty until some item has an estimate; then one entry per item.
  package var estimates: [tessera_size] = []
  /// One column per property key (`PropsColumns`): no object per item.
  package private(set) var propsColumns = PropsColumns()

  /// Each item's properties.
  public var props: PropsView { PropsView(columns: propsColumns, count: ids.count) }

  /// Each item's properties, as dictionaries made on demand.
  public struct PropsView: RandomAccessCollection, Sendable {
    package let columns: PropsColumns
    public let count: Int
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> [String: PropertyValue] {
      columns.isEmpty ? [:] : columns.dictionary(at: position)
    }
  }

  /// Gives item `item` one property (a generator's way to fill the columns without a
  /// dictionary per item).
  package mutating func setProperty(_ key: String, _ value: PropertyValue, at item: Int) {
    propsColumns.set(key, value, at: item)
  }

  /// One property of one item, without a dictionary.
  public func property(_ key: String, at item: Int) -> PropertyValue? {
    propsColumns.value(key, at: item)
  }

  public init() {}

  /// A loader's columns, with the ids to come (`adopt(ids:)`).
  package init(loaded columns: DatasetDecoder.SectionColumns) {
    sizes = columns.sizes
    flags = columns.flags
    estimates = columns.estimates
    propsColumns = columns.props
  }

  /// Puts in the ids of a loaded section: one per size.
  package mutating func adopt(ids column: IDColumn) {
    precondition(column.count == sizes.count, "one id per item")
    ids = column
  }

  public init(_ items: some Sequence<DatasetItem>) {
    for item in items { append(item) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.words.count }
  public var count: Int { ids.words.count }

  package static let hasSize = UInt8(TESSERA_ITEM_HAS_SIZE)
  package static let hasEstimate = UInt8(TESSERA_ITEM_HAS_ESTIMATE)

  public subscript(position: Int) -> DatasetItem {
    get {
      let f = flags[position]
      let size = sizes[position]
      return DatasetItem(
        id: ids[position],
        size: f & Self.hasSize != 0 ? Size(size) : nil,
        estimated: f & Self.hasEstimate != 0 ? Size(estimates[position]) : nil,
        props: propsColumns.isEmpty ? [:] : propsColumns.dictionary(at: position))
    }
    set {
      if ids[position] != newValue.id { ids.replace(at: position, with: newValue.id) }
      setProps(newValue.props, at: position)
      store(newValue, at: position)
    }
  }

  /// Item `position`'s size, if it has one (no `DatasetItem` made).
  public func size(at position: Int) -> Size? {
    flags[position] & Self.hasSize != 0 ? Size(sizes[position]) : nil
  }

  /// Item `position`'s estimate, if it has one.
  public func estimate(at position: Int) -> Size? {
    flags[position] & Self.hasEstimate != 0 ? Size(estimates[position]) : nil
  }

  /// Whether item `position` here and item `other` of `list` hold the same size, estimate and
  /// properties (ids aside): what `DatasetItem`'s equality says of two items with one id, read
  /// column by column.
  public func sameContent(at position: Int, as list: ItemList, at other: Int) -> Bool {
    size(at: position) == list.size(at: other) && estimate(at: position) == list.estimate(at: other)
      && propsColumns.sameValues(at: position, as: list.propsColumns, at: other)
  }

  private mutating func setProps(_ props: [String: PropertyValue], at position: Int) {
    if props.isEmpty && propsColumns.isEmpty { return }
    propsColumns.set(props, at: position)
  }

  /// Gives the item at `position` a new id.
  package mutating func setID(_ id: String, at position: Int) {
    ids.replace(at: position, with: id)
  }

  public mutating func append(_ item: DatasetItem) {
    if !item.props.isEmpty { propsColumns.set(item.props, at: ids.count) }
    ids.append(item.id)
    sizes.append(tessera_size())
    flags.append(0)
    if !estimates.isEmpty { estimates.append(tessera_size()) }
    store(item, at: ids.count - 1)
  }

  private mutating func store(_ item: DatasetItem, at position: Int) {
    var f: UInt8 = 0
    if let size = item.size {
      sizes[position] = size.abi
      f |= Self.hasSize
    } else {
      sizes[position] = tessera_size()
    }
    if let estimated = item.estimated {
      if estimates.isEmpty { estimates = Array(repeating: tessera_size(), count: ids.count) }
      estimates[position] = estimated.abi
      f |= Self.hasEstimate
    } else if !estimates.isEmpty {
      estimates[position] = tessera_size()
    }
    flags[position] = f
  }

  /// Gives every item without an estimate this one (the bench's self-sizing fling, for layouts
  /// that take no estimate as an option): column by column, no item rebuilt.
  package mutating func estimateUnestimated(_ size: Size) {
    if estimates.isEmpty { estimates = Array(repeating: tessera_size(), count: ids.count) }
    for index in flags.indices where flags[index] & Self.hasEstimate == 0 {
      estimates[index] = size.abi
      flags[index] |= Self.hasEstimate
    }
  }

  public mutating func reserveCapacity(_ n: Int) {
    ids.reserveCapacity(n)
    sizes.reserveCapacity(n)
    flags.reserveCapacity(n)
  }

  /// The bytes the columns hold (capacity), for the memory report.
  public var storedBytes: Int {
    ids.storedBytes + sizes.capacity * MemoryLayout<tessera_size>.stride + flags.capacity
      + estimates.capacity * MemoryLayout<tessera_size>.stride + propsColumns.storedBytes
  }

  /// Appends items `range` of `other` in bulk: a batch copies the runs of untouched items
  /// between the ones it moves, inserts and deletes this way.
  package mutating func append(contentsOf other: ItemList, range: Range<Int>) {
    guard !range.isEmpty else { return }
    ids.append(contentsOf: other.ids, range: range)
    appendProps(of: other, range: range)
    sizes.append(contentsOf: other.sizes[range])
    flags.append(contentsOf: other.flags[range])
    if !other.estimates.isEmpty {
      if estimates.isEmpty { estimates = Array(repeating: tessera_size(), count: ids.count - range.count) }
      estimates.append(contentsOf: other.estimates[range])
    } else if !estimates.isEmpty {
      estimates.append(contentsOf: repeatElement(tessera_size(), count: range.count))
    }
  }

  /// Appends item `index` of `other` column by column (no `DatasetItem` in between), with a
  /// new size when given: how a batch rebuilds a section quickly.
  package mutating func append(from other: ItemList, at index: Int, size: Size? = nil) {
    ids.append(from: other.ids, at: index)
    appendProps(of: other, range: index..<index + 1)
    if let size {
      sizes.append(size.abi)
      flags.append(other.flags[index] | Self.hasSize)
    } else {
      sizes.append(other.sizes[index])
      flags.append(other.flags[index])
    }
    if !other.estimates.isEmpty {
      if estimates.isEmpty { estimates = Array(repeating: tessera_size(), count: ids.count - 1) }
      estimates.append(other.estimates[index])
    } else if !estimates.isEmpty {
      estimates.append(tessera_size())
    }
  }

  /// Appends the properties of items `range` of `other` (called after the ids are appended).
  private mutating func appendProps(of other: ItemList, range: Range<Int>) {
    guard !other.propsColumns.isEmpty else { return }
    propsColumns.append(other.propsColumns, range: range, base: ids.count - range.count)
  }

  /// Writes the ABI records of items `range` to `out`, `stride` bytes apart (the data-source
  /// callback; the plugin's records may be larger or smaller than ours).
  package func copyMetrics(_ range: Range<Int>, to out: UnsafeMutableRawPointer, stride: Int) {
    let native = MemoryLayout<tessera_item_metrics>.stride
    sizes.withUnsafeBufferPointer { sizes in
      flags.withUnsafeBufferPointer { flags in
        estimates.withUnsafeBufferPointer { estimates in
          let hasEstimates = !estimates.isEmpty
          let size = abiSize(tessera_item_metrics.self)
          func metrics(_ index: Int) -> tessera_item_metrics {
            tessera_item_metrics(
              struct_size: size, flags: UInt32(flags[index]), size: sizes[index],
              estimated: hasEstimates ? estimates[index] : tessera_size())
          }
          if stride == native {
            // The plugin's records are ours (the common case): a plain typed loop.
            let typed = out.assumingMemoryBound(to: tessera_item_metrics.self)
            for (offset, index) in range.enumerated() { typed[offset] = metrics(index) }
          } else {
            for (offset, index) in range.enumerated() {
              ABIRecord.write(metrics(index), into: out + offset * stride, room: stride)
            }
          }
        }
      }
    }
  }

  public static func == (lhs: ItemList, rhs: ItemList) -> Bool {
    lhs.count == rhs.count && lhs.ids == rhs.ids && lhs.propsColumns == rhs.propsColumns
      && lhs.indices.allSatisfy { lhs[$0].size == rhs[$0].size && lhs[$0].estimated == rhs[$0].estimated }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
  }
}

extension ItemList: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: DatasetItem...) {
    self.init(elements)
  }
}
