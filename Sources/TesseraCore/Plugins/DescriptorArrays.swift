import TesseraABI
import TesseraKit

/// Reads the arrays a layout descriptor points to (kinds, options) by version.h's rules: each
/// element at the stride the plugin states, only the bytes inside its own struct_size, and every
/// element checked, so a plugin built against newer headers (larger elements) loads and one whose
/// elements are too small is refused with a message that says which and by how much.
package struct DescriptorArrays {
  /// What the messages start with: which plugin and layout.
  package let context: String

  package func element<Element>(
    _ name: String, _ base: UnsafePointer<Element>?, index: Int, count: UInt32, stride: UInt32, minimum: Int,
    defaults: Element
  ) throws(HostError) -> Element {
    guard count <= UInt32(Limits.descriptionEntries) else {
      throw HostError("\(context): it declares \(count) \(name); at most \(Limits.descriptionEntries)")
    }
    guard let base else { throw HostError("\(context): it declares \(count) \(name) but gives no array") }
    guard Int(stride) >= minimum else {
      throw HostError(
        "\(context): its \(name) are \(stride) bytes apart (\(strideField(name))); ABI \(TESSERA_ABI_MAJOR).0 needs at least \(minimum)"
      )
    }
    let record = ABIRecord(UnsafeRawPointer(base), at: index, stride: Int(stride), defaults: defaults)
    guard record.declaredSize >= minimum, record.declaredSize <= Int(stride) else {
      throw HostError(
        "\(context): \(name)[\(index)] says it is \(record.declaredSize) bytes (struct_size); ABI \(TESSERA_ABI_MAJOR).0 needs at least \(minimum), and no more than the stride \(stride)"
      )
    }
    return record.value
  }

  private func strideField(_ name: String) -> String {
    name == "kinds" ? "kind_stride" : "option_stride"
  }
}
