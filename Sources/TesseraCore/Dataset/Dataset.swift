import TesseraKit

/// A value in an item's or section's `props`.
public enum PropertyValue: Hashable, Sendable {
  case number(Double)
  case numbers([Double])
  case string(String)
  case bool(Bool)
}

public struct DatasetItem: Hashable, Sendable {
  public var id: String
  /// What the content measures (what self-sizing reports); nil: the layout's default.
  public var size: Size?
  /// What a layout is first told, when present.
  public var estimated: Size?
  public var props: [String: PropertyValue]

  public init(id: String, size: Size? = nil, estimated: Size? = nil, props: [String: PropertyValue] = [:]) {
    self.id = id
    self.size = size
    self.estimated = estimated
    self.props = props
  }
}

public struct DatasetSection: Hashable, Sendable {
  public var id: String
  public var header: Size?
  public var footer: Size?
  public var props: [String: PropertyValue]
  public var items: ItemList

  public init(
    id: String, header: Size? = nil, footer: Size? = nil, props: [String: PropertyValue] = [:],
    items: ItemList = []
  ) {
    self.id = id
    self.header = header
    self.footer = footer
    self.props = props
    self.items = items
  }
}

/// The collection view's data: sections of items, each with an id, sizes and properties.
public struct Dataset: Hashable, Sendable {
  public var sections: [DatasetSection]

  public init(sections: [DatasetSection] = []) {
    self.sections = sections
  }

  public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

  public func contains(_ path: IndexPath) -> Bool {
    path.section >= 0 && path.section < sections.count && path.item >= 0
      && path.item < sections[path.section].items.count
  }

  /// Why `path` names no item, for error messages: the allowed range.
  public func describeMissing(_ path: IndexPath) -> String {
    if sections.isEmpty { return "no item \(path): the dataset has no sections" }
    guard path.section >= 0, path.section < sections.count else {
      let range = sections.count == 1 ? "only section 0" : "sections 0–\(sections.count - 1)"
      return "no item \(path): the dataset has \(range)"
    }
    let n = sections[path.section].items.count
    if n == 0 { return "no item \(path): section \(path.section) is empty" }
    return
      "no item \(path): section \(path.section) has \(n) item\(n == 1 ? "" : "s") (\(path.section).0–\(path.section).\(n - 1))"
  }
}
