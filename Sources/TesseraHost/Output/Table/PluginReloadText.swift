/// `plugin reload` as text: the fresh library, then how the current layout's options carried
/// over to the new code (kept, dropped, reset and why).
enum PluginReloadText {
  static func text(_ reload: PluginReload) -> String {
    let library = reload.library
    var lines = [
      "reloaded plugin \(library.name) \(library.version): \(library.layouts.map(\.name).joined(separator: ", "))"
    ]
    guard let s = reload.switched else { return lines[0] }
    let kept = s.kept.isEmpty ? "every option at its default" : "kept " + s.kept.joined(separator: " ")
    lines.append("layout \(s.layout) runs the new code: \(kept)")
    for option in s.dropped {
      lines.append("layout \(s.layout): dropped \(option) (the new code has no such option)")
    }
    for r in s.reset {
      lines.append(
        "layout \(s.layout): reset \(r.option) to its default (the new code refuses \(r.was): \(r.reason))")
    }
    return lines.joined(separator: "\n")
  }
}
