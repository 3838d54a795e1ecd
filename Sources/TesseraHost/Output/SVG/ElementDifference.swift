import TesseraKit

/// One element of a golden comparison: its expected and actual attributes, matched by label
/// (kind and index path), and what differs between them.
struct ElementDifference {
  enum Status: String {
    case same
    case changed
    case onlyExpected = "only-expected"
    case onlyActual = "only-actual"
  }

  var label: String
  var expected: Element?
  var actual: Element?

  var status: Status {
    switch (expected, actual) {
    case (nil, _): .onlyActual
    case (_, nil): .onlyExpected
    case (let e?, let a?): e == a ? .same : .changed
    }
  }

  /// What differs, expected → actual: "x 10→20", "alpha 1→0.5", "only expected".
  var differences: [String] {
    guard let e = expected else { return ["only actual"] }
    guard let a = actual else { return ["only expected"] }
    var out: [String] = []
    func compare(_ name: String, _ x: String, _ y: String) {
      if x != y { out.append("\(name) \(x)→\(y)") }
    }
    compare("category", e.category.description, a.category.description)
    compare("x", formatNumber(e.frame.minX), formatNumber(a.frame.minX))
    compare("y", formatNumber(e.frame.minY), formatNumber(a.frame.minY))
    compare("width", formatNumber(e.frame.width), formatNumber(a.frame.width))
    compare("height", formatNumber(e.frame.height), formatNumber(a.frame.height))
    compare("z", String(e.zIndex), String(a.zIndex))
    compare("alpha", formatNumber(e.alpha), formatNumber(a.alpha))
    compare("hidden", String(e.isHidden), String(a.isHidden))
    func matrix(_ t: Transform) -> String { [t.a, t.b, t.c, t.d, t.tx, t.ty].map(formatNumber).joined(separator: ",") }
    compare("transform", matrix(e.transform), matrix(a.transform))
    compare(
      "transform3D", e.depth.entries.map(formatNumber).joined(separator: ","),
      a.depth.entries.map(formatNumber).joined(separator: ","))
    var keys: [String] = []
    for key in (e.custom + a.custom).map(\.key) where !keys.contains(key) { keys.append(key) }
    for key in keys {
      func value(_ element: Element) -> String {
        element.custom.first { $0.key == key }.map { formatNumber($0.value) } ?? "none"
      }
      compare(PictureText.shown(key), value(e), value(a))
    }
    return out
  }

  /// Pairs elements with equal labels in the order given (the first expected `cell 0.3` with the
  /// first actual one, and so on), sorted like attribute output: category, kind, index path.
  static func match(expected: [Element], actual: [Element]) -> [ElementDifference] {
    var byLabel: [String: (expected: [Element], actual: [Element])] = [:]
    var labels: [String: Element] = [:]
    for element in expected {
      byLabel[element.label, default: ([], [])].expected.append(element)
      labels[element.label] = labels[element.label] ?? element
    }
    for element in actual {
      byLabel[element.label, default: ([], [])].actual.append(element)
      labels[element.label] = labels[element.label] ?? element
    }
    var out: [ElementDifference] = []
    for first in Element.sortedForOutput(Array(labels.values)) {
      let (e, a) = byLabel[first.label]!
      for index in 0..<max(e.count, a.count) {
        out.append(
          ElementDifference(
            label: first.label, expected: index < e.count ? e[index] : nil, actual: index < a.count ? a[index] : nil))
      }
    }
    return out
  }
}
