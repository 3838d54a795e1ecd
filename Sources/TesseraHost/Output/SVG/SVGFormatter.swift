/// Results as pictures: the third formatter beside the table and JSON ones, exhaustive over the
/// results like them. Only `render`'s request is drawn; every other result is text.
enum SVGFormatter {
  /// The picture a result draws, if it draws one.
  static func format(_ result: CommandResult) -> Picture? {
    switch result {
    case .picture(let request):
      return draw(request)
    case .silent, .quit, .help, .plugins, .pluginLoaded, .pluginReloaded, .layoutChosen, .layoutShown, .layoutChanged,
      .transition, .datasetMade,
      .dataset, .viewport, .offset, .attributes, .contentSize, .batchOpened, .batchCancelled, .batch,
      .invalidation, .preferredSizeKept, .selfSizingOn, .selfSizingOff, .trace, .stats, .statsReset, .format,
      .transcript, .watchdog, .pictureWritten:
      return nil
    }
  }

  /// Draws what `render` asked for.
  static func draw(_ request: PictureRequest) -> Picture {
    switch request.subject {
    case .layout:
      return LayoutPicture.draw(request.scene, options: request.options)
    case .motion(let motions, let frames?):
      return MotionPicture.filmStrip(motions, frames: frames, scene: request.scene, options: request.options)
    case .motion(let motions, nil):
      return MotionPicture.animated(motions, scene: request.scene, options: request.options)
    }
  }
}
