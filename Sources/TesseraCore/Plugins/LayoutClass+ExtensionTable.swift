import TesseraABI
import TesseraKit

/// Where a layout's extension tables are looked up (layout.h's `get_extension`), and what a
/// report about one of them names.
package struct ExtensionSource {
  let descriptor: UnsafePointer<tessera_layout_descriptor>
  let table: tessera_layout_descriptor
  let callerTag: [UInt8]
  /// How reports name the layout (`plugin FILE: layout 'NAME'`).
  let context: String

  package init(
    _ descriptor: UnsafePointer<tessera_layout_descriptor>, table: tessera_layout_descriptor, callerTag: [UInt8],
    context: String
  ) {
    self.descriptor = descriptor
    self.table = table
    self.callerTag = callerTag
    self.context = context
  }

  /// The table `id` names, read within its declared size (the rest takes `defaults`), or nil
  /// when the layout has none; a table smaller than `minimumSize` is the plugin's bug.
  func table<Table>(_ id: String, defaults: Table, minimumSize: Int) throws(HostError) -> Table? {
    guard let getExtension = table.get_extension else { return nil }
    let found = PluginCallMarker.around(callerTag, "get_extension") { getExtension(descriptor, id) }
    guard let found else { return nil }
    let record = ABIRecord(found, defaults: defaults)
    guard record.declaredSize >= minimumSize else {
      throw bug(id, "is \(record.declaredSize) bytes, smaller than the \(minimumSize) this host reads")
    }
    return record.value
  }

  /// The plugin's bug in table `id`: `what` is wrong with it.
  func bug(_ id: String, _ what: String) -> HostError {
    HostError(.pluginBug, "\(context): its \(id) table \(what) (plugin bug)")
  }
}
