/// What one trial of a rule runs on: the data and the layout's options. A check starts on the
/// generated dataset; shrinking tries smaller cases, the data given item by item once it is no
/// longer what `gen` makes.
struct ConformanceCase: Equatable {
  enum Data: Equatable {
    /// The check's dataset kind generated with this many items (`gen …`).
    case generated(items: Int)
    /// A dataset given whole: a reproducer writes it beside itself and loads it.
    case given(Dataset)
  }

  var data: Data
  /// `key=value` options, as `layout NAME …` takes them.
  var options: [String]

  var optionsText: String { options.joined(separator: " ") }

  /// How many items the case's data has (`generated` of a kind whose size is not a count, the
  /// tree, says the count it was asked for).
  var items: Int {
    switch data {
    case .generated(let items): items
    case .given(let dataset): dataset.itemCount
    }
  }
}
