import TesseraKit

/// Turns a dataset file (DESIGN §3) into a `Dataset`, refusing anything malformed with
/// `FILE:LINE:COLUMN: PATH: what is wrong (what is allowed)`.
public enum DatasetDecoder {
  public static func decode(_ text: String, file: String) throws(HostError) -> Dataset {
    let root: JSONNode
    do {
      root = try JSONParser.parse(text)
    } catch {
      throw HostError("\(file):\(error.line):\(error.column): invalid JSON: \(error.message)")
    }
    var decoder = Decoder(file: file)
    return try decoder.dataset(root)
  }

  struct Decoder {
    let file: String
    var takenItemIDs: [String: IndexPath] = [:]

    func fail(_ node: JSONNode, _ path: String, _ message: String) -> HostError {
      // Keys and ids come from the file: a newline in one must not start a line of its own.
      HostError("\(file):\(node.line):\(node.column): \(path.escapingAllControls): \(message.escapingAllControls)")
    }

    func members(
      _ node: JSONNode, _ path: String, allowed: [String]
    ) throws(HostError) -> [(key: String, value: JSONNode)] {
      guard case .object(let members) = node.value else {
        throw fail(node, path, "expected an object, got \(node.typeName)")
      }
      for member in members where !allowed.contains(member.key) {
        throw fail(
          member.value, path, "unknown key '\(member.key)' (allowed: \(allowed.joined(separator: ", ")))")
      }
      return members
    }

    /// `[width, height]`, two finite numbers, neither negative.
    func size(_ node: JSONNode, _ path: String) throws(HostError) -> Size {
      let expected = "expected [width, height] with two finite numbers, neither negative"
      guard case .array(let parts) = node.value else { throw fail(node, path, "\(expected), got \(node.typeName)") }
      guard parts.count == 2 else {
        throw fail(node, path, "\(expected), got \(parts.count) element\(parts.count == 1 ? "" : "s")")
      }
      var numbers: [Double] = []
      for (index, part) in parts.enumerated() {
        guard case .number(let n) = part.value else {
          throw fail(part, "\(path)[\(index)]", "\(expected), got \(part.typeName)")
        }
        guard n >= 0 else { throw fail(part, "\(path)[\(index)]", "size must not be negative, got \(formatNumber(n))") }
        guard n <= Limits.coordinate else {
          throw fail(
            part, "\(path)[\(index)]",
            "size \(formatNumber(n)) is too large: the largest is \(Limits.coordinateText) points a side")
        }
        numbers.append(n)
      }
      return Size(width: numbers[0], height: numbers[1])
    }

    func string(_ node: JSONNode, _ path: String) throws(HostError) -> String {
      guard case .string(let s) = node.value else { throw fail(node, path, "expected a string, got \(node.typeName)") }
      guard !s.isEmpty else { throw fail(node, path, "must not be empty") }
      return s
    }

    func props(_ node: JSONNode, _ path: String) throws(HostError) -> [String: PropertyValue] {
      guard case .object(let members) = node.value else {
        throw fail(node, path, "expected an object, got \(node.typeName)")
      }
      var result: [String: PropertyValue] = [:]
      for (key, value) in members {
        let where_ = "\(path).\(key)"
        switch value.value {
        case .number(let n): result[key] = .number(n)
        case .string(let s): result[key] = .string(s)
        case .bool(let b): result[key] = .bool(b)
        case .array(let parts):
          var numbers: [Double] = []
          for (index, part) in parts.enumerated() {
            guard case .number(let n) = part.value else {
              throw fail(part, "\(where_)[\(index)]", "property lists hold numbers only, got \(part.typeName)")
            }
            numbers.append(n)
          }
          result[key] = .numbers(numbers)
        default:
          throw fail(
            value, where_, "a property is a number, a string, a boolean or a list of numbers, got \(value.typeName)")
        }
      }
      return result
    }

