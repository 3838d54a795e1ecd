import TesseraABI
import TesseraKit

/// The host's checks of what a plugin answers: a record becomes an element, or a plugin bug
/// (`HostError.Kind.pluginBug`) saying what was wrong and where — the errors `conform`'s
/// valid-answers rule reports. Pure: the record, the layout's declarations and the model's
/// counts in; nothing else is read or changed.
package enum AnswerCheck {
  /// One record from the plugin as an element, or the plugin bug it shows: a record size outside
  /// what the ABI allows, an unknown category, a cell for an item that does not exist
  /// (`checkingPath`), an undeclared kind, a frame, alpha, transform or custom value that is not
  /// finite, a negative size. `room` is the record size the host gave.
  package static func element(
    _ r: tessera_attributes, of layoutClass: LayoutClass, in model: CollectionModel, checkingPath: Bool, room: Int
  ) throws(HostError) -> Element {
    func bad(_ what: String) -> HostError {
      HostError(.pluginBug, "layout '\(layoutClass.name)' returned \(what) (plugin bug)")
    }
    let path = IndexPath(r.index_path)
    let size = Int(r.struct_size)
    guard size >= Int(TESSERA_ATTRIBUTES_V2_0_SIZE), size <= room
    else {
      throw bad(
        "a record of \(size) bytes at \(path): ABI \(TESSERA_ABI_MAJOR).0 records are at least \(TESSERA_ATTRIBUTES_V2_0_SIZE) bytes and no larger than the \(room) the host gave"
      )
    }
    guard let category = ElementCategory(tessera_category(rawValue: r.category)) else {
      throw bad("an element of unknown category \(r.category) at \(path)")
    }
    var kind: String? = nil
    if category == .cell {
      guard !checkingPath || model.containsItem(path) else {
        throw bad("a cell for \(model.dataset.describeMissing(path))")
      }
    } else {
      guard let declared = layoutClass.declaredKind(at: r.kind), ElementCategory(declared.category) == category
      else { throw bad("a \(category) element at \(path) with undeclared kind index \(r.kind)") }
      kind = declared.name
      guard !checkingPath || (path.section >= 0 && path.section < model.itemCounts.count && path.item >= 0) else {
        throw bad("\(kind!) \(path), but there are \(model.itemCounts.count) sections")
      }
    }
    var e = Element(category: category, kind: kind, indexPath: path, frame: Rect(r.frame))
    let f = e.frame
    guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite else {
      throw bad("a non-finite frame for \(e.label)")
    }
    guard f.width >= 0, f.height >= 0 else {
      throw bad("a negative size \(f.size.formatted) for \(e.label)")
    }
    // Every field below is in ABI 2.0's record; fields appended later are read only when `size`
    // holds them.
    e.zIndex = r.z_index
    e.alpha = r.alpha
    e.isHidden = r.hidden != 0
    guard e.alpha.isFinite else { throw bad("a non-finite alpha for \(e.label)") }
    let t = Transform(r.transform)
    guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else {
      throw bad("a non-finite transform for \(e.label)")
    }
    e.transform = t
    let depth = r.depth
    guard isFinite(depth) else { throw bad("a non-finite transform3D for \(e.label)") }
    e.depth = depth
    if r.custom_mask != 0 {
      let custom = CustomValues(mask: r.custom_mask, values: r.custom)
      for (index, key) in layoutClass.customKeys.enumerated().prefix(CustomValues.capacity) {
        guard let value = custom[index] else { continue }
        guard value.isFinite else { throw bad("a non-finite custom value '\(key)' for \(e.label)") }
        e.custom.append(Element.Custom(key: key, value: value))
      }
    }
    return e
  }

  /// Entry by entry (no array: this runs for every element a query returns).
  private static func isFinite(_ d: Transform3D.Depth) -> Bool {
    d.m13.isFinite && d.m14.isFinite && d.m23.isFinite && d.m24.isFinite && d.m31.isFinite && d.m32.isFinite
      && d.m33.isFinite && d.m34.isFinite && d.m43.isFinite && d.m44.isFinite
  }
}
