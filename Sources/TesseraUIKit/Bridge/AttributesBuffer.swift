import TesseraABI
import TesseraKit

/// Runs a TesseraKit layout's sink-filling query once, into records kept between queries: what
/// `CollectionLayout.layoutAttributes(in:)` does with a counting pass and a new buffer each time.
/// Its records are read as they are, no `LayoutAttributes` made of them.
/// It grows to the largest answer seen and asks again only when an answer outgrows it.
final class AttributesBuffer {
  private let kinds: [ElementKind]
  private var records: UnsafeMutablePointer<tessera_attributes>
  private var capacity: Int

  init(kinds: [ElementKind]) {
    self.kinds = kinds
    capacity = 256
    records = .allocate(capacity: capacity)
  }

  deinit {
    records.deallocate()
  }

  /// Calls `body` with the record of every element `query` appends, in order, and its kind
  /// (nil for cells; records of undeclared kinds are skipped, as the SDK reads them), after
  /// telling `reserve` how many records there are.
  func forEachRecord(
    _ query: (inout AttributesSink) -> Void, reserve: (Int) -> Void,
    _ body: (UnsafePointer<tessera_attributes>, ElementKind?) -> Void
  ) {
    kinds.withUnsafeBufferPointer { declared in
      while true {
        var sink = AttributesSink(records: records, capacity: capacity, kinds: declared)
        query(&sink)
        if sink.fitted {
          reserve(sink.count)
          for index in 0..<sink.count {
            let record = records + index
            if record.pointee.category == UInt32(ElementCategory.cell.rawValue) {
              body(record, nil)
            } else if let position = ABIKindIndex.declaredPosition(of: record.pointee.kind, count: declared.count) {
              body(record, declared[position])
            }
          }
          return
        }
        records.deallocate()
        capacity = sink.count
        records = .allocate(capacity: capacity)
      }
    }
  }
}