    mutating func dataset(_ root: JSONNode) throws(HostError) -> Dataset {
      let top = try members(root, "dataset", allowed: ["sections"])
      guard let sectionsNode = top.first(where: { $0.key == "sections" })?.value else {
        throw fail(root, "dataset", "missing key 'sections' (a list of sections)")
      }
      guard case .array(let sectionNodes) = sectionsNode.value else {
        throw fail(sectionsNode, "sections", "expected a list of sections, got \(sectionsNode.typeName)")
      }
      guard sectionNodes.count <= Limits.loadedSections else {
        throw fail(
          sectionsNode, "sections", "\(sectionNodes.count) sections is too many: the most is \(Limits.loadedSections)")
      }
      var dataset = Dataset()
      var sectionIDs: [String: Int] = [:]
      var itemCount = 0
      for (s, node) in sectionNodes.enumerated() {
        let path = "sections[\(s)]"
        var section = DatasetSection(id: "")
        for (key, value) in try members(node, path, allowed: ["id", "header", "footer", "props", "items"]) {
          switch key {
          case "id":
            section.id = try string(value, "\(path).id")
            if let other = sectionIDs[section.id] {
              throw fail(value, "\(path).id", "duplicate section id '\(section.id)' (also section \(other))")
            }
            sectionIDs[section.id] = s
          case "header": section.header = try size(value, "\(path).header")
          case "footer": section.footer = try size(value, "\(path).footer")
          case "props": section.props = try props(value, "\(path).props")
          default:
            guard case .array(let itemNodes) = value.value else {
              throw fail(value, "\(path).items", "expected a list of items, got \(value.typeName)")
            }
            itemCount += itemNodes.count
            guard itemCount <= Limits.loadedItems else {
              throw fail(
                value, "\(path).items", "the dataset has more than \(Limits.loadedItems) items, the most allowed")
            }
            section.items.reserveCapacity(itemNodes.count)
            for (i, itemNode) in itemNodes.enumerated() {
              section.items.append(try item(itemNode, "\(path).items[\(i)]", at: IndexPath(s, i)))
            }
          }
        }
        dataset.sections.append(section)
      }
      DatasetIDs.fillMissing(in: &dataset)
      return dataset
    }

    mutating func item(_ node: JSONNode, _ path: String, at indexPath: IndexPath) throws(HostError) -> DatasetItem {
      var item = DatasetItem(id: "")
      for (key, value) in try members(node, path, allowed: ["id", "size", "estimated", "props"]) {
        switch key {
        case "id":
          item.id = try string(value, "\(path).id")
          if let other = takenItemIDs[item.id] {
            throw fail(value, "\(path).id", "duplicate item id '\(item.id)' at \(indexPath) (also at \(other))")
          }
          takenItemIDs[item.id] = indexPath
        case "size": item.size = try size(value, "\(path).size")
        case "estimated": item.estimated = try size(value, "\(path).estimated")
        default: item.props = try props(value, "\(path).props")
        }
      }
      return item
    }
  }
}

/// Ids for sections and items that have none: `s0, s1, ...` and `i0, i1, ...` in order,
/// skipping any the dataset already uses, so identity survives batch updates.
public enum DatasetIDs {
  public static func fillMissing(in dataset: inout Dataset) {
    var sectionTaken = Set(dataset.sections.map(\.id))
    var itemTaken = Set<String>()
    for section in dataset.sections { for id in section.items.ids where !id.isEmpty { itemTaken.insert(id) } }
    var nextSection = 0
    var nextItem = 0
    for s in dataset.sections.indices {
      if dataset.sections[s].id.isEmpty {
        while sectionTaken.contains("s\(nextSection)") { nextSection += 1 }
        dataset.sections[s].id = "s\(nextSection)"
        sectionTaken.insert("s\(nextSection)")
      }
      for i in dataset.sections[s].items.indices where dataset.sections[s].items.ids[i].isEmpty {
        while itemTaken.contains("i\(nextItem)") { nextItem += 1 }
        dataset.sections[s].items[i].id = "i\(nextItem)"
        itemTaken.insert("i\(nextItem)")
      }
    }
  }
}
