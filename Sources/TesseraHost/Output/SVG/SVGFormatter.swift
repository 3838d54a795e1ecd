/// Results as pictures: `render`'s request, drawn (every other result is text, formatted by the
/// table and JSON formatters).
enum SVGFormatter {
  /// Draws what `render` asked for.
  static func draw(_ request: PictureRequest) -> Picture {
    switch request.subject {
    case .layout:
      return LayoutPicture.draw(request.scene, options: request.options)
    case .motion(let motions, let frames?):
      return MotionPicture.filmStrip(motions, frames: frames, scene: request.scene, options: request.options)
    case .motion(let motions, nil):
      return MotionPicture.animated(motions, scene: request.scene, options: request.options)
    case .film(let frames, let count):
      return RecordedFilmPicture.filmStrip(frames, frames: count, scene: request.scene, options: request.options)
    }
  }
}
