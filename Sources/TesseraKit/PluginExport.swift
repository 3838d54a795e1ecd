import Synchronization
import TesseraABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Builds a plugin's C description from Swift layout types. A plugin's whole export is:
///
/// ```swift
/// @c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
///   exportPlugin(name: "flow", version: "1.0.0", layouts: [FlowLayout.self], host: (major, minor))
/// }
/// ```
///
/// Returns nil (the entry's "cannot work with this host") when the host's ABI major differs.
/// The description is built once and lives as long as the process: libraries are never
/// unloaded.
public func exportPlugin(
  name: String, version: String, layouts: [any CollectionLayout.Type], host: (UInt32, UInt32)
) -> UnsafeRawPointer? {
  exportPlugin(name: name, version: version, exporting: layouts.map(ExportedLayout.init), host: host)
}

/// Like `exportPlugin(name:version:layouts:host:)`, for layouts given as values: a description
/// and a function that makes an instance (what a UIKit layout's registration builds).
public func exportPlugin(
  name: String, version: String, exporting layouts: [ExportedLayout], host: (UInt32, UInt32)
) -> UnsafeRawPointer? {
  guard host.0 == UInt32(TESSERA_ABI_MAJOR) else { return nil }
  let result = exported.withLock { state -> PluginPointer in
    if let plugin = state.plugin { return plugin }
    let plugin = makePlugin(name: name, version: version, layouts: layouts, into: &state)
    state.plugin = plugin
    return plugin
  }
  return UnsafeRawPointer(result.pointer)
}

/// A description of `layouts` made on every call, not only the first (TesseraTesting checks
/// several layout lists in one test process); it lives as long as the process.
package func exportAnotherPlugin(name: String, version: String, layouts: [any CollectionLayout.Type])
  -> UnsafeRawPointer
{
  exportAnotherPlugin(name: name, version: version, exporting: layouts.map(ExportedLayout.init))
}

/// `exportAnotherPlugin` for layouts given as values.
package func exportAnotherPlugin(name: String, version: String, exporting layouts: [ExportedLayout])
  -> UnsafeRawPointer
{
  let result = exported.withLock { state in makePlugin(name: name, version: version, layouts: layouts, into: &state) }
  return UnsafeRawPointer(result.pointer)
}

private func makePlugin(
  name: String, version: String, layouts: [ExportedLayout], into state: inout ExportState
) -> PluginPointer {
  let descriptors = UnsafeMutablePointer<UnsafePointer<tessera_layout_descriptor>?>.allocate(
    capacity: max(layouts.count, 1))
  for (index, layout) in layouts.enumerated() {
    let descriptor = makeDescriptor(for: layout.description)
    state.layouts.append((UnsafeRawPointer(descriptor), layout))
    if let table = makeDrawingTable(layout.description) {
      state.drawings.append((UnsafeRawPointer(descriptor), table))
    }
    if let option = layout.description.zoomOption {
      let table = UnsafeMutablePointer<tessera_zoom_extension>.allocate(capacity: 1)
      table.initialize(
        to: tessera_zoom_extension(
          struct_size: UInt32(MemoryLayout<tessera_zoom_extension>.size),
          axes: layout.description.zoomAxes.rawValue, scale_option: permanent(option)))
      state.zooms.append((UnsafeRawPointer(descriptor), UnsafeRawPointer(table)))
    }
    if layout.description.movesWithTime {
      state.clocks.append((UnsafeRawPointer(descriptor), clockTable))
      state.motionStates.append((UnsafeRawPointer(descriptor), motionStateTable))
    }
    descriptors[index] = UnsafePointer(descriptor)
  }
  let plugin = UnsafeMutablePointer<tessera_plugin>.allocate(capacity: 1)
  plugin.initialize(
    to: tessera_plugin(
      struct_size: UInt32(MemoryLayout<tessera_plugin>.size),
      abi_major: UInt32(TESSERA_ABI_MAJOR), abi_minor: UInt32(TESSERA_ABI_MINOR),
      layout_count: UInt32(layouts.count), name: permanent(name), version: permanent(version),
      layouts: UnsafePointer(descriptors)))
  return PluginPointer(pointer: plugin)
}

private struct PluginPointer: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<tessera_plugin>
}

private struct ExportState: @unchecked Sendable {
  var plugin: PluginPointer?
  var layouts: [(UnsafeRawPointer, ExportedLayout)] = []
  /// The `tessera.drawing/1` table of each descriptor that has one.
  var drawings: [(UnsafeRawPointer, UnsafeRawPointer)] = []
  /// The `tessera.zoom/1` table of each descriptor whose layout names a zoom option.
  var zooms: [(UnsafeRawPointer, UnsafeRawPointer)] = []
  /// The `tessera.clock/1` table of each descriptor whose layout moves with time.
  var clocks: [(UnsafeRawPointer, UnsafeRawPointer)] = []
  /// The `tessera.state/1` table of the same descriptors.
  var motionStates: [(UnsafeRawPointer, UnsafeRawPointer)] = []
}

