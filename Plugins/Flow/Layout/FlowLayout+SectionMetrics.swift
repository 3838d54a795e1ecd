import TesseraKit

/// Per-section metrics, as a delegate gives them (`collectionView(_:layout:insetForSectionAt:)`,
/// `minimumLineSpacingForSectionAt`, `minimumInteritemSpacingForSectionAt`): a section's props
/// `inset` [top, left, bottom, right], `lineSpacing` and `interitemSpacing` override the layout's
/// options for that section.
extension FlowLayout.Configuration {
  /// The configuration of section `s`: this one with the section's props applied; refused when
  /// a prop is not what it must be.
  func forSection(_ s: Int, of collectionView: CollectionView) throws(LayoutError) -> FlowLayout.Configuration {
    var c = self
    func describe() -> String {
      let id = collectionView.string("id", section: s, item: nil).map { " (\($0))" } ?? ""
      return "section \(s)\(id)"
    }
    func checked(_ values: [Double], _ key: String, _ expected: String) throws(LayoutError) -> [Double] {
      guard values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= OptionDescription.largestMagnitude }) else {
        throw LayoutError(
          "\(describe()) has \(key) \(values.map(formatted).joined(separator: ", ")): expected \(expected), each from 0 to 1e9"
        )
      }
      return values
    }
    for key in ["inset", "lineSpacing", "interitemSpacing"] {
      if let text = collectionView.string(key, section: s, item: nil) {
        throw LayoutError("\(describe()) has \(key) \"\(text)\": expected numbers, not text")
      }
    }
    if let inset = collectionView.numbers("inset", section: s, item: nil) {
      guard inset.count == 4 else {
        throw LayoutError("\(describe()) has an inset of \(inset.count) numbers: expected [top, left, bottom, right]")
      }
      let n = try checked(inset, "inset", "[top, left, bottom, right]")
      c.inset = EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    if let spacing = collectionView.numbers("lineSpacing", section: s, item: nil) {
      guard spacing.count == 1 else {
        throw LayoutError("\(describe()) has lineSpacing of \(spacing.count) numbers: expected one")
      }
      c.lineSpacing = try checked(spacing, "lineSpacing", "one number")[0]
    }
    if let spacing = collectionView.numbers("interitemSpacing", section: s, item: nil) {
      guard spacing.count == 1 else {
        throw LayoutError("\(describe()) has interitemSpacing of \(spacing.count) numbers: expected one")
      }
      c.interitemSpacing = try checked(spacing, "interitemSpacing", "one number")[0]
    }
    return c
  }
}

private func formatted(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
