import TesseraABI
import TesseraKit

/// A layout's zoom scale (`tessera.zoom/1`, zoom.h): the option `zoom FACTOR` multiplies and the
/// axes it stretches the content along.
public struct ZoomScale: Sendable {
  public var option: OptionSpec
  public var stretchesX: Bool
  public var stretchesY: Bool
}

extension LayoutClass {
  /// Reads the layout's zoom table, if it has one: it must name one of the layout's options, of
  /// a type a factor can multiply, and only known axes.
  package static func readZoomScale(_ source: ExtensionSource, options: [OptionSpec]) throws(HostError) -> ZoomScale? {
    guard
      let table = try source.table(
        TESSERA_ZOOM_EXTENSION_ID, defaults: tessera_zoom_extension(),
        minimumSize: Int(TESSERA_ZOOM_EXTENSION_V1_SIZE))
    else { return nil }
    func bad(_ what: String) -> HostError { source.bug(TESSERA_ZOOM_EXTENSION_ID, what) }
    let known = UInt32(TESSERA_ZOOM_AXIS_X | TESSERA_ZOOM_AXIS_Y)
    guard table.axes & ~known == 0 else { throw bad("names unknown axes \(table.axes): give x (1), y (2), or both") }
    guard let raw = table.scale_option else { throw bad("names no option") }
    let name = String(cString: raw)
    guard let option = options.first(where: { $0.name == name }) else {
      throw bad("names option '\(name)', which the layout does not have")
    }
    guard [.integer, .number, .size].contains(option.type) else {
      throw bad("names option '\(name)' of type \(option.type.placeholder): a zoom scale is a number or a size")
    }
    let axes = table.axes == 0 ? known : table.axes
    return ZoomScale(
      option: option, stretchesX: axes & UInt32(TESSERA_ZOOM_AXIS_X) != 0,
      stretchesY: axes & UInt32(TESSERA_ZOOM_AXIS_Y) != 0)
  }
}
