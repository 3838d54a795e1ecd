import TesseraKit

/// What the live view (`tessera serve`, docs/design.md "The live view") reads, without changing
/// the session: the calls it makes into the plugin are not counted by `stats` and not printed
/// by `trace`.
extension Session {
  /// What the page may ask: the scene near the bounds, the last animation, the density of the
  /// whole content, or where a drag released at a velocity comes to rest.
  public enum LiveRequest: Equatable, Sendable {
    case scene, motion, overview
    case target(velocityX: Double, velocityY: Double)

    /// The fastest release velocity taken, in points per second (a fling on a device stays
    /// well under 20,000).
    public static let fastest = 1_000_000.0

    /// `scene`, `motion`, `overview` or `target VX VY`; nil for anything else.
    public init?(_ text: String) {
      let words = text.split(separator: " ").map(String.init)
      switch words.first {
      case "scene" where words.count == 1: self = .scene
      case "motion" where words.count == 1: self = .motion
      case "overview" where words.count == 1: self = .overview
      case "target" where words.count == 3:
        guard let x = parseNumber(words[1]), let y = parseNumber(words[2]), abs(x) <= Self.fastest,
          abs(y) <= Self.fastest
        else { return nil }
        self = .target(velocityX: x, velocityY: y)
      default: return nil
      }
    }

    /// The text `init?(_:)` reads back.
    public var text: String {
      switch self {
      case .scene: "scene"
      case .motion: "motion"
      case .overview: "overview"
      case .target(let x, let y): "target \(formatNumber(x)) \(formatNumber(y))"
      }
    }
  }

  /// The answer to `request` as one line of JSON; `{"none": true}` when there is no animation to
  /// play, `{"error": …, "kind": …}` when the layout cannot answer.
  public func liveView(_ request: LiveRequest = .scene) -> String {
    let counted = state.layout?.stats
    defer { if let counted { state.layout?.stats = counted } }
    do throws(HostError) {
      switch request {
      case .scene: return LiveViewJSON.scene(try state.liveScene()).serialized
      case .motion:
        return try state.liveMotion().map { LiveViewJSON.motion($0).serialized } ?? #"{"none": true}"#
      case .overview: return LiveViewJSON.overview(try state.liveOverview()).serialized
      case .target(let x, let y):
        return LiveViewJSON.target(try state.liveTarget(velocity: Point(x: x, y: y))).serialized
      }
    } catch {
      return JSONOutput.object([("error", .string(error.message)), ("kind", .string(error.kind.rawValue))]).serialized
    }
  }
}
