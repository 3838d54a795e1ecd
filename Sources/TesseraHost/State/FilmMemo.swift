import TesseraKit

/// The frames the clock ran in the last command that ran it (`step`, `drag`), for
/// `render PATH step frames=N`: each frame's time, bounds and the elements in them. Bounded: past
/// `mostElements` recorded elements it keeps every other frame and records half as often, so a
/// long step holds its whole span at a coarser grain.
struct FilmMemo {
  static let mostElements = 1_000_000

  typealias Frame = FilmFrame

  private(set) var frames: [Frame] = []
  /// Every `stride`-th frame run is recorded.
  private(set) var stride = 1
  private var seen = 0
  private var elementCount = 0
  /// Set once the command has finished: the memo is drawn only while nothing changed since.
  var stamp: WorkbenchStamp?

  /// Records the frame run `seen`-th in this command, if the stride takes it; `last` frames are
  /// always kept, so the strip ends where the command did.
  mutating func record(_ frame: @autoclosure () throws(HostError) -> Frame, last: Bool = false) throws(HostError) {
    defer { seen += 1 }
    guard seen % stride == 0 || last else { return }
    let taken = try frame()
    frames.append(taken)
    elementCount += taken.elements.count
    while elementCount > Self.mostElements, frames.count > 2 {
      let lastFrame = frames.removeLast()
      frames = frames.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) + [lastFrame]
      elementCount = frames.reduce(0) { $0 + $1.elements.count }
      stride *= 2
    }
  }

  func isCurrent(layout: LayoutInstance?, model: CollectionModel) -> Bool {
    stamp?.isCurrent(layout: layout, model: model) ?? false
  }
}

/// A frame as the film strip draws it: the clock's time, the bounds and the elements in them.
public struct FilmFrame: Sendable {
  public var time: Double
  public var viewport: Rect
  public var elements: [Element]
}
