import TesseraABI
import TesseraKit

/// The C callback table a layout instance reads the collection through. The context is the
/// session's `CollectionModel`, unretained: the `LayoutInstance` that owns the table keeps the
/// model alive.
package enum DataSourceTable {
  package static func make(for model: CollectionModel) -> tessera_data_source {
    tessera_data_source(
      struct_size: UInt32(MemoryLayout<tessera_data_source>.size), reserved: 0,
      context: Unmanaged.passUnretained(model).toOpaque(),
      bounds: bounds, number_of_sections: numberOfSections, number_of_items: numberOfItems,
      item_metrics: itemMetrics, number_property: numberProperty, string_property: stringProperty,
      index_path_for_id: indexPathForID, number_property_bulk: numberPropertyBulk, screen_scale: screenScale,
      reference_bulk: referenceBulk, scroll_insets: scrollInsets, touch_location: touchLocation)
  }

  /// Where the pan gesture's finger is or last was; 1 while it is down.
  package static let touchLocation:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<tessera_point>?) -> tessera_bool = {
      context, out in
      let model = model(context)
      let touch = model.touch
      let location = touch.location(offset: model.bounds.origin)
      out?.pointee = tessera_point(x: location.x, y: location.y)
      return touch.isDown ? 1 : 0
    }

  /// Writes no more of the insets than the plugin's struct_size says it has room for.
  package static let scrollInsets:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<tessera_scroll_insets>?)
      -> Void = { context, out in
        guard let out else { return }
        var insets = model(context).scrollInsets.abi
        let room = min(Int(out.pointee.struct_size), MemoryLayout<tessera_scroll_insets>.size)
        guard room >= MemoryLayout<UInt32>.size else { return }
        insets.struct_size = UInt32(room)
        withUnsafeBytes(of: &insets) { bytes in
          UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: room)
        }
      }

  package static let referenceBulk:
    @convention(c) (
      UnsafeMutableRawPointer?, Int64, Int64, Int64, UnsafePointer<CChar>?, UnsafeMutablePointer<tessera_index_path>?
    ) -> Int64 = { context, section, first, count, key, out in
      let model = model(context)
      guard let key, let out, section >= 0, section < model.itemCounts.count else { return 0 }
      guard let range = clamped(first: first, count: count, within: model.itemCounts[Int(section)]) else { return 0 }
      let resolved = model.references(String(cString: key))[Int(section)]
      for (k, index) in range.enumerated() {
        let packed = resolved[index]
        out[k] =
          packed == CollectionModel.noReference
          ? tessera_index_path(section: -1, item: -1)
          : tessera_index_path(section: Int64(packed >> 32), item: Int64(packed & 0xFFFF_FFFF))
      }
      return Int64(range.count)
    }

  @inline(__always) package static func model(_ context: UnsafeMutableRawPointer?) -> CollectionModel {
    Unmanaged<CollectionModel>.fromOpaque(context!).takeUnretainedValue()
  }

  package static let bounds: @convention(c) (UnsafeMutableRawPointer?) -> tessera_rect = { context in
    model(context).bounds.abi
  }

  package static let screenScale: @convention(c) (UnsafeMutableRawPointer?) -> Double = { context in
    model(context).screenScale ?? 0
  }

  package static let numberOfSections: @convention(c) (UnsafeMutableRawPointer?) -> Int64 = { context in
    Int64(model(context).dataset.sections.count)
  }

  package static let numberOfItems: @convention(c) (UnsafeMutableRawPointer?, Int64) -> Int64 = { context, section in
    let sections = model(context).dataset.sections
    return section >= 0 && section < sections.count ? Int64(sections[Int(section)].items.count) : 0
  }

  package static let itemMetrics:
    @convention(c) (
      UnsafeMutableRawPointer?, Int64, Int64, Int64, UnsafeMutablePointer<tessera_item_metrics>?, UInt32
    ) -> Int64 = { context, section, first, count, out, stride in
      let model = model(context)
      guard section >= 0, section < model.dataset.sections.count, first >= 0, count > 0, let out,
        Int(stride) >= Int(TESSERA_ITEM_METRICS_V2_0_SIZE)
      else {
        return 0
      }
      let items = model.dataset.sections[Int(section)].items
      guard let range = clamped(first: first, count: count, within: items.count) else { return 0 }
      let (start, end) = (range.lowerBound, range.upperBound)
      items.copyMetrics(start..<end, to: UnsafeMutableRawPointer(out), stride: Int(stride))
      return Int64(end - start)
    }

  /// Items `first..<first+count` that exist among `available`, without overflow whatever the
  /// plugin passes (`first = INT64_MAX - 1` is an empty range, not a trap); nil when empty.
  package static func clamped(first: Int64, count: Int64, within available: Int) -> Range<Int>? {
    guard first >= 0, count > 0, first < available else { return nil }
    let start = Int(first)
    return start..<(start + min(Int(count), available - start))
  }

  /// An item's or section's property; section `header`/`footer` sizes read as two numbers.
  package static func property(_ model: CollectionModel, _ path: tessera_index_path, _ key: String) -> PropertyValue? {
    let sections = model.dataset.sections
    guard path.section >= 0, path.section < sections.count else { return nil }
    let section = sections[Int(path.section)]
    if path.isWholeSection {
      switch key {
      case "header": return section.header.map { .numbers([$0.width, $0.height]) }
      case "footer": return section.footer.map { .numbers([$0.width, $0.height]) }
      case "id": return .string(section.id)
      default: return section.props[key]
      }
    }
    guard path.item >= 0, path.item < section.items.count else { return nil }
    switch key {
    case "id": return .string(section.items.ids[Int(path.item)])
    case "size": return section.items[Int(path.item)].size.map { .numbers([$0.width, $0.height]) }
    case "estimated": return section.items[Int(path.item)].estimated.map { .numbers([$0.width, $0.height]) }
    default: return section.items.property(key, at: Int(path.item))
    }
  }

  package static let numberProperty:
    @convention(c) (
      UnsafeMutableRawPointer?, tessera_index_path, UnsafePointer<CChar>?, UnsafeMutablePointer<Double>?, Int64
    )
      -> Int64 = { context, path, key, out, capacity in
        guard let key else { return -1 }
        let numbers: [Double]
        switch property(model(context), path, String(cString: key)) {
        case .number(let n): numbers = [n]
        case .numbers(let list): numbers = list
        case .bool(let b): numbers = [b ? 1 : 0]
        default: return -1
        }
        if let out {
          for index in 0..<min(numbers.count, Int(max(0, capacity))) { out[index] = numbers[index] }
        }
        return Int64(numbers.count)
      }

  package static let numberPropertyBulk:
    @convention(c) (
      UnsafeMutableRawPointer?, Int64, Int64, Int64, UnsafePointer<CChar>?, Int64, UnsafeMutablePointer<Double>?,
      UnsafeMutablePointer<Int64>?
    ) -> Int64 = { context, section, first, count, key, perItem, out, lengths in
      let model = model(context)
      guard let key, let lengths, section >= 0, section < model.dataset.sections.count, perItem >= 0 else {
        return 0
      }
      // The plugin's buffer holds count * perItem numbers: a product that overflows is no buffer.
      guard !count.multipliedReportingOverflow(by: perItem).overflow else { return 0 }
      let name = String(cString: key)
      let items = model.dataset.sections[Int(section)].items
      guard let range = clamped(first: first, count: count, within: items.count) else { return 0 }
      let start = range.lowerBound
      // One column read straight through: no dictionary, no array per item.
      guard let column = items.propsColumns.column(name) else {
        for k in 0..<range.count { lengths[k] = -1 }
        return Int64(range.count)
      }
      for index in range {
        let k = index - start
        let slot = k * Int(perItem)
        column.withNumbers(at: index) { numbers in
          guard let numbers else {
            lengths[k] = -1
            return
          }
          lengths[k] = Int64(numbers.count)
          if let out {
            for j in 0..<min(numbers.count, Int(max(0, perItem))) { out[slot + j] = numbers[j] }
          }
        }
      }
      return Int64(range.count)
    }

  package static let stringProperty:
    @convention(c) (
      UnsafeMutableRawPointer?, tessera_index_path, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int64
    )
      -> Int64 = { context, path, key, out, capacity in
        guard let key, case .string(let text) = property(model(context), path, String(cString: key)) else {
          return -1
        }
        let bytes = Array(text.utf8)
        if let out, capacity > 0 {
          let copied = min(bytes.count, Int(capacity - 1))
          for index in 0..<copied { out[index] = CChar(bitPattern: bytes[index]) }
          out[copied] = 0
        }
        return Int64(bytes.count)
      }

  package static let indexPathForID:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<tessera_index_path>?) ->
      tessera_bool =
      {
        context, id, out in
        guard let id, let path = model(context).indexPath(forID: String(cString: id)) else { return 0 }
        out?.pointee = path.abi
        return 1
      }
}
