import TesseraABI
import TesseraKit

/// One attributes object per element, reused from query to query, as UIKit's flow layout keeps
/// its attributes between passes (why it warns when a subclass changes them without copying). A
/// query refills an element's object with its current attributes, so an object is never stale;
/// a subclass that keeps one across calls sees it refilled, as with UIKit's cache.
///
/// Bounded: past `limit` objects the pool starts again, so a fling through a million items
/// holds at most that many. A value (its owner's one stored property), so a lookup pays one
/// exclusivity check, not one per field.
struct AttributesPool {
  static let limit = 131_072

  private var cells: [UICollectionViewLayoutAttributes?] = []
  private var others: [Key: UICollectionViewLayoutAttributes] = [:]
  /// Where each section's items start among `cells`.
  private var sectionStarts: [Int] = [0]
  private var made = 0

  private struct Key: Hashable {
    var kind: ElementKind
    var indexPath: TesseraKit.IndexPath
  }

  /// The sections' item counts changed (or may have): cells are found by their new positions.
  mutating func resize(itemCounts: [Int]) {
    var starts = [0]
    starts.reserveCapacity(itemCounts.count + 1)
    for count in itemCounts { starts.append(starts.last! + count) }
    if starts != sectionStarts {
      sectionStarts = starts
      cells = Array(repeating: nil, count: starts.last!)
      made = others.count
    }
  }

  /// The object for `a`'s element, of class `type`, holding `a`: a lookup's answer.
  mutating func attributes(for a: LayoutAttributes, as type: UICollectionViewLayoutAttributes.Type)
    -> UICollectionViewLayoutAttributes
  {
    let object = self.object(kind: a.kind, indexPath: a.indexPath, as: type)
    object.fill(from: a)
    return object
  }

  /// The object for the element `record` describes (of kind `kind`, nil for a cell), of class
  /// `type`, holding its attributes: what a rect query's answer is made of.
  mutating func attributes(
    for record: UnsafePointer<tessera_attributes>, kind: ElementKind?, as type: UICollectionViewLayoutAttributes.Type
  ) -> UICollectionViewLayoutAttributes {
    let path = TesseraKit.IndexPath(Int(record.pointee.index_path.section), Int(record.pointee.index_path.item))
    let object = self.object(kind: kind, indexPath: path, as: type)
    object.fill(from: record, kind: kind)
    return object
  }

  /// The pooled object for an element (made when there is none, or one of another class); an
  /// element outside the sections' counts gets a new object, not pooled.
  private mutating func object(
    kind: ElementKind?, indexPath path: TesseraKit.IndexPath, as type: UICollectionViewLayoutAttributes.Type
  ) -> UICollectionViewLayoutAttributes {
    if made >= Self.limit { clear() }
    if let kind {
      let key = Key(kind: kind, indexPath: path)
      if let found = others[key], Swift.type(of: found) == type { return found }
      let fresh = type.init()
      others[key] = fresh
      made += 1
      return fresh
    }
    guard path.section >= 0, path.section + 1 < sectionStarts.count, path.item >= 0,
      sectionStarts[path.section] + path.item < sectionStarts[path.section + 1]
    else { return type.init() }
    let index = sectionStarts[path.section] + path.item
    if let found = cells[index], Swift.type(of: found) == type { return found }
    let fresh = type.init()
    cells[index] = fresh
    made += 1
    return fresh
  }

  private mutating func clear() {
    for index in cells.indices { cells[index] = nil }
    others.removeAll(keepingCapacity: true)
    made = 0
  }
}