/// The one `tessera.clock/1` table every Swift layout that moves with time shares: its functions
/// reach the layout through the instance.
nonisolated(unsafe) private let clockTable: UnsafeRawPointer = {
  let table = UnsafeMutablePointer<tessera_clock_extension>.allocate(capacity: 1)
  table.initialize(
    to: tessera_clock_extension(
      struct_size: UInt32(MemoryLayout<tessera_clock_extension>.size), reserved: 0,
      advance: LayoutThunks.advance, is_running: LayoutThunks.isRunning))
  return UnsafeRawPointer(table)
}()

/// The one `tessera.state/1` table every Swift layout that moves with time shares.
nonisolated(unsafe) private let motionStateTable: UnsafeRawPointer = {
  let table = UnsafeMutablePointer<tessera_state_extension>.allocate(capacity: 1)
  table.initialize(
    to: tessera_state_extension(
      struct_size: UInt32(MemoryLayout<tessera_state_extension>.size), reserved: 0,
      save: LayoutThunks.saveMotion, restore: LayoutThunks.restoreMotion))
  return UnsafeRawPointer(table)
}()

/// The extension table `id` names for `descriptor`, if this library exported one.
func exportedExtension(_ id: String, for descriptor: UnsafePointer<tessera_layout_descriptor>?) -> UnsafeRawPointer? {
  let found = exported.withLock { state -> RawBox in
    let tables: [(UnsafeRawPointer, UnsafeRawPointer)] =
      switch id {
      case TESSERA_DRAWING_EXTENSION_ID: state.drawings
      case TESSERA_ZOOM_EXTENSION_ID: state.zooms
      case TESSERA_CLOCK_EXTENSION_ID: state.clocks
      case TESSERA_STATE_EXTENSION_ID: state.motionStates
      default: []
      }
    return RawBox(pointer: tables.first { $0.0 == UnsafeRawPointer(descriptor) }?.1)
  }
  return found.pointer
}

private struct RawBox: @unchecked Sendable {
  let pointer: UnsafeRawPointer?
}

/// The `tessera.drawing/1` table for a description's drawing hints; nil when it has none.
private func makeDrawingTable(_ description: LayoutDescription) -> UnsafeRawPointer? {
  guard !description.drawings.isEmpty else { return nil }
  let entries = UnsafeMutablePointer<tessera_kind_drawing>.allocate(capacity: description.drawings.count)
  for (index, hint) in description.drawings.enumerated() {
    let kind = ABIKindIndex.index(of: hint.kind, in: description.kinds) ?? ABIKindIndex.undeclared
    let shape: tessera_shape =
      switch hint.shape {
      case .box: TESSERA_SHAPE_BOX
      case .line: TESSERA_SHAPE_LINE
      case .dot: TESSERA_SHAPE_DOT
      }
    let direction = hint.direction == .rising ? TESSERA_LINE_RISING : TESSERA_LINE_FALLING
    let flip = hint.flipKey.flatMap { description.customKeys.firstIndex(of: $0) }.map(Int32.init) ?? -1
    let labelKey = hint.label.flatMap { description.customKeys.firstIndex(of: $0.key) }.map(Int32.init)
    let labelFormat: tessera_label_format =
      switch (labelKey, hint.label?.format) {
      case (.some, .number?): TESSERA_LABEL_NUMBER
      case (.some, .date?): TESSERA_LABEL_DATE
      default: TESSERA_LABEL_PATH
      }
    entries[index] = tessera_kind_drawing(
      struct_size: UInt32(MemoryLayout<tessera_kind_drawing>.size), kind: kind, shape: shape.rawValue,
      direction: direction.rawValue, flip_custom: flip, reserved: 0, label_format: labelFormat.rawValue,
      label_custom: labelKey ?? -1, colour_prop: hint.colourProp.map(permanent))
  }
  let table = UnsafeMutablePointer<tessera_drawing_extension>.allocate(capacity: 1)
  table.initialize(
    to: tessera_drawing_extension(
      struct_size: UInt32(MemoryLayout<tessera_drawing_extension>.size),
      kind_count: UInt32(description.drawings.count),
      kind_stride: UInt32(MemoryLayout<tessera_kind_drawing>.stride), reserved: 0, kinds: UnsafePointer(entries)))
  return UnsafeRawPointer(table)
}

private let exported = Mutex(ExportState())

/// The layout behind a descriptor this library exported.
func exportedLayout(for descriptor: UnsafePointer<tessera_layout_descriptor>?) -> ExportedLayout? {
  exported.withLock { state in state.layouts.first { $0.0 == UnsafeRawPointer(descriptor) }?.1 }
}

