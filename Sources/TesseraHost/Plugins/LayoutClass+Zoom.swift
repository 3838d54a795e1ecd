import TesseraABI
import TesseraKit

/// The `tessera.zoom/1` extension (zoom.h): which option `zoom FACTOR` multiplies.
extension LayoutClass {
  /// Reads the layout's zoom table, if it has one: it must name one of the layout's options, of
  /// a type a factor can multiply.
  static func readZoomOption(
    _ descriptor: UnsafePointer<tessera_layout_descriptor>, table: tessera_layout_descriptor, options: [OptionSpec],
    callerTag: [UInt8], context: String
  ) throws(HostError) -> OptionSpec? {
    guard let getExtension = table.get_extension else { return nil }
    let found = PluginCallMarker.around(callerTag, "get_extension") {
      getExtension(descriptor, TESSERA_ZOOM_EXTENSION_ID)
    }
    guard let found else { return nil }
    func bad(_ what: String) -> HostError {
      HostError("\(context): its \(TESSERA_ZOOM_EXTENSION_ID) table \(what) (plugin bug)")
    }
    let record = ABIRecord(found, defaults: tessera_zoom_extension())
    let size = Int(TESSERA_ZOOM_EXTENSION_V1_SIZE)
    guard record.declaredSize >= size else {
      throw bad("is \(record.declaredSize) bytes, smaller than the \(size) this host reads")
    }
    guard let raw = record.value.scale_option else { throw bad("names no option") }
    let name = String(cString: raw)
    guard let option = options.first(where: { $0.name == name }) else {
      throw bad("names option '\(name)', which the layout does not have")
    }
    guard [.integer, .number, .size].contains(option.type) else {
      throw bad("names option '\(name)' of type \(option.type.placeholder): a zoom scale is a number or a size")
    }
    return option
  }
}
