import TesseraKit

/// The chart's data: each item's `value` prop, one number (absent: 0, a bar of no height), read
/// in chunks through the data source's bulk call.
enum ChartValues {
  static let chunk = 1024

  static func read(_ collectionView: CollectionView) throws(LayoutError) -> [[Double]] {
    let numbers = UnsafeMutablePointer<Double>.allocate(capacity: chunk)
    let lengths = UnsafeMutablePointer<Int64>.allocate(capacity: chunk)
    defer {
      numbers.deallocate()
      lengths.deallocate()
    }
    var groups: [[Double]] = []
    groups.reserveCapacity(collectionView.numberOfSections)
    for section in 0..<collectionView.numberOfSections {
      let count = collectionView.numberOfItems(inSection: section)
      var values: [Double] = []
      values.reserveCapacity(count)
      var start = 0
      while start < count {
        let wanted = min(chunk, count - start)
        let got = collectionView.numbers(
          "value", section: section, from: start, count: wanted, perItem: 1, into: numbers, lengths: lengths)
        guard got == wanted else {
          throw LayoutError("section \(section): the data source gave \(got) of \(wanted) values from item \(start)")
        }
        for k in 0..<got {
          switch lengths[k] {
          case 1: values.append(numbers[k])
          case ..<0: values.append(0)
          default:
            throw LayoutError(
              "item \(section).\(start + k) has a list of \(lengths[k]) numbers as its value: a bar's value is one number"
            )
          }
        }
        start += wanted
      }
      groups.append(values)
    }
    return groups
  }
}
