import TesseraABI

/// The C functions every Swift layout's descriptor points to. Each turns the opaque instance
/// back into its box and calls the Swift layout; nothing throws or traps across the boundary.
enum LayoutThunks {
  @inline(__always) static func box(_ instance: OpaquePointer?) -> LayoutInstanceBox {
    Unmanaged<LayoutInstanceBox>.fromOpaque(UnsafeRawPointer(instance!)).takeUnretainedValue()
  }

  static let create:
    @convention(c) (UnsafePointer<tessera_layout_descriptor>?, UnsafePointer<tessera_data_source>?) ->
      OpaquePointer? = { descriptor, dataSource in
        guard let dataSource, let layout = exportedLayout(for: descriptor) else { return nil }
        let box = LayoutInstanceBox(layout: layout, dataSource: dataSource)
        return OpaquePointer(Unmanaged.passRetained(box).toOpaque())
      }

  static let destroy: @convention(c) (OpaquePointer?) -> Void = { instance in
    guard let instance else { return }
    Unmanaged<LayoutInstanceBox>.fromOpaque(UnsafeRawPointer(instance)).release()
  }

  static let lastError: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>? = { instance in
    box(instance).lastError.withUnsafeBufferPointer { $0.baseAddress }
  }

  static let setOptions:
    @convention(c) (OpaquePointer?, UnsafePointer<tessera_option_value>?, Int, UInt32) -> tessera_status = {
      instance, values, count, stride in
      let box = box(instance)
      box.clearError()
      var options = LayoutOptions()
      let described = box.description.options
      guard count == 0 || (values != nil && Int(stride) >= Int(TESSERA_OPTION_VALUE_V2_0_SIZE)) else {
        return box.fail(
          "set_options: \(count) values at a stride of \(stride) bytes (at least \(TESSERA_OPTION_VALUE_V2_0_SIZE))")
      }
      for index in 0..<count {
        let value = ABIRecord(
          UnsafeRawPointer(values!), at: index, stride: Int(stride), defaults: tessera_option_value()
        )
        .value
        guard Int(value.option) < described.count else {
          return box.fail("option index \(value.option) is out of range (\(described.count) options)")
        }
        let option = described[Int(value.option)]
        let n = value.numbers
        let text = value.text.map { String(cString: $0) } ?? ""
        let numbers: [Double]
        switch option.type {
        case .integer, .number: numbers = [n.0]
        case .size: numbers = [n.0, n.1]
        case .insets: numbers = [n.0, n.1, n.2, n.3]
        case .bool, .choice, .string: numbers = []
        }
        for number in numbers where !(number >= option.minimum && number <= option.maximum) {
          return box.fail(
            "option '\(option.name)': \(number) is out of range (from \(option.minimum) to \(option.maximum))")
        }
        let typed: OptionValue
        switch option.type {
        case .bool: typed = .bool(n.0 != 0)
        case .integer:
          guard let whole = Int(exactly: n.0) else {
            return box.fail("option '\(option.name)': \(n.0) is not a whole number an Int holds")
          }
          typed = .integer(whole)
        case .number: typed = .number(n.0)
        case .size: typed = .size(Size(width: n.0, height: n.1))
        case .insets: typed = .insets(EdgeInsets(top: n.0, left: n.1, bottom: n.2, right: n.3))
        case .choice: typed = .choice(text)
        case .string: typed = .string(text)
        }
        options.values[option.name] = typed
      }
      do throws(LayoutError) {
        try box.layout.apply(options: options)
        return tessera_status(TESSERA_OK)
      } catch {
        return box.fail(error.message)
      }
    }

  static let prepare: @convention(c) (OpaquePointer?) -> tessera_status = { instance in
    let box = box(instance)
    box.clearError()
    do throws(LayoutError) {
      try box.layout.prepare()
      return tessera_status(TESSERA_OK)
    } catch {
      return box.fail(error.message)
    }
  }

  static let contentSize: @convention(c) (OpaquePointer?, UnsafeMutablePointer<tessera_size>?) -> tessera_status =
    { instance, out in
      let size = box(instance).layout.collectionViewContentSize
      out?.pointee = size.abi
      return tessera_status(TESSERA_OK)
    }

