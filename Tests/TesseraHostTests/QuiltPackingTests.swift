import TesseraCore
import TesseraKit
import Testing

@testable import TesseraHost

/// The quilt packs free space as bands of rows (`FreeBands`), not a grid of cells; it must put
/// every item exactly where a plain grid of cells scanned as RFQuiltLayout scans it does: rows
/// from the first with a free cell, columns left to right, the first origin where the whole
/// footprint is free (a span wider than the grid: column 0 of the first rows free all across).
@Suite struct QuiltPackingTests {
  /// The reference: one Bool a cell.
  struct CellGrid {
    let width: Int
    var cells: [[Bool]] = []

    func isFree(_ row: Int, _ column: Int) -> Bool { row >= cells.count || !cells[row][column] }

    func fits(_ row: Int, _ column: Int, _ w: Int, _ h: Int) -> Bool {
      (row..<row + h).allSatisfy { r in (column..<min(width, column + w)).allSatisfy { isFree(r, $0) } }
    }

    mutating func place(_ w: Int, _ h: Int) -> (row: Int, column: Int) {
      var row = 0
      while true {
        if w > width {
          if fits(row, 0, width, h) { return (row, 0) }
        } else {
          for column in 0...(width - w) where fits(row, column, w, h) { return (row, column) }
        }
        row += 1
      }
    }

    mutating func occupy(_ row: Int, _ column: Int, _ w: Int, _ h: Int) {
      while cells.count < row + h { cells.append([Bool](repeating: false, count: width)) }
      for r in row..<row + h { for c in column..<min(width, column + w) { cells[r][c] = true } }
    }
  }

  /// Random spans — tall, wide, wider than the grid — over random grid widths, sections included:
  /// every frame is the reference's.
  @Test(arguments: 1...40)
  func bandsPlaceEveryItemWhereACellGridDoes(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let gridWidth = rng.int(in: 1...12)
    let viewport = Double(gridWidth * 10 + rng.int(in: 0...9))
    let pad = (viewport - Double(gridWidth * 10)) / 2  // the grid is centred across the view
    var sections: [DatasetSection] = []
    var expected: [Rect] = []
    var rowBase = 0
    for s in 0..<rng.int(in: 1...3) {
      var grid = CellGrid(width: gridWidth)
      var items: [DatasetItem] = []
      for i in 0..<rng.int(in: 0...60) {
        let w = rng.int(in: 0...9) == 0 ? rng.int(in: 1...gridWidth + 2) : rng.int(in: 1...3)
        let h = rng.int(in: 1...4)
        items.append(DatasetItem(id: "s\(s)i\(i)", props: ["blocks": .numbers([Double(w), Double(h)])]))
        let (row, column) = grid.place(w, h)
        grid.occupy(row, column, w, h)
        expected.append(
          Rect(
            x: pad + Double(column * 10), y: Double((rowBase + row) * 10), width: Double(w * 10),
            height: Double(h * 10)))
      }
      rowBase += grid.cells.count
      sections.append(DatasetSection(id: "s\(s)", items: ItemList(items)))
    }
    let session = Support.session()
    try session.replaceDatasetForTesting(Dataset(sections: sections))
    #expect(session.execute("viewport \(formatNumber(viewport))x400") == "viewport \(formatNumber(viewport))x400")
    #expect(session.execute("layout quilt blockSize=10x10") == "layout quilt blockSize=10x10")
    let layout = try #require(session.layout)
    let cells = Element.sortedForOutput(try layout.allAttributes()).filter { $0.category == .cell }
    #expect(cells.map(\.frame) == expected, "seed \(seed), grid \(gridWidth)")
  }
}
