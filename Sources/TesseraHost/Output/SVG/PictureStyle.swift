/// The style sheet and pattern definitions of a picture. Every size is given in pixels and
/// written in points (`unit` points per pixel), so strokes and text look the same at any scale.
///
/// Classes: `c<i>` a cell box (light fill, darker stroke), `s<i>` a supplementary box (outlined,
/// faint fill), `d<i>` a decoration box (hatched), `l<i>` a line, `p<i>` a dot, for palette
/// index `i`; `h` a hidden element (dashed); `t` a label; `ov` an overlap outline; `vp` the
/// viewport; `unsafe` the safe area's insets and `adj` the adjusted content inset over it;
/// `sheet` the content bounds; `ins`, `del`, `mov`, `rel` the outline of an element a
/// batch update inserts, deletes, moves or reloads.
struct PictureStyle {
  var unit: Double
  /// Palette indices used per class letter ("c", "s", "d", "l", "p"), each written once.
  private(set) var used: [String: Set<Int>] = [:]
  var extraRules: [String] = []
  /// The change outlines drawn (`ins`, `del`, `mov`, `rel`): only their rules are written.
  var usedChanges: Set<String> = []
  /// The scroll view's insets drawn (`unsafe`, `adj`): only their rules are written.
  var usedInsets: Set<String> = []

  init(unit: Double) {
    self.unit = unit
  }

  func px(_ pixels: Double) -> String { SVGNumber.length(pixels * unit) + "px" }

  /// Notes a class `letter + index` as used and returns its name.
  mutating func use(_ letter: String, _ index: Int) -> String {
    used[letter, default: []].insert(index % PicturePalette.kinds.count)
    return letter + String(index % PicturePalette.kinds.count)
  }

  var hatchIndices: [Int] { (used["d"] ?? []).sorted() }

  /// `<defs>` content: one hatch pattern per decoration colour.
  func writePatterns(into doc: inout SVGDocument) {
    let size = SVGNumber.length(8 * unit)
    for index in hatchIndices {
      let colour = PicturePalette.kind(index)
      doc.start(
        "pattern",
        [
          "id": "ts-hatch-\(index)", "patternUnits": "userSpaceOnUse", "width": size, "height": size,
          "patternTransform": "rotate(45)",
        ])
      doc.leaf("rect", ["width": size, "height": size, "fill": colour.tint(0.92).hex])
      doc.leaf(
        "line",
        [
          "x1": "0", "y1": "0", "x2": "0", "y2": size, "stroke": colour.tint(0.45).hex,
          "stroke-width": SVGNumber.length(2 * unit),
        ])
      doc.end("pattern")
      doc.newline()
    }
  }

  /// The `<style>` element.
  func writeSheet(into doc: inout SVGDocument) {
    var rules = [
      "svg{font-family:Helvetica,Arial,sans-serif}",
      ".bg{fill:\(PicturePalette.background.hex)}",
      ".sheet{fill:\(PicturePalette.sheet.hex);stroke:\(PicturePalette.sheetOutline.hex);stroke-width:\(px(1))}",
      ".t{font-size:\(px(PictureText.labelSize));fill:\(PicturePalette.text.hex);text-anchor:middle}",
      ".id{fill:\(PicturePalette.caption.hex)}",
      ".cap{font-size:\(px(PictureText.captionSize));fill:\(PicturePalette.caption.hex)}",
      ".ttl{font-size:\(px(PictureText.titleSize));font-weight:bold;fill:\(PicturePalette.text.hex)}",
      ".halo{paint-order:stroke;stroke:#ffffff;stroke-width:\(px(3));stroke-linejoin:round}",
      ".vp{fill:none;stroke:\(PicturePalette.viewport.hex);stroke-width:\(px(2));stroke-dasharray:\(px(6)) \(px(4))}",
      ".vptag{fill:\(PicturePalette.viewport.hex);fill-opacity:0.85}",
      ".vpt{font-size:\(px(PictureText.labelSize));fill:#ffffff}",
      ".ov{fill:none;stroke:\(PicturePalette.overlap.hex);stroke-width:\(px(2))}",
      ".h{stroke-dasharray:\(px(4)) \(px(3));fill-opacity:0.4}",
    ]
    let changeRules = [
      "ins": ".ins{fill:none;stroke:\(PicturePalette.inserted.hex);stroke-width:\(px(2.5))}",
      "del":
        ".del{fill:none;stroke:\(PicturePalette.deleted.hex);stroke-width:\(px(2.5));stroke-dasharray:\(px(5)) \(px(3))}",
      "mov": ".mov{fill:none;stroke:\(PicturePalette.moved.hex);stroke-width:\(px(2.5))}",
      "rel":
        ".rel{fill:none;stroke:\(PicturePalette.reloaded.hex);stroke-width:\(px(2.5));stroke-dasharray:\(px(2)) \(px(2))}",
    ]
    for name in ["ins", "del", "mov", "rel"] where usedChanges.contains(name) { rules.append(changeRules[name]!) }
    if usedInsets.contains("unsafe") {
      rules.append(".unsafe{fill:\(PicturePalette.unsafeArea.hex);fill-opacity:0.3;stroke:none}")
    }
    if usedInsets.contains("adj") {
      rules.append(
        ".adj{fill:none;stroke:\(PicturePalette.viewport.hex);stroke-width:\(px(1));stroke-dasharray:\(px(1)) \(px(3))}"
      )
    }
    for index in (used["c"] ?? []).sorted() {
      let colour = PicturePalette.kind(index)
      rules.append(".c\(index){fill:\(colour.tint(0.7).hex);stroke:\(colour.shade(0.3).hex);stroke-width:\(px(1))}")
    }
    for index in (used["s"] ?? []).sorted() {
      let colour = PicturePalette.kind(index)
      rules.append(".s\(index){fill:\(colour.tint(0.9).hex);stroke:\(colour.shade(0.2).hex);stroke-width:\(px(1.5))}")
    }
    for index in hatchIndices {
      let colour = PicturePalette.kind(index)
      rules.append(".d\(index){fill:url(#ts-hatch-\(index));stroke:\(colour.hex);stroke-width:\(px(1))}")
    }
    for index in (used["l"] ?? []).sorted() {
      let colour = PicturePalette.kind(index)
      rules.append(
        ".l\(index){fill:none;stroke:\(colour.shade(0.2).hex);stroke-width:\(px(1.5));stroke-linecap:round}")
    }
    for index in (used["p"] ?? []).sorted() {
      rules.append(".p\(index){fill:\(PicturePalette.kind(index).shade(0.2).hex)}")
    }
    doc.start("style")
    doc.newline()
    for rule in rules + extraRules {
      doc.content(rule)
      doc.newline()
    }
    doc.end("style")
  }
}
