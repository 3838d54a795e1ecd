import TesseraKit

/// The band above a picture: a title, a legend of what the colours mean, and caption lines
/// ("content 390x2000 · 24 elements"). Laid out in pixels, so it reads the same at any scale;
/// legend entries wrap to the width they are given.
struct PictureHeader {
  enum Swatch: Equatable {
    /// A small box drawn with these classes.
    case box(String)
    /// A short diagonal line with this class.
    case line(String)
    /// A dot with this class.
    case dot(String)
  }

  struct Entry: Equatable {
    var swatch: Swatch
    var name: String
  }

  var title: String?
  var legend: [Entry] = []
  var captions: [String] = []

  struct Layout {
    /// Height in pixels, 0 when there is nothing to show.
    var height = 0.0
    /// Width of the widest line, in pixels.
    var width = 0.0
    var titleBaseline: Double?
    var entries: [(x: Double, y: Double, entry: Entry)] = []
    var captionBaselines: [Double] = []
  }

  static let swatchSize = 12.0

  func layout(width available: Double) -> Layout {
    var layout = Layout()
    var y = 0.0
    if let title {
      layout.titleBaseline = y + 13
      layout.width = PictureText.width(PictureText.shown(title), size: PictureText.titleSize)
      y += 20
    }
    var x = 0.0
    for (index, entry) in legend.enumerated() {
      let width = Self.swatchSize + 4 + PictureText.width(entry.name, size: PictureText.captionSize)
      if index > 0, x + width > available {
        x = 0
        y += 18
      }
      layout.entries.append((x, y, entry))
      layout.width = max(layout.width, x + width)
      x += width + 14
    }
    if !legend.isEmpty { y += 18 }
    for caption in captions {
      layout.captionBaselines.append(y + 11)
      layout.width = max(layout.width, PictureText.width(caption, size: PictureText.captionSize))
      y += 16
    }
    layout.height = y == 0 ? 0 : y + 4
    return layout
  }

  /// Writes the band with its top-left corner at `origin` (points), `unit` points per pixel.
  func write(_ layout: Layout, at origin: Point, unit: Double, into doc: inout SVGDocument) {
    func x(_ pixels: Double) -> String { SVGNumber.rounded(origin.x + pixels * unit) }
    func y(_ pixels: Double) -> String { SVGNumber.rounded(origin.y + pixels * unit) }
    let size = SVGNumber.length(Self.swatchSize * unit)
    if let title, let baseline = layout.titleBaseline {
      doc.element("text", ["x": x(0), "y": y(baseline), "class": "ttl"], content: PictureText.shown(title))
      doc.newline()
    }
    for (left, top, entry) in layout.entries {
      doc.start("g", ["data-legend": entry.name])
      switch entry.swatch {
      case .box(let style):
        doc.leaf("rect", ["x": x(left + 1), "y": y(top + 1), "width": size, "height": size, "class": style])
      case .line(let style):
        doc.leaf("line", ["x1": x(left + 1), "y1": y(top + 13), "x2": x(left + 13), "y2": y(top + 1), "class": style])
      case .dot(let style):
        doc.leaf("circle", ["cx": x(left + 7), "cy": y(top + 7), "r": SVGNumber.length(4 * unit), "class": style])
      }
      doc.element("text", ["x": x(left + Self.swatchSize + 4), "y": y(top + 11), "class": "cap"], content: entry.name)
      doc.end("g")
      doc.newline()
    }
    for (caption, baseline) in zip(captions, layout.captionBaselines) {
      doc.element("text", ["x": x(0), "y": y(baseline), "class": "cap"], content: caption)
      doc.newline()
    }
  }
}
