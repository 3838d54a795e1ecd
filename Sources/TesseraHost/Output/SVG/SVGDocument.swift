/// Writes SVG text. Attributes are written in the order given and attributes whose value is nil
/// are left out, so a caller states the fixed attribute order once; every value and every text
/// is XML-escaped here.
struct SVGDocument {
  private(set) var text = ""

  init() {}

  /// `<name a="v" ...>`
  mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
    text += "<" + name
    write(attributes)
    text += ">"
  }

  /// `<name a="v" .../>`
  mutating func leaf(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
    text += "<" + name
    write(attributes)
    text += "/>"
  }

  /// `<name a="v" ...>content</name>`
  mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:], content: String) {
    start(name, attributes)
    text += content.xmlEscaped
    end(name)
  }

  /// `</name>`
  mutating func end(_ name: String) {
    text += "</" + name + ">"
  }

  /// Character data, escaped.
  mutating func content(_ content: String) {
    text += content.xmlEscaped
  }

  /// Another document's text, as written.
  mutating func append(_ other: SVGDocument) {
    text += other.text
  }

  mutating func newline() {
    text += "\n"
  }

  private mutating func write(_ attributes: KeyValuePairs<String, String?>) {
    for (key, value) in attributes {
      guard let value else { continue }
      text += " " + key + "=\"" + value.xmlEscaped + "\""
    }
  }
}
