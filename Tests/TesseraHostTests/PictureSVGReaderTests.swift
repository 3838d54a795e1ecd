import Foundation
import FoundationXML
import TesseraKit
import Testing

@testable import TesseraHost

/// An SVG read back with Foundation's XMLParser, so tests check what a viewer would read, not
/// substrings of the text.
final class SVGNode {
  let name: String
  let attributes: [String: String]
  var children: [SVGNode] = []
  var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  subscript(_ attribute: String) -> String? { attributes[attribute] }

  func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }

  /// Every node below this one, depth first, in document order.
  var descendants: [SVGNode] { children.flatMap { [$0] + $0.descendants } }

  /// The groups drawing one element each, in painting order.
  var elementGroups: [SVGNode] { descendants.filter { $0.name == "g" && $0["data-element"] != nil } }

  func group(_ label: String) -> SVGNode? { elementGroups.first { $0["data-element"] == label } }

  /// The group's shape (rect, line or circle).
  var shape: SVGNode? { children.first { ["rect", "line", "circle"].contains($0.name) } }

  var texts: [String] { children.filter { $0.name == "text" }.map(\.text) }

  static func parse(_ svg: String) throws -> SVGNode {
    let reader = Reader()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = reader
    guard parser.parse(), let root = reader.root else {
      throw SVGParseError(description: parser.parserError.map { "\($0)" } ?? "no root")
    }
    return root
  }

  struct SVGParseError: Error, CustomStringConvertible {
    var description: String
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var root: SVGNode?
    var stack: [SVGNode] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      let node = SVGNode(name: elementName, attributes: attributes)
      if let parent = stack.last { parent.children.append(node) } else { root = node }
      stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      stack.last?.text += string
    }
  }
}

/// Elements and scenes the picture tests share.
enum PictureFixtures {
  static func element(
    _ category: ElementCategory = .cell, _ kind: String? = nil, _ section: Int, _ item: Int, _ frame: Rect,
    alpha: Double = 1, hidden: Bool = false, z: Int32 = 0, transform: Transform = .identity,
    custom: [(String, Double)] = []
  ) -> Element {
    var element = Element(category: category, kind: kind, indexPath: IndexPath(section, item), frame: frame)
    element.alpha = alpha
    element.isHidden = hidden
    element.zIndex = z
    element.transform = transform
    element.custom = custom.map { Element.Custom(key: $0.0, value: $0.1) }
    return element
  }

  /// A 30° rotation.
  static let rotation = Transform(a: 0.8660254037844387, b: 0.5, c: -0.5, d: 0.8660254037844387, tx: 0, ty: 0)

  /// One cell, one header, one decoration, one hidden cell, one at alpha 0.5, one rotated.
  static let smallElements = [
    element(.cell, nil, 0, 0, Rect(x: 10, y: 40, width: 100, height: 60)),
    element(.supplementary, "header", 0, 0, Rect(x: 0, y: 0, width: 240, height: 30)),
    element(.decoration, "background", 0, 0, Rect(x: 0, y: 30, width: 240, height: 160), z: -1),
    element(.cell, nil, 0, 1, Rect(x: 120, y: 40, width: 100, height: 60), hidden: true),
    element(.cell, nil, 0, 2, Rect(x: 10, y: 110, width: 100, height: 60), alpha: 0.5),
    element(.cell, nil, 0, 3, Rect(x: 150, y: 120, width: 60, height: 40), transform: rotation),
  ]

  static func smallScene(_ elements: [Element] = smallElements) -> PictureScene {
    PictureScene(
      area: Rect(x: 0, y: 0, width: 240, height: 200), viewport: Rect(x: 0, y: 20, width: 240, height: 150),
      contentSize: Size(width: 240, height: 190), elements: elements, kinds: ["header", "footer", "background"],
      cellID: { $0.item < 4 ? ["a", "b", "c", "d"][$0.item] : nil })
  }

  /// `count` 50x50 cells in rows of 6, 68 points apart, like `gen grid`.
  static func grid(_ count: Int) -> [Element] {
    (0..<count).map { item in
      element(
        .cell, nil, 0, item, Rect(x: Double(item % 6 * 68), y: Double(item / 6 * 60), width: 50, height: 50))
    }
  }
}

@Suite struct PictureSVGReaderTests {
  @Test(arguments: [
    "plain", "a<b&\"c\"", "it's > that", "tab\there", "new\nline", "esc\u{1B}[2J", "c1\u{85}", "\u{FFFE}",
  ])
  func textsAndAttributesReadBackAsEscapedWithoutControls(_ text: String) throws {
    var doc = SVGDocument()
    doc.start("svg", ["data-x": text])
    doc.element("text", content: text)
    doc.end("svg")
    let root = try SVGNode.parse(doc.text)
    let expected = text.escapingAllControls.replacing("\u{FFFE}", with: "\\u{FFFE}")
    #expect(root["data-x"] == expected)
    #expect(root.children.first?.text == expected)
    #expect(!doc.text.unicodeScalars.contains { String.isControl($0) })
  }

  @Test func markupCharactersBecomeEntities() {
    #expect("a<b&\"c\"'>".xmlEscaped == "a&lt;b&amp;&quot;c&quot;&apos;&gt;")
    #expect("é and ü stay".xmlEscaped == "é and ü stay")
  }

  @Test func numbersAreExactOrRoundedByOneRule() {
    #expect(SVGNumber.exact(0.1 + 0.2) == "0.30000000000000004")
    #expect(SVGNumber.exact(-0.0) == "0")
    #expect(SVGNumber.exact(.nan) == "0")
    #expect(SVGNumber.rounded(0.1 + 0.2) == "0.3")
    #expect(SVGNumber.rounded(2.0 / 3) == "0.667")
    #expect(SVGNumber.rounded(-0.0001) == "0")
    #expect(SVGNumber.length(10 / 3) == "3.33")
    #expect(SVGNumber.length(12345) == "12300")
    #expect(SVGNumber.length(0.000123456) == "0.000123")
  }
}
