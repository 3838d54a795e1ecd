import TesseraKit

/// Ids for sections and items that have none: `s0, s1, ...` and `i0, i1, ...` in order,
/// skipping any the dataset already uses, so identity survives batch updates.
public enum DatasetIDs {
  public static func fillMissing(in dataset: inout Dataset) {
    var sectionTaken = Set(dataset.sections.map(\.id))
    var itemTaken = Set<String>()
    let anyMissing = dataset.sections.contains { section in
      section.id.isEmpty || section.items.ids.indices.contains { section.items.ids.isEmptyID(at: $0) }
    }
    guard anyMissing else { return }
    for section in dataset.sections {
      for index in section.items.ids.indices where !section.items.ids.isEmptyID(at: index) {
        itemTaken.insert(section.items.ids[index])
      }
    }
    var nextSection = 0
    var nextItem = 0
    for s in dataset.sections.indices {
      if dataset.sections[s].id.isEmpty {
        while sectionTaken.contains("s\(nextSection)") { nextSection += 1 }
        dataset.sections[s].id = "s\(nextSection)"
        sectionTaken.insert("s\(nextSection)")
      }
      for i in dataset.sections[s].items.indices where dataset.sections[s].items.ids.isEmptyID(at: i) {
        while itemTaken.contains("i\(nextItem)") { nextItem += 1 }
        dataset.sections[s].items.setID("i\(nextItem)", at: i)
        itemTaken.insert("i\(nextItem)")
      }
    }
  }
}
