import TesseraKit

/// What a layout picture becomes when the area holds too many elements to draw one by one: the
/// elements' frame centres counted in a grid of square bins and each non-empty bin shaded by its
/// count, over the content bounds and under the viewport frame.
///
/// The grid has at most 200 bins along each side; a bin's side is the area's longer side over
/// 200, rounded up to 3 significant digits. A centre outside the area counts in the nearest edge
/// bin. Shades come in 8 steps: a bin with `n` of the fullest bin's `m` elements takes step
/// ⌈8n/m⌉. Each step is one `<path>` of row runs in bin units, scaled to points by the group's
/// transform, so a picture stays under about 600 KB however many elements there are.
enum DensityOverview {
  static let maximumBins = 200

  static func binSide(for area: Rect) -> Double {
    let longer = max(area.width, area.height)
    guard longer.isFinite, longer > 0 else { return 1 }
    return SVGNumber.significant(longer / Double(maximumBins) * 1.01)
  }

  struct Grid: Equatable {
    var columns: Int
    var rows: Int
    var side: Double
    var counts: [Int32]
    var binned: Int
    /// The fullest bin's count.
    var maximum: Int32
    var occupied: Int { counts.count { $0 > 0 } }

    init(columns: Int, rows: Int, side: Double, counts: [Int32], binned: Int) {
      (self.columns, self.rows, self.side, self.counts, self.binned) = (columns, rows, side, counts, binned)
      maximum = counts.max() ?? 0
    }

    /// Step 1...steps for a bin holding `count` > 0.
    func level(_ count: Int32) -> Int {
      let m = Int(maximum)
      return (Int(count) * PicturePalette.densitySteps + m - 1) / m
    }
  }

  static func grid(_ elements: [Element], area: Rect, showHidden: Bool) -> Grid {
    var side = binSide(for: area)
    if !side.isFinite || side <= 0 {
      // An area too small (or too large) for a rounded bin side: one bin across its longer side.
      side = max(area.width, area.height)
    }
    // Bins along a length, at least one and at most `maximumBins`, whatever the numbers.
    func bins(_ length: Double) -> Int {
      let n = (length / side).rounded(.up)
      guard n.isFinite, n >= 1 else { return 1 }
      return n >= Double(maximumBins) ? maximumBins : Int(n)
    }
    let columns = bins(area.width)
    let rows = bins(area.height)
    var counts = [Int32](repeating: 0, count: columns * rows)
    var binned = 0
    let (x0, y0) = (area.minX, area.minY)
    let lastColumn = Double(columns - 1)
    let lastRow = Double(rows - 1)
    for element in elements where showHidden || !element.isHidden {
      let column = min(max(((element.frame.midX - x0) / side).rounded(.down), 0), lastColumn)
      let row = min(max(((element.frame.midY - y0) / side).rounded(.down), 0), lastRow)
      // A NaN fails both comparisons and lands in bin 0.
      let index = (row.isNaN ? 0 : Int(row)) * columns + (column.isNaN ? 0 : Int(column))
      counts[index] &+= 1
      binned += 1
    }
    return Grid(columns: columns, rows: rows, side: side, counts: counts, binned: binned)
  }

  static func draw(_ scene: PictureScene, options: PictureOptions) -> Picture {
    let area = scene.area
    let grid = grid(scene.elements, area: area, showHidden: options.showHidden)
    let pixelsPerPoint = PictureSheet.pixelsPerPoint(options, scalableWidth: area.width)
    let unit = 1 / pixelsPerPoint
    var style = PictureStyle(unit: unit)

    // Row runs of equal steps, one path per step.
    var paths = [String](repeating: "", count: PicturePalette.densitySteps + 1)
    for row in 0..<grid.rows {
      var column = 0
      while column < grid.columns {
        let count = grid.counts[row * grid.columns + column]
        guard count > 0 else {
          column += 1
          continue
        }
        let level = grid.level(count)
        var end = column + 1
        while end < grid.columns, case let next = grid.counts[row * grid.columns + end], next > 0,
          grid.level(next) == level
        {
          end += 1
        }
        paths[level] += "M\(column) \(row)h\(end - column)v1h-\(end - column)z"
        column = end
      }
    }

    var body = SVGDocument()
    body.start("g", ["clip-path": "url(#\(SceneFrames.clipID))"])
    body.newline()
    SceneFrames.writeContent(scene.contentSize, into: &body)
    body.start(
      "g",
      [
        "data-overview": "\(grid.columns)x\(grid.rows)",
        "transform":
          "translate(\(SVGNumber.exact(area.minX)) \(SVGNumber.exact(area.minY))) scale(\(SVGNumber.exact(grid.side)))",
        "shape-rendering": "crispEdges",
      ])
    body.newline()
    var legend: [PictureHeader.Entry] = []
    for level in 1...PicturePalette.densitySteps where !paths[level].isEmpty {
      style.extraRules.append(".b\(level){fill:\(PicturePalette.density(level).hex)}")
      body.leaf("path", ["class": "b\(level)", "d": paths[level]])
      body.newline()
      let upper = Int(grid.maximum) * level / PicturePalette.densitySteps
      legend.append(.init(swatch: .box("b\(level)"), name: "≤ \(upper)"))
    }
    body.end("g")
    body.newline()
    SceneFrames.writeViewport(scene.viewport, area: area, unit: unit, into: &body)
    body.end("g")
    body.newline()

    let side = SVGNumber.exact(grid.side)
    var header = PictureHeader(title: options.title)
    header.legend = legend + [.init(swatch: .box("vp"), name: "viewport")]
    header.captions =
      SceneFrames.captions(content: scene.contentSize, area: area, viewport: scene.viewport) + [
        "density overview: \(grid.binned) elements in \(grid.occupied) bins"
          + " (a \(grid.columns)x\(grid.rows) grid of \(side)x\(side)-point bins), up to \(grid.maximum) per bin"
      ]
    let sheet = PictureSheet(content: area, pixelsPerPoint: pixelsPerPoint, header: header, options: options)
    let svg = sheet.document(style: style, defs: SceneFrames.clipPath(area), body: body)
    return Picture(svg: svg, elementCount: grid.binned, overlapCount: 0, isOverview: true)
  }
}