  static let attributesInRect:
    @convention(c) (OpaquePointer?, tessera_rect, UnsafeMutablePointer<tessera_attributes_buffer>?) ->
      tessera_status = { instance, rect, buffer in
        let box = box(instance)
        let query = Rect(rect)
        return box.fill(buffer!) { box.layout.layoutAttributesForElements(in: query, into: &$0) }
      }

  static let allAttributes:
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<tessera_attributes_buffer>?) -> tessera_status = {
      instance, buffer in
      let box = box(instance)
      return box.fill(buffer!) { box.layout.layoutAttributesForAllElements(into: &$0) }
    }

  static let attributesForItem:
    @convention(c) (OpaquePointer?, tessera_index_path, UnsafeMutablePointer<tessera_attributes>?) ->
      tessera_status = { instance, path, out in
        let box = box(instance)
        guard let found = box.layout.layoutAttributesForItem(at: IndexPath(path)) else {
          return box.checked(tessera_status(TESSERA_NOT_FOUND))
        }
        box.write(found, to: out)
        return box.checked(tessera_status(TESSERA_OK))
      }

  static let attributesForSupplementary:
    @convention(c) (OpaquePointer?, UInt32, tessera_index_path, UnsafeMutablePointer<tessera_attributes>?) ->
      tessera_status = { instance, kind, path, out in
        let box = box(instance)
        guard let kind = box.kind(at: kind),
          let found = box.layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(path))
        else { return box.checked(tessera_status(TESSERA_NOT_FOUND)) }
        box.write(found, to: out)
        return box.checked(tessera_status(TESSERA_OK))
      }

  static let attributesForDecoration:
    @convention(c) (OpaquePointer?, UInt32, tessera_index_path, UnsafeMutablePointer<tessera_attributes>?) ->
      tessera_status = { instance, kind, path, out in
        let box = box(instance)
        guard let kind = box.kind(at: kind),
          let found = box.layout.layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(path))
        else { return box.checked(tessera_status(TESSERA_NOT_FOUND)) }
        box.write(found, to: out)
        return box.checked(tessera_status(TESSERA_OK))
      }

  static let shouldInvalidateForBounds: @convention(c) (OpaquePointer?, tessera_rect) -> tessera_bool = {
    instance, r in
    box(instance).layout.shouldInvalidateLayout(forBoundsChange: Rect(r)) ? 1 : 0
  }

  static let invalidate:
    @convention(c) (OpaquePointer?, UnsafePointer<tessera_invalidation_context>?) -> tessera_status = {
      instance, context in
      let box = box(instance)
      box.clearError()
      guard let context else { return tessera_status(TESSERA_OK) }
      let c = ABIRecord(UnsafeRawPointer(context), defaults: tessera_invalidation_context()).value
      var swift = InvalidationContext(flags: .init(rawValue: c.flags))
      swift.items = (0..<c.item_count).map { IndexPath(c.items[$0]) }
      // References to kinds the layout did not declare are dropped (ABIKindIndex).
      swift.supplementaries = (0..<c.supplementary_count).compactMap { box.elementRef(from: c.supplementaries[$0]) }
      swift.decorations = (0..<c.decoration_count).compactMap { box.elementRef(from: c.decorations[$0]) }
      swift.preferredSizes = (0..<c.preferred_size_count).map {
        .init(
          ABIRecord(
            UnsafeRawPointer(c.preferred_sizes), at: $0, stride: Int(c.preferred_size_stride),
            defaults: tessera_preferred_size()
          ).value)
      }
      swift.updateItems = (0..<c.update_item_count).compactMap {
        UpdateItem(
          ABIRecord(
            UnsafeRawPointer(c.update_items), at: $0, stride: Int(c.update_item_stride),
            defaults: tessera_update_item()
          ).value)
      }
      swift.contentSizeAdjustment = Size(c.content_size_adjustment)
      swift.contentOffsetAdjustment = Point(c.content_offset_adjustment)
      box.layout.invalidateLayout(with: swift)
      return tessera_status(TESSERA_OK)
    }

  static let shouldInvalidateForPreferred:
    @convention(c) (OpaquePointer?, UnsafePointer<tessera_attributes>?, UnsafePointer<tessera_attributes>?) ->
      tessera_bool = { instance, preferred, original in
        let box = box(instance)
        guard let p = preferred.flatMap({ box.attributes(from: $0) }),
          let o = original.flatMap({ box.attributes(from: $0) })
        else { return 0 }
        return box.layout.shouldInvalidateLayout(forPreferredLayoutAttributes: p, withOriginalAttributes: o) ? 1 : 0
      }

  static let invalidationContextForPreferred:
    @convention(c) (
      OpaquePointer?, UnsafePointer<tessera_attributes>?, UnsafePointer<tessera_attributes>?,
      UnsafeMutablePointer<tessera_invalidation_context>?
    ) -> tessera_status = { instance, preferred, original, out in
      let box = box(instance)
      box.clearError()
      guard let out, let p = preferred.flatMap({ box.attributes(from: $0) }),
        let o = original.flatMap({ box.attributes(from: $0) })
      else { return box.fail("invalidation_context_for_preferred: missing or malformed attributes") }
      let context = box.layout.invalidationContext(forPreferredLayoutAttributes: p, withOriginalAttributes: o)
      box.returnContext(context, into: out)
      return tessera_status(TESSERA_OK)
    }

  static let invalidationContextForBounds:
    @convention(c) (OpaquePointer?, tessera_rect, UnsafeMutablePointer<tessera_invalidation_context>?) ->
      tessera_status = { instance, bounds, out in
        let box = box(instance)
        box.clearError()
        guard let out else { return box.fail("invalidation_context_for_bounds: no context to fill") }
        box.returnContext(box.layout.invalidationContext(forBoundsChange: Rect(bounds)), into: out)
        return tessera_status(TESSERA_OK)
      }

  static let advance:
    @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<tessera_clock_report>?) -> tessera_status = {
      instance, seconds, out in
      let box = box(instance)
      box.clearError()
      guard let out else { return box.fail("advance: no report to fill") }
      guard seconds.isFinite, seconds > 0 else { return box.fail("advance: \(seconds) is not a time step") }
      let step: ClockStep
      do throws(LayoutError) {
        step = try box.layout.advance(by: seconds)
      } catch {
        return box.fail(error.message)
      }
      var report = tessera_clock_report()
      report.running = step.running ? 1 : 0
      report.invalidates = step.invalidation == nil ? 0 : 1
      if let context = step.invalidation {
        box.clockContext.pointee.struct_size = UInt32(MemoryLayout<tessera_invalidation_context>.size)
        box.returnContext(context, into: box.clockContext)
        report.context = UnsafePointer(box.clockContext)
      }
      let room = min(Int(out.pointee.struct_size), MemoryLayout<tessera_clock_report>.size)
      guard room >= MemoryLayout<UInt32>.size else { return box.fail("advance: the report is too small") }
      report.struct_size = UInt32(room)
      withUnsafeBytes(of: &report) { bytes in
        UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: room)
      }
      return tessera_status(TESSERA_OK)
    }

  static let isRunning: @convention(c) (OpaquePointer?) -> tessera_bool = { instance in
    box(instance).layout.isMoving ? 1 : 0
  }

  static let saveMotion:
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, UnsafeMutablePointer<Int>?) ->
      tessera_status = { instance, bytes, count in
        let box = box(instance)
        box.clearError()
        guard let bytes, let count else { return box.fail("save: nowhere to put the bytes") }
        let motion: [UInt8]
        do throws(LayoutError) {
          motion = try box.layout.savedMotion()
        } catch {
          return box.fail(error.message)
        }
        bytes.pointee = box.keepMotion(motion)
        count.pointee = motion.count
        return tessera_status(TESSERA_OK)
      }

  static let restoreMotion: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int) -> tessera_status = {
    instance, bytes, count in
    let box = box(instance)
    box.clearError()
    guard count >= 0, count == 0 || bytes != nil else { return box.fail("restore: \(count) bytes at NULL") }
    let copy = count == 0 ? [] : Array(UnsafeBufferPointer(start: bytes, count: count))
    do throws(LayoutError) {
      try box.layout.restoreMotion(copy)
    } catch {
      return box.fail(error.message)
    }
    return tessera_status(TESSERA_OK)
  }

  static let targetContentOffset:
    @convention(c) (OpaquePointer?, tessera_point, UnsafeMutablePointer<tessera_point>?) -> tessera_status = {
      instance, proposed, out in
      out?.pointee = box(instance).layout.targetContentOffset(forProposedContentOffset: Point(proposed)).abi
      return tessera_status(TESSERA_OK)
    }

  static let targetContentOffsetForVelocity:
    @convention(c) (OpaquePointer?, tessera_point, tessera_point, UnsafeMutablePointer<tessera_point>?) ->
      tessera_status = { instance, proposed, velocity, out in
        out?.pointee =
          box(instance).layout.targetContentOffset(
            forProposedContentOffset: Point(proposed), withScrollingVelocity: Point(velocity)
          ).abi
        return tessera_status(TESSERA_OK)
      }

  static let prepareForTransitionTo:
    @convention(c) (OpaquePointer?, UnsafePointer<tessera_layout_descriptor>?) -> tessera_status = {
      instance, other in
      box(instance).layout.prepareForTransition(to: LayoutReference(other))
      return tessera_status(TESSERA_OK)
    }

  static let prepareForTransitionFrom:
    @convention(c) (OpaquePointer?, UnsafePointer<tessera_layout_descriptor>?) -> tessera_status = {
      instance, other in
      box(instance).layout.prepareForTransition(from: LayoutReference(other))
      return tessera_status(TESSERA_OK)
    }

  static let finalizeLayoutTransition: @convention(c) (OpaquePointer?) -> Void = { instance in
    box(instance).layout.finalizeLayoutTransition()
  }

  static let prepareForUpdates:
    @convention(c) (OpaquePointer?, UnsafePointer<tessera_update_item>?, Int, UInt32) -> tessera_status = {
      instance, items, count, stride in
      let box = box(instance)
      box.clearError()
      guard count == 0 || (items != nil && Int(stride) >= Int(TESSERA_UPDATE_ITEM_V2_0_SIZE)) else {
        return box.fail(
          "prepare_for_updates: \(count) items at a stride of \(stride) bytes (at least \(TESSERA_UPDATE_ITEM_V2_0_SIZE))"
        )
      }
      let updates = (0..<count).compactMap {
        UpdateItem(
          ABIRecord(UnsafeRawPointer(items!), at: $0, stride: Int(stride), defaults: tessera_update_item()).value)
      }
      box.layout.prepare(forCollectionViewUpdates: updates)
      return tessera_status(TESSERA_OK)
    }

  static let finalizeUpdates: @convention(c) (OpaquePointer?) -> Void = { instance in
    box(instance).layout.finalizeCollectionViewUpdates()
  }

  static let initialForAppearing:
    @convention(c) (OpaquePointer?, UInt32, tessera_index_path, UnsafeMutablePointer<tessera_attributes>?) ->
      tessera_status = { instance, kind, path, out in
        let box = box(instance)
        let declared = box.kind(at: kind)
        // An undeclared kind is no cell (ABIKindIndex).
        guard kind == ABIKindIndex.cell || declared != nil else { return tessera_status(TESSERA_NOT_FOUND) }
        guard let found = box.layout.initialLayoutAttributesForAppearingElement(kind: declared, at: IndexPath(path))
        else { return tessera_status(TESSERA_UNSUPPORTED) }
        box.write(found, to: out)
        return tessera_status(TESSERA_OK)
      }

  static let finalForDisappearing:
    @convention(c) (OpaquePointer?, UInt32, tessera_index_path, UnsafeMutablePointer<tessera_attributes>?) ->
      tessera_status = { instance, kind, path, out in
        let box = box(instance)
        let declared = box.kind(at: kind)
        // An undeclared kind is no cell (ABIKindIndex).
        guard kind == ABIKindIndex.cell || declared != nil else { return tessera_status(TESSERA_NOT_FOUND) }
        guard let found = box.layout.finalLayoutAttributesForDisappearingElement(kind: declared, at: IndexPath(path))
        else { return tessera_status(TESSERA_UNSUPPORTED) }
        box.write(found, to: out)
        return tessera_status(TESSERA_OK)
      }

  static let getExtension:
    @convention(c) (UnsafePointer<tessera_layout_descriptor>?, UnsafePointer<CChar>?) -> UnsafeRawPointer? = {
      descriptor, id in
      guard let id else { return nil }
      return exportedExtension(String(cString: id), for: descriptor)
    }
}
