import TesseraKit

/// Attributes, computed on demand: rows by binary search over their tops, the header and the
/// tiles by arithmetic from the offset the last prepare read.
extension ParallaxLayout {
  /// The offset the header and the layers follow.
  var offset: Double { bounds.minY }

  /// Layer k's pace, a fraction of the content's: the farthest (k = 0) slowest.
  func speed(_ k: Int) -> Double { Double(k + 1) / Double(layers + 1) }

  /// Row `index` (counted over all sections): its index path and frame, full width.
  func row(_ index: Int) -> (IndexPath, Rect) {
    // The section holding it: the last whose first row is at or before it (empty sections
    // before a row share its first index, and the last of them is the row's).
    var low = 0
    var high = sectionFirst.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if sectionFirst[middle] <= index { low = middle } else { high = middle - 1 }
    }
    let top = starts[index]
    // The last row ends at the content's end; the others a spacing before the next row.
    let bottom = index + 1 == starts.count - 1 ? starts[index + 1] : starts[index + 1] - spacing
    return (IndexPath(low, index - sectionFirst[low]), Rect(x: 0, y: top, width: bounds.width, height: bottom - top))
  }

  func cell(_ index: Int) -> LayoutAttributes {
    let (path, frame) = row(index)
    return LayoutAttributes(indexPath: path, frame: frame)
  }

  /// The header: pulled past the top it reaches from the view's top to its rest bottom; scrolled
  /// up it moves at `headerSpeed`, behind the rows.
  func headerAttributes() -> LayoutAttributes {
    let frame =
      offset < 0
      ? Rect(x: 0, y: offset, width: bounds.width, height: headerHeight - offset)
      : Rect(x: 0, y: offset * (1 - headerSpeed), width: bounds.width, height: headerHeight)
    var attributes = LayoutAttributes(kind: Self.header, indexPath: IndexPath(0, 0), frame: frame)
    attributes.zIndex = -1
    return attributes
  }

  /// Tile j of layer k, at decoration index path (0, j × layers + k), cut to the content (a
  /// layer is a backdrop: nothing of it lies outside the content); nil where none of it is in.
  /// Its custom value `depth` is the layer's pace.
  func tile(layer k: Int, _ j: Int) -> LayoutAttributes? {
    let top = Double(j) * tileHeight + offset * (1 - speed(k))
    let (minY, maxY) = (max(0, top), min(contentSize.height, top + tileHeight))
    guard minY < maxY else { return nil }
    var attributes = LayoutAttributes(
      kind: Self.layer, indexPath: IndexPath(0, j * layers + k),
      frame: Rect(x: 0, y: minY, width: bounds.width, height: maxY - minY))
    attributes.zIndex = Int32(-100 + k)
    attributes.custom[0] = speed(k)
    return attributes
  }

  /// The tiles of layer k whose frames may reach the y range (one more each side for rounding).
  func tiles(layer k: Int, from minY: Double, to maxY: Double) -> ClosedRange<Int>? {
    guard tileCount > 0 else { return nil }
    let shift = offset * (1 - speed(k))
    let last = Double(tileCount - 1)
    let first = max(0, min(last, ((minY - shift) / tileHeight).rounded(.down) - 1))
    let end = max(0, min(last, ((maxY - shift) / tileHeight).rounded(.down) + 1))
    return first <= end ? Int(first)...Int(end) : nil
  }

  /// The first row whose bottom reaches `y`.
  func firstRow(reaching y: Double) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high) / 2
      if starts[middle + 1] < y { low = middle + 1 } else { high = middle }
    }
    return low
  }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    guard !sectionFirst.isEmpty, sectionFirst.count > 1 || !starts.isEmpty else { return }
    func add(_ attributes: LayoutAttributes) {
      if attributes.frame.intersects(rect) { sink.append(attributes) }
    }
    let rows = starts.count - 1
    var index = firstRow(reaching: rect.minY)
    while index < rows, starts[index] <= rect.maxY {
      add(cell(index))
      index += 1
    }
    guard collectionView.numberOfSections > 0 else { return }
    add(headerAttributes())
    for k in 0..<layers {
      if let range = tiles(layer: k, from: rect.minY, to: rect.maxY) {
        for j in range { if let tile = tile(layer: k, j) { add(tile) } }
      }
    }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sectionFirst.count - 1 else { return nil }
    let index = sectionFirst[indexPath.section] + indexPath.item
    guard indexPath.item >= 0, index < sectionFirst[indexPath.section + 1] else { return nil }
    return cell(index)
  }

  public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == Self.header, indexPath == IndexPath(0, 0), collectionView.numberOfSections > 0 else { return nil }
    return headerAttributes()
  }

  public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == Self.layer, layers > 0, indexPath.section == 0, indexPath.item >= 0,
      collectionView.numberOfSections > 0, indexPath.item / layers < tileCount
    else { return nil }
    return tile(layer: indexPath.item % layers, indexPath.item / layers)  // nil when outside the content
  }
}
