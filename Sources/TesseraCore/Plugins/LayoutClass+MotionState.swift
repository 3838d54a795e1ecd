import TesseraABI
import TesseraKit

/// How a moving layout saves its motion and takes it up again (`tessera.state/1`, state.h): what
/// lets a checkpoint hold springs in motion.
public struct LayoutMotionState: @unchecked Sendable {
  package var save:
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, UnsafeMutablePointer<Int>?) ->
      tessera_status
  package var restore: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int) -> tessera_status
}

extension LayoutClass {
  /// Reads the layout's state table, if it has one: it must be large enough and name both
  /// functions.
  package static func readMotionState(_ source: ExtensionSource) throws(HostError) -> LayoutMotionState? {
    let id = TESSERA_STATE_EXTENSION_ID
    guard
      let table = try source.table(
        id, defaults: tessera_state_extension(), minimumSize: Int(TESSERA_STATE_EXTENSION_V1_SIZE))
    else { return nil }
    guard let save = table.save, let restore = table.restore else { throw source.bug(id, "lacks save or restore") }
    return LayoutMotionState(save: save, restore: restore)
  }
}
