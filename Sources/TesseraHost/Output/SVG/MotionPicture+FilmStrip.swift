import TesseraKit

extension MotionPicture {
  static let maximumFrames = 60

  /// A still film strip of an animation (`FilmStrip`): `frames` panels (clamped to 2...60),
  /// panel k showing the elements at t = k / (frames − 1) by `Motion.element(at:)` (UIKit's
  /// interactive transition rule), each captioned "t = 0.5". A batch's changes are outlined in
  /// every panel (inserted, deleted, moved, reloaded) and drawn over what it leaves (at each z
  /// index); an element whose index path changes is labelled `old→new` where that fits (else its
  /// path before the update in the first half, after it in the second); copies fading below
  /// alpha 0.5 have no label.
  public static func filmStrip(_ motions: [Motion], frames: Int, scene: PictureScene, options: PictureOptions)
    -> Picture
  {
    let count = min(max(frames, 2), maximumFrames)
    let panels = (0..<count).map { frame -> FilmPanel in
      let t = Double(frame) / Double(count - 1)
      let tText = SVGNumber.rounded(t)
      let elements = motions.map { motion -> FilmElement in
        let element = motion.element(at: t)
        return FilmElement(
          element: element, name: motion.label, id: motion.id, path: motion.pathLabel,
          fallbackPath: t < 0.5 ? motion.startPath : nil, outline: motion.change.styleClass,
          labelled: element.alpha >= 0.5, layer: layer(motion.change))
      }
      return FilmPanel(caption: "t = \(tText)", time: tText, elements: elements, viewport: viewport(scene, at: t))
    }
    return FilmStrip.draw(
      panels, scene: scene, options: options, styled: motions.flatMap { [$0.start, $0.end] },
      legendOf: motions.map(\.end), legend: Motion.Change.legend(motions),
      details: "film strip: \(count) frames, \(motions.count) element\(motions.count == 1 ? "" : "s")")
  }

  /// At each z index: what the batch deletes under what it leaves, and what it moves, inserts or
  /// reloads over it — a moving cell passes over its neighbours, as a person follows it, and a
  /// fading one does not hide them.
  private static func layer(_ change: Motion.Change) -> Int {
    switch change {
    case .deleted: 0
    case .none: 1
    case .inserted, .moved, .reloaded: 2
    }
  }

  /// The bounds at `t`: blended from the start's to the end's, like the content offset of a
  /// transition.
  static func viewport(_ scene: PictureScene, at t: Double) -> Rect {
    guard let start = scene.startViewport else { return scene.viewport }
    let end = scene.viewport
    return Rect(
      x: SVGNumber.roundedValue(start.minX + (end.minX - start.minX) * t),
      y: SVGNumber.roundedValue(start.minY + (end.minY - start.minY) * t), width: end.width, height: end.height)
  }
}
