import TesseraKit

extension AttributeTableReader {
  /// The elements of one line of JSON output, `{"attributes": [ATTR, ...]}`
  /// (docs/design.md, "JSON output"): each ATTR with `category`, `kind` (not for cells),
  /// `section`, `item`, `frame` [x, y, w, h], and optionally `zIndex`, `alpha`, `hidden`,
  /// `transform` [a, b, c, d, tx, ty] and `custom` {key: number}; an `id` string (which
  /// docs/design.md allows) and other members are ignored. Nil when the line is not such an
  /// object or a field has the wrong type.
  public static func elements(fromJSON line: String) -> [Element]? {
    guard let root = try? JSONParser.parse(line), case .object(let members) = root.value,
      members.count == 1, members[0].key == "attributes", case .array(let values) = members[0].value.value
    else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(values.count)
    for value in values {
      guard let element = element(value) else { return nil }
      elements.append(element)
    }
    return elements
  }

  private static func element(_ node: JSONNode) -> Element? {
    guard case .object(let members) = node.value else { return nil }
    var fields: [String: JSONNode.Value] = [:]
    for member in members { fields[member.key] = member.value.value }
    guard case .string(let categoryName)? = fields["category"],
      let category = ElementCategory.allCases.first(where: { $0.description == categoryName }),
      let section = integer(fields["section"]), let item = integer(fields["item"]),
      let frame = numbers(fields["frame"], count: 4)
    else { return nil }
    var kind: String?
    switch fields["kind"] {
    case nil: kind = nil
    case .string(let name)?: kind = name
    default: return nil
    }
    guard (category == .cell) == (kind == nil) else { return nil }
    var element = Element(
      category: category, kind: kind, indexPath: IndexPath(section, item),
      frame: Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]))
    if let z = fields["zIndex"] {
      guard let value = integer(z), let z32 = Int32(exactly: value) else { return nil }
      element.zIndex = z32
    }
    if let alpha = fields["alpha"] {
      guard case .number(let value) = alpha else { return nil }
      element.alpha = value
    }
    if let hidden = fields["hidden"] {
      guard case .bool(let value) = hidden else { return nil }
      element.isHidden = value
    }
    if let transform = fields["transform"] {
      guard let v = numbers(transform, count: 6) else { return nil }
      element.transform = Transform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }
    if let transform3D = fields["transform3D"] {
      guard let v = numbers(transform3D, count: 16) else { return nil }
      element.transform3D = Transform3D(
        m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7], m31: v[8],
        m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }
    if let custom = fields["custom"] {
      guard case .object(let entries) = custom else { return nil }
      for entry in entries {
        guard case .number(let value) = entry.value.value else { return nil }
        element.custom.append(Element.Custom(key: entry.key, value: value))
      }
    }
    if let id = fields["id"] {
      guard case .string = id else { return nil }
    }
    return element
  }

  private static func integer(_ value: JSONNode.Value?) -> Int? {
    guard case .number(let n)? = value, n == n.rounded(), abs(n) < 1e15 else { return nil }
    return Int(n)
  }

  private static func numbers(_ value: JSONNode.Value?, count: Int) -> [Double]? {
    guard case .array(let nodes)? = value, nodes.count == count else { return nil }
    var out: [Double] = []
    for node in nodes {
      guard case .number(let n) = node.value else { return nil }
      out.append(n)
    }
    return out
  }
}
