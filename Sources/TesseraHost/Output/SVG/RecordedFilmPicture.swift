import TesseraKit

/// A film strip of frames the clock ran (`render PATH step frames=N`): N of them, evenly spread
/// from the state before the first frame to the last, each panel following the bounds of its
/// frame and captioned with the clock's time.
enum RecordedFilmPicture {
  static func filmStrip(_ recorded: [FilmFrame], frames: Int, scene: PictureScene, options: PictureOptions) -> Picture {
    let count = min(max(frames, 2), MotionPicture.maximumFrames)
    let picked = pick(count, of: recorded.count)
    let panels = picked.map { index -> FilmPanel in
      let frame = recorded[index]
      let time = SVGNumber.rounded((frame.time * 1000).rounded() / 1000)
      let elements = frame.elements.map { element in
        FilmElement(
          element: element, name: element.label,
          id: element.category == .cell ? scene.cellID(element.indexPath) ?? "" : "", path: nil)
      }
      return FilmPanel(
        caption: "t = \(time) s", time: time, elements: elements, viewport: frame.viewport, area: frame.viewport)
    }
    let all = picked.flatMap { recorded[$0].elements }
    return FilmStrip.draw(
      panels, scene: scene, options: options, styled: all, legendOf: all, legend: [],
      details:
        "film strip: \(panels.count) of \(recorded.count) recorded states (the one before the command's first frame, then its frames)"
    )
  }

  /// `count` indices spread evenly over 0..<total, the first and the last included (fewer when
  /// there are fewer frames).
  static func pick(_ count: Int, of total: Int) -> [Int] {
    guard total > count else { return Array(0..<total) }
    return (0..<count).map { k in Int((Double(k) * Double(total - 1) / Double(count - 1)).rounded()) }
  }
}
