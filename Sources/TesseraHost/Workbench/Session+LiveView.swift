import TesseraKit

/// What the live view (`tessera serve`, docs/design.md "The live view") draws, read without
/// changing the session: the calls it makes into the plugin are not counted by `stats` and not
/// printed by `trace`.
extension Session {
  /// The offset, the viewport, the content size and every element within a viewport's reach of
  /// the bounds (during an interactive transition, its blended state), as one line of JSON;
  /// `{"error": …, "kind": …}` when the layout cannot answer.
  public func liveView() -> String {
    let counted = state.layout?.stats
    defer { if let counted { state.layout?.stats = counted } }
    do throws(HostError) {
      let bounds = state.model.bounds
      let origin = state.transition?.offset ?? bounds.origin
      let reach = Rect(
        x: origin.x - bounds.width, y: origin.y - bounds.height, width: 3 * bounds.width, height: 3 * bounds.height)
      let elements = try state.shownElements(in: reach)
      let content = try state.shownContentSize()
      return JSONOutput.object([
        ("offset", JSONFormatter.pair(origin.x, origin.y)),
        ("viewport", JSONFormatter.pair(bounds.width, bounds.height)),
        ("content", JSONFormatter.pair(content.width, content.height)),
        ("layout", state.layout.map { .string($0.layoutClass.name) } ?? .null),
        ("listing", JSONFormatter.format(.attributes(state.listing(elements))) ?? .null),
      ]).serialized
    } catch {
      return JSONOutput.object([("error", .string(error.message)), ("kind", .string(error.kind.rawValue))]).serialized
    }
  }
}
