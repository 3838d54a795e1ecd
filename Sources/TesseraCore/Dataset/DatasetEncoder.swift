import TesseraKit

/// A `Dataset` as the JSON `load` reads (docs/design.md, "Datasets"): every id, size, estimate
/// and property, numbers in their exact shortest form, so `DatasetDecoder` reads back the same
/// dataset. What a checkpoint of the session keeps its data in.
public enum DatasetEncoder {
  public static func encode(_ dataset: Dataset) -> String {
    var out = "{\"sections\": ["
    for (s, section) in dataset.sections.enumerated() {
      if s > 0 { out += ", " }
      var members: [(String, JSONOutput)] = [("id", .string(section.id))]
      if let header = section.header { members.append(("header", size(header))) }
      if let footer = section.footer { members.append(("footer", size(footer))) }
      if !section.props.isEmpty { members.append(("props", props(section.props))) }
      let head = JSONOutput.object(members).serialized
      out += head.dropLast()  // the closing brace: the items follow
      out += ", \"items\": ["
      // Each item written straight into the text, as `JSONOutput.object` would write it: a
      // million items are a checkpoint's usual load.
      let items = section.items
      for index in items.indices {
        if index > 0 { out += ", " }
        let item = items[index]
        out += "{\"id\": "
        JSONOutput.writeString(item.id, into: &out)
        if let size = item.size {
          out += ", \"size\": "
          Self.size(size).write(into: &out)
        }
        if let estimated = item.estimated {
          out += ", \"estimated\": "
          Self.size(estimated).write(into: &out)
        }
        if !item.props.isEmpty {
          out += ", \"props\": "
          props(item.props).write(into: &out)
        }
        out += "}"
      }
      out += "]}"
    }
    out += "]}\n"
    return out
  }

  private static func size(_ size: Size) -> JSONOutput {
    .array([.number(size.width), .number(size.height)])
  }

  /// Properties in key order, so the same dataset always gives the same text.
  private static func props(_ props: [String: PropertyValue]) -> JSONOutput {
    .object(
      props.sorted { $0.key < $1.key }.map { key, value in
        switch value {
        case .number(let n): (key, .number(n))
        case .numbers(let list): (key, .array(list.map { .number($0) }))
        case .string(let s): (key, .string(s))
        case .bool(let b): (key, .bool(b))
        }
      })
  }
}
