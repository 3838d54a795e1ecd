import TesseraKit

extension PictureArea {
  /// The words `render` takes for what it draws (besides a rect).
  static let words = ["viewport", "content", "batch", "transition", "step"]
}

/// `render`'s `key=value` options, declared once (`help render` lists them, completion offers
/// them, `OptionSchema` checks them).
struct RenderOptions {
  /// More elements than this in the area are drawn as a density overview.
  static let overviewLimit = 20_000
  /// The most items a picture of the whole content takes (about 0.3 s and 400 MB a million).
  static let mostElements = 2_000_000
  static let maximumFrames = 60
  /// The largest `width=` in pixels.
  static let maximumPixels = 100_000.0
  /// The longest side a picture gets, in pixels: renderers refuse larger images (librsvg stops at
  /// 32767), so a very long content is drawn at a smaller scale instead.
  static let longestSide = 16_384.0

  static let schema = OptionSchema(
    "render",
    [
      OptionSpec("scale", .number, default: "1", range: 0.01...100, placeholder: "S", doc: "pixels per point"),
      OptionSpec("width", .number, range: 1...maximumPixels, placeholder: "PX", doc: "fit the picture to this width"),
      OptionSpec("title", .string, placeholder: "TEXT", doc: "a title above the picture"),
      OptionSpec("labels", .choice(["on", "off"]), default: "on", doc: "label the elements"),
      OptionSpec(
        "hidden", .choice(["show", "skip"]), default: "skip", doc: "hidden elements drawn dashed, or not drawn"),
      OptionSpec(
        "frames", .integer, range: 2...Double(maximumFrames), placeholder: "N",
        doc: "a film strip of N frames (with batch, transition or step)"),
    ])

  /// Options that draw `area` at scale 1, or smaller when it would come out longer than
  /// `longestSide` pixels.
  static func fitted(_ area: Rect) -> PictureOptions {
    let longest = max(area.width, area.height)
    var options = PictureOptions()
    if longest.isFinite, longest > longestSide { options.scale = longestSide / longest }
    return options
  }

  /// Lowers the scale when `area` would come out longer than `longestSide` pixels.
  mutating func fit(_ area: Rect) {
    let longest = max(area.width, area.height)
    let scale = picture.width.map { $0 / area.width } ?? picture.scale
    guard longest * scale > Self.longestSide else { return }
    picture.width = nil
    picture.scale = Self.longestSide / longest
  }

  var picture = PictureOptions()
  var frames: Int?

  init(_ pairs: [(key: String, value: String)]) throws(HostError) {
    let given = try Self.schema.parse(pairs)
    picture.overviewLimit = Self.overviewLimit
    // Every option has a value here: the schema's defaults are the picture's.
    picture.scale = given.number("scale") ?? picture.scale
    picture.width = given.number("width")
    picture.title = given.text("title").flatMap { $0.isEmpty ? nil : $0 }
    picture.labels = given.text("labels") == "on"
    picture.showHidden = given.text("hidden") == "show"
    frames = given.integer("frames")
  }
}
