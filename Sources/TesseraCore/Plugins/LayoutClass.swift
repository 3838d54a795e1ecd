import TesseraABI
import TesseraKit

/// A layout as its plugin describes it, read once at load time: what `layout`, `help` and tab
/// completion show, and the descriptor used to create instances.
public final class LayoutClass: @unchecked Sendable {
  public let name: String
  public let summary: String
  public let options: [OptionSpec]
  /// kinds[0] is the cell kind; the rest are supplementary and decoration kinds. Positions are
  /// ABI kind indices (`ABIKindIndex`).
  public let kinds: [(category: tessera_category, name: String)]
  /// The supplementary and decoration kinds, without the cell kind: `declaredKinds[i]` is ABI
  /// kind index `i + 1`, as `LayoutDescription.kinds` is in the SDK.
  package let declaredKinds: [(category: tessera_category, name: String)]
  public let customKeys: [String]
  /// How pictures draw the layout's kinds (`tessera.drawing/1`), by kind name.
  public private(set) var drawings: [String: KindDrawingHint] = [:]
  /// The option `zoom` multiplies and the axes it stretches (`tessera.zoom/1`); nil when the
  /// layout does not zoom.
  public private(set) var zoomScale: ZoomScale?
  /// The layout's own time (`tessera.clock/1`); nil when its attributes do not move with time.
  public private(set) var clock: LayoutClock?
  /// How the layout saves and takes up its motion (`tessera.state/1`); nil when it cannot.
  public private(set) var motionState: LayoutMotionState?
  public let pluginPath: String
  /// How the supervisor names this layout when one of its calls crashes or hangs.
  package let callerTag: [UInt8]
  /// The plugin's descriptor: passed back as `self` to `create` and `get_extension`.
  package let descriptor: UnsafePointer<tessera_layout_descriptor>
  /// The descriptor as read, only the bytes inside its struct_size: functions an older plugin's
  /// descriptor does not reach are NULL here, never read past its end.
  package let table: tessera_layout_descriptor
  /// The ABI minor version the plugin was built for: before 2.4 a rect query could leave out
  /// frames that only touch the rect or have no area (`answersEmptyFrames`).
  public let abiMinor: UInt32

  /// Whether its rect queries follow Core Graphics' rule, zero-area frames included (ABI 2.4).
  public var answersEmptyFrames: Bool { abiMinor >= 4 }

