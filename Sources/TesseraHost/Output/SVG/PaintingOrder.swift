/// The order UIKit composites elements in: ascending z index; at equal z, cells under
/// supplementary views under decoration views; then by section and item. Ties (two kinds at one
/// index path) go by the kind's palette index, then by the order given, so the order never
/// depends on how a layout happened to list its elements.
enum PaintingOrder {
  static func sorted(_ elements: [Element], kindIndex: (Element) -> Int) -> [Element] {
    order(elements, kindIndex: kindIndex).map { elements[$0] }
  }

  /// The indices of `elements` in painting order.
  static func order(_ elements: [Element], kindIndex: (Element) -> Int) -> [Int] {
    let keys = elements.map(kindIndex)
    return elements.indices.sorted { i, j in
      let a = elements[i]
      let b = elements[j]
      if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
      if a.category != b.category { return a.category.rawValue < b.category.rawValue }
      if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
      if keys[i] != keys[j] { return keys[i] < keys[j] }
      return i < j
    }
  }
}
