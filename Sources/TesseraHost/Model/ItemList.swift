import TesseraABI
import TesseraKit

/// One section's items, stored column by column: ids, sizes (already in the ABI's record
/// format) and properties. A layout's prepare reads only the sizes, so the data-source callback
/// is one `memcpy` of a contiguous range instead of a walk over whole items.
public struct ItemList: RandomAccessCollection, MutableCollection, Hashable, Sendable {
  public private(set) var ids: [String] = []
  @usableFromInline var metrics: [tessera_item_metrics] = []
  public private(set) var props: [[String: PropertyValue]] = []

  public init() {}

  public init(_ items: some Sequence<DatasetItem>) {
    for item in items { append(item) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.count }

  public subscript(position: Int) -> DatasetItem {
    get {
      let m = metrics[position]
      return DatasetItem(
        id: ids[position],
        size: m.flags & UInt32(TESSERA_ITEM_HAS_SIZE) != 0 ? Size(width: m.size.width, height: m.size.height) : nil,
        estimated: m.flags & UInt32(TESSERA_ITEM_HAS_ESTIMATE) != 0
          ? Size(width: m.estimated.width, height: m.estimated.height) : nil,
        props: props[position])
    }
    set {
      ids[position] = newValue.id
      metrics[position] = Self.metrics(newValue)
      props[position] = newValue.props
    }
  }

  public mutating func append(_ item: DatasetItem) {
    ids.append(item.id)
    metrics.append(Self.metrics(item))
    props.append(item.props)
  }

  public mutating func reserveCapacity(_ n: Int) {
    ids.reserveCapacity(n)
    metrics.reserveCapacity(n)
    props.reserveCapacity(n)
  }

  /// Copies the metrics of items `range` to `out` (the data-source callback).
  func copyMetrics(_ range: Range<Int>, to out: UnsafeMutablePointer<tessera_item_metrics>) {
    metrics.withUnsafeBufferPointer { source in
      out.update(from: source.baseAddress! + range.lowerBound, count: range.count)
    }
  }

  static func metrics(_ item: DatasetItem) -> tessera_item_metrics {
    var m = tessera_item_metrics()
    if let size = item.size {
      m.size = tessera_size(width: size.width, height: size.height)
      m.flags |= UInt32(TESSERA_ITEM_HAS_SIZE)
    }
    if let estimated = item.estimated {
      m.estimated = tessera_size(width: estimated.width, height: estimated.height)
      m.flags |= UInt32(TESSERA_ITEM_HAS_ESTIMATE)
    }
    return m
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
