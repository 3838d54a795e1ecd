import Synchronization

/// A font's vertical metrics at one size, in points: what a label's lines are stacked by.
public struct FontMetrics: Equatable, Sendable {
  public var ascender: Double
  /// Below the baseline, as a positive distance.
  public var descender: Double
  public var lineGap: Double

  public init(ascender: Double, descender: Double, lineGap: Double) {
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
  }

  /// UIFont's `lineHeight`: ascender + descender + leading, one line's advance.
  public var lineHeight: Double { ascender + descender + lineGap }
}

/// One line of a broken paragraph: its text and its advance width in points, trailing spaces
/// left out as a label leaves them out of its width.
public struct TextLine: Equatable, Sendable {
  public var text: String
  public var width: Double

  public init(text: String, width: Double) {
    self.text = text
    self.width = width
  }
}

/// What measures text: a font, shaped and broken into lines. The host's own is HarfBuzz with
/// the bundled DejaVu Sans (module TesseraText); tests may give another.
public protocol TextMeasuring: Sendable {
  /// The font, as messages and `selfsizing text` name it: "DejaVu Sans 2.37".
  var fontName: String { get }
  /// The font's vertical metrics at `size` points.
  func metrics(size: Double) -> FontMetrics
  /// `text` at `size` points broken into lines no wider than `width` (nil: only at line
  /// feeds): at spaces, and inside a word only when the word alone is wider than the line.
  /// Empty text has no lines.
  func lines(of text: String, size: Double, width: Double?) -> [TextLine]
}

/// The text measurer this process uses. The `tessera` executable installs HarfBuzz's (which
/// opens the bundled font the first time text is measured); a host library without it — a
/// plugin author's tests, which need no font engine — has none, and `selfsizing text` says so.
public enum TextEngine {
  private enum State {
    case none
    case loader(@Sendable () throws(HostError) -> any TextMeasuring)
    case loaded(any TextMeasuring)
    case failed(HostError)
  }

  private static let state = Mutex<State>(.none)

  /// Installs what makes the measurer, run once, when text is first measured.
  public static func install(_ load: @escaping @Sendable () throws(HostError) -> any TextMeasuring) {
    state.withLock { $0 = .loader(load) }
  }

  /// The measurer; throws when none is installed or it could not be made.
  public static func measurer() throws(HostError) -> any TextMeasuring {
    let result: Result<any TextMeasuring, HostError> = state.withLock { state in
      switch state {
      case .none:
        return .failure(
          HostError(
            "this build has no text engine: the tessera executable measures text (TesseraText installs HarfBuzz with TextEngine.install)"
          ))
      case .loaded(let measurer): return .success(measurer)
      case .failed(let error): return .failure(error)
      case .loader(let load):
        do throws(HostError) {
          let measurer = try load()
          state = .loaded(measurer)
          return .success(measurer)
        } catch {
          state = .failed(error)
          return .failure(error)
        }
      }
    }
    return try result.get()
  }
}
