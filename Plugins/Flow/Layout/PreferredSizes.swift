import TesseraKit

/// Preferred sizes self-sizing cells reported, by position in the flow's item order. Dense (a
/// million cells may all report one), with a negative width meaning "none yet".
struct PreferredSizes {
  private var sizes: [Size] = []

  subscript(index: Int) -> Size? {
    get { index < sizes.count && sizes[index].width >= 0 ? sizes[index] : nil }
    set {
      if index >= sizes.count {
        sizes.append(contentsOf: repeatElement(Size(width: -1, height: -1), count: index + 1 - sizes.count))
      }
      sizes[index] = newValue ?? Size(width: -1, height: -1)
    }
  }

  /// Forgets the sizes from `count` on (their items moved: a batch changed the counts).
  mutating func truncate(to count: Int) {
    if count < sizes.count { sizes.removeSubrange(count...) }
  }

  mutating func removeAll() {
    sizes.removeAll()
  }
}
