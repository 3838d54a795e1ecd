import TesseraABI
import TesseraKit

/// One section's items, stored column by column: ids, sizes, flags, estimates and properties.
/// A layout's prepare reads only sizes and flags — 17 bytes an item, not the 40 of a whole ABI
/// record — and prepare over a million items is bound by memory traffic. Estimates, which
/// most datasets lack, get a column only once some item has one.
public struct ItemList: RandomAccessCollection, MutableCollection, Hashable, Sendable {
  public private(set) var ids: [String] = []
  var sizes: [tessera_size] = []
  /// TESSERA_ITEM_HAS_SIZE / TESSERA_ITEM_HAS_ESTIMATE bits.
  var flags: [UInt8] = []
  /// Empty until some item has an estimate; then one entry per item.
  var estimates: [tessera_size] = []
  public private(set) var props: [[String: PropertyValue]] = []

  public init() {}

  public init(_ items: some Sequence<DatasetItem>) {
    for item in items { append(item) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.count }

  static let hasSize = UInt8(TESSERA_ITEM_HAS_SIZE)
  static let hasEstimate = UInt8(TESSERA_ITEM_HAS_ESTIMATE)

  public subscript(position: Int) -> DatasetItem {
    get {
      let f = flags[position]
      let size = sizes[position]
      return DatasetItem(
        id: ids[position],
        size: f & Self.hasSize != 0 ? Size(size) : nil,
        estimated: f & Self.hasEstimate != 0 ? Size(estimates[position]) : nil,
        props: props[position])
    }
    set {
      ids[position] = newValue.id
      props[position] = newValue.props
      store(newValue, at: position)
    }
  }

  public mutating func append(_ item: DatasetItem) {
    ids.append(item.id)
    props.append(item.props)
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

  public mutating func reserveCapacity(_ n: Int) {
    ids.reserveCapacity(n)
    sizes.reserveCapacity(n)
    flags.reserveCapacity(n)
    props.reserveCapacity(n)
  }

  /// Appends items `range` of `other` in bulk: a batch copies the runs of untouched items
  /// between the ones it moves, inserts and deletes this way.
  mutating func append(contentsOf other: ItemList, range: Range<Int>) {
    guard !range.isEmpty else { return }
    ids.append(contentsOf: other.ids[range])
    props.append(contentsOf: other.props[range])
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
  mutating func append(from other: ItemList, at index: Int, size: Size? = nil) {
    ids.append(other.ids[index])
    props.append(other.props[index])
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

  /// Reads the props column without copying it.
  func withProps<R>(_ body: (UnsafeBufferPointer<[String: PropertyValue]>) -> R) -> R {
    props.withUnsafeBufferPointer(body)
  }

  /// Writes the ABI records of items `range` to `out`, `stride` bytes apart (the data-source
  /// callback; the plugin's records may be larger or smaller than ours).
  func copyMetrics(_ range: Range<Int>, to out: UnsafeMutableRawPointer, stride: Int) {
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
    lhs.count == rhs.count && lhs.ids == rhs.ids && lhs.props == rhs.props
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