/// A C string that lives for the rest of the process.
private func permanent(_ string: String) -> UnsafePointer<CChar> {
  UnsafePointer(strdup(string)!)
}

private func permanentList(_ strings: [String]) -> UnsafePointer<UnsafePointer<CChar>?>? {
  guard !strings.isEmpty else { return nil }
  let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: strings.count)
  for (index, string) in strings.enumerated() { list[index] = permanent(string) }
  return UnsafePointer(list)
}

private func makeDescriptor(for description: LayoutDescription) -> UnsafeMutablePointer<tessera_layout_descriptor> {
  let options = UnsafeMutablePointer<tessera_option_descriptor>.allocate(capacity: max(description.options.count, 1))
  for (index, option) in description.options.enumerated() {
    var choices: [String] = []
    let kind: tessera_option_type
    switch option.type {
    case .bool: kind = TESSERA_OPTION_BOOL
    case .integer: kind = TESSERA_OPTION_INTEGER
    case .number: kind = TESSERA_OPTION_NUMBER
    case .size: kind = TESSERA_OPTION_SIZE
    case .insets: kind = TESSERA_OPTION_INSETS
    case .choice(let words):
      kind = TESSERA_OPTION_CHOICE
      choices = words
    case .string: kind = TESSERA_OPTION_STRING
    }
    (options + index).initialize(
      to: tessera_option_descriptor(
        struct_size: UInt32(MemoryLayout<tessera_option_descriptor>.size), type: kind.rawValue,
        name: permanent(option.name), doc: permanent(option.doc),
        default_value: permanent(option.defaultValue), minimum: option.minimum, maximum: option.maximum,
        choices: permanentList(choices), choice_count: UInt32(choices.count), reserved: 0))
  }
  // The cell kind first, so that positions here are ABI kind indices (ABIKindIndex).
  let allKinds = [ElementKind(.cell, "cell")] + description.kinds
  let kinds = UnsafeMutablePointer<tessera_element_kind>.allocate(capacity: allKinds.count)
  for (index, kind) in allKinds.enumerated() {
    kinds[index] = tessera_element_kind(
      struct_size: UInt32(MemoryLayout<tessera_element_kind>.size), category: kind.category.abi.rawValue,
      name: permanent(kind.name.description))
  }
  let descriptor = UnsafeMutablePointer<tessera_layout_descriptor>.allocate(capacity: 1)
  descriptor.initialize(
    to: tessera_layout_descriptor(
      struct_size: abiSize(tessera_layout_descriptor.self), reserved: 0,
      name: permanent(description.name), summary: permanent(description.summary),
      options: UnsafePointer(options), option_count: UInt32(description.options.count),
      option_stride: abiStride(tessera_option_descriptor.self),
      kinds: UnsafePointer(kinds), kind_count: UInt32(allKinds.count),
      kind_stride: abiStride(tessera_element_kind.self),
      custom_keys: permanentList(description.customKeys),
      custom_key_count: UInt32(description.customKeys.count), reserved2: 0,
      create: LayoutThunks.create, destroy: LayoutThunks.destroy, last_error: LayoutThunks.lastError,
      set_options: LayoutThunks.setOptions, prepare: LayoutThunks.prepare,
      content_size: LayoutThunks.contentSize, attributes_in_rect: LayoutThunks.attributesInRect,
      all_attributes: LayoutThunks.allAttributes, attributes_for_item: LayoutThunks.attributesForItem,
      attributes_for_supplementary: LayoutThunks.attributesForSupplementary,
      attributes_for_decoration: LayoutThunks.attributesForDecoration,
      should_invalidate_for_bounds: LayoutThunks.shouldInvalidateForBounds,
      invalidate: LayoutThunks.invalidate,
      should_invalidate_for_preferred: LayoutThunks.shouldInvalidateForPreferred,
      invalidation_context_for_preferred: LayoutThunks.invalidationContextForPreferred,
      prepare_for_updates: LayoutThunks.prepareForUpdates, finalize_updates: LayoutThunks.finalizeUpdates,
      initial_attributes_for_appearing: LayoutThunks.initialForAppearing,
      final_attributes_for_disappearing: LayoutThunks.finalForDisappearing,
      get_extension: LayoutThunks.getExtension,
      invalidation_context_for_bounds: LayoutThunks.invalidationContextForBounds,
      target_content_offset: LayoutThunks.targetContentOffset,
      target_content_offset_for_velocity: LayoutThunks.targetContentOffsetForVelocity,
      prepare_for_transition_to: LayoutThunks.prepareForTransitionTo,
      prepare_for_transition_from: LayoutThunks.prepareForTransitionFrom,
      finalize_layout_transition: LayoutThunks.finalizeLayoutTransition))
  return descriptor
}