  package init(
    descriptor: UnsafePointer<tessera_layout_descriptor>, pluginName: String, pluginPath: String, index: Int,
    abiMinor: UInt32 = UInt32(TESSERA_ABI_MINOR)
  ) throws(HostError) {
    self.abiMinor = abiMinor
    let d = ABIRecord(UnsafeRawPointer(descriptor), defaults: tessera_layout_descriptor()).value
    let where_ = "cannot load plugin \(pluginPath): layout \(index)"
    let required = Int(TESSERA_LAYOUT_DESCRIPTOR_V2_0_SIZE)
    guard Int(d.struct_size) >= required else {
      throw HostError(
        "\(where_): its tessera_layout_descriptor is \(d.struct_size) bytes, ABI \(TESSERA_ABI_MAJOR).0 requires at least \(required)"
      )
    }
    guard let rawName = d.name, !String(cString: rawName).isEmpty else { throw HostError("\(where_) has no name") }
    let name = String(cString: rawName)
    let missing = [
      ("create", d.create == nil), ("destroy", d.destroy == nil), ("last_error", d.last_error == nil),
      ("set_options", d.set_options == nil), ("prepare", d.prepare == nil), ("content_size", d.content_size == nil),
      ("attributes_in_rect", d.attributes_in_rect == nil), ("attributes_for_item", d.attributes_for_item == nil),
      ("invalidate", d.invalidate == nil),
    ].filter(\.1).map(\.0)
    guard missing.isEmpty else {
      throw HostError("\(where_) '\(name)' leaves required functions NULL: \(missing.joined(separator: ", "))")
    }
    let array = DescriptorArrays(context: "\(where_) '\(name)'")
    var kinds: [(tessera_category, String)] = []
    for k in 0..<Int(d.kind_count) {
      let kind = try array.element(
        "kinds", d.kinds, index: k, count: d.kind_count, stride: d.kind_stride,
        minimum: TESSERA_ELEMENT_KIND_V2_0_SIZE, defaults: tessera_element_kind())
      guard kind.category <= 2, let kindName = kind.name else {
        throw HostError("\(where_) '\(name)': element kind \(k) is malformed")
      }
      kinds.append((tessera_category(rawValue: kind.category), String(cString: kindName)))
    }
    guard let first = kinds.first, first.0 == TESSERA_CATEGORY_CELL else {
      throw HostError("\(where_) '\(name)': kinds[0] must be the cell kind")
    }
    var options: [OptionSpec] = []
    for o in 0..<Int(d.option_count) {
      let option = try array.element(
        "options", d.options, index: o, count: d.option_count, stride: d.option_stride,
        minimum: TESSERA_OPTION_DESCRIPTOR_V2_0_SIZE, defaults: tessera_option_descriptor())
      options.append(try OptionSpec(option, index: o, context: "\(where_) '\(name)'"))
    }
    guard d.custom_key_count <= UInt32(TESSERA_MAX_CUSTOM_VALUES) else {
      throw HostError(
        "\(where_) '\(name)' declares \(d.custom_key_count) custom keys; a record carries at most \(TESSERA_MAX_CUSTOM_VALUES) custom values"
      )
    }
    var customKeys: [String] = []
    for k in 0..<Int(d.custom_key_count) {
      guard let keys = d.custom_keys, let key = keys[k] else {
        throw HostError("\(where_) '\(name)': custom key \(k) is NULL")
      }
      customKeys.append(String(cString: key))
    }
    self.name = name
    self.summary = d.summary.map { String(cString: $0) } ?? ""
    self.kinds = kinds
    self.declaredKinds = Array(kinds.dropFirst())
    self.options = options
    self.customKeys = customKeys
    self.pluginPath = pluginPath
    self.callerTag = Array((pluginName == name ? "plugin '\(name)'" : "plugin '\(pluginName)' (layout '\(name)')").utf8)
    self.descriptor = descriptor
    self.table = d
    let source = ExtensionSource(descriptor, table: d, callerTag: callerTag, context: "\(where_) '\(name)'")
    self.drawings = try Self.readDrawings(source, kinds: kinds, customKeys: customKeys)
    self.zoomScale = try Self.readZoomScale(source, options: options)
    self.clock = try Self.readClock(source)
    self.motionState = try Self.readMotionState(source)
  }

  public func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// Its options as `layout NAME key=value ...` reads them.
  public var optionSchema: OptionSchema { OptionSchema("layout \(name)", options) }

  /// The ABI index of the kind named `name` (nil: a cell); nil when the layout declares no such
  /// kind, which is never read as a cell.
  package func kindIndex(named name: String?) -> UInt32? {
    ABIKindIndex.index(of: name, in: declaredKinds) { $0.name == $1 }
  }

  /// The declared kind ABI index `index` names; nil for the cell index and undeclared indices.
  package func declaredKind(at index: some BinaryInteger) -> (category: tessera_category, name: String)? {
    ABIKindIndex.declaredPosition(of: index, count: declaredKinds.count).map { declaredKinds[$0] }
  }

  public var supplementaryKinds: [String] { kindNames(.supplementary) }

  /// The kinds of several layouts (a layout change's two), each once, in the order the first
  /// declares them, then the next one's new kinds.
  package static func kindNames(of classes: [LayoutClass?], _ category: ElementCategory?) -> [String] {
    var names: [String] = []
    for layoutClass in classes {
      for name in layoutClass?.kindNames(category) ?? [] where !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// The names of the declared kinds of `category` (nil: supplementary and decoration kinds),
  /// in declaration order.
  public func kindNames(_ category: ElementCategory?) -> [String] {
    declaredKinds.filter { kind in category.map { ElementCategory(kind.category) == $0 } ?? true }.map(\.name)
  }
}
