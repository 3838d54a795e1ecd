/// Random command lines from the command language's grammar, weighted towards the inputs that
/// break programs: numbers at and beyond every limit (0, -0, huge, tiny, 2^63, nan, inf), index
/// paths that do not exist, unicode and control characters, long lines, and real session lines
/// mutated a character at a time.
struct CommandGrammar {
  var random: SplitMix64
  /// Layout names and their options (with the words of choice options), from the registry.
  let layouts: [(name: String, options: [(name: String, choices: [String])])]
  /// Command lines of the golden sessions, to mutate.
  let corpus: [String]

  mutating func pick<T>(_ choices: [T]) -> T {
    choices[random.int(in: 0...(choices.count - 1))]
  }

  mutating func chance(_ percent: Int) -> Bool {
    random.int(in: 1...100) <= percent
  }

  static let extremeNumbers = [
    "0", "-0", "1", "-1", "0.5", "1e308", "-1e308", "1e21", "1e12", "4.9e-324", "2.2e-308", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "18446744073709551616", "nan", "inf", "-inf", "1e999", "0x10",
    "+1", "", "1.", ".5", "1e-7", "100000000", "2147483648", "0.2", "0.7", "0.34", "1e-320",
  ]

  mutating func number() -> String {
    chance(60) ? String(random.int(in: 0...400)) : pick(Self.extremeNumbers)
  }

  mutating func count() -> String {
    // Counts beyond the limits (refused at once) but none that are merely large: a real
    // million-item command is a benchmark's job, and in a debug build it could pass the watchdog.
    chance(85) ? String(random.int(in: 0...60)) : pick(Self.extremeNumbers + ["50000000", "10000001", "1000"])
  }

  mutating func index() -> String {
    chance(85) ? String(random.int(in: 0...6)) : pick(["-1", "99", "9223372036854775807", "x", "", "1e3"])
  }

  mutating func indexPath() -> String {
    chance(90) ? "\(index()).\(index())" : pick(["0", "0.0.0", ".", "a.b", "0.-1", "-0.0", "0.9223372036854775807"])
  }

  mutating func size() -> String {
    chance(90) ? "\(number())x\(number())" : pick(["x", "10", "10x", "x10", "10x10x10", "nanxnan", "1e308x1e308"])
  }

  mutating func word() -> String {
    pick([
      "a", "s0", "é", "日本", "🙂", "\u{1B}[31mred", "\u{7F}", "\u{07}", "tab\tword", "\"quoted\"", "'single'",
      "back\\slash", String(repeating: "w", count: random.int(in: 50...3000)), "\u{202E}rtl", "\u{0}",
    ])
  }

  mutating func option(_ layout: (name: String, options: [(name: String, choices: [String])])) -> String {
    guard !layout.options.isEmpty, chance(90) else { return "\(word())=\(number())" }
    let (key, choices) = pick(layout.options)
    if !choices.isEmpty, chance(60) { return "\(key)=\(pick(choices))" }
    let value: String
    switch random.int(in: 0...5) {
    case 0: value = number()
    case 1: value = size()
    case 2: value = "\(number()),\(number()),\(number()),\(number())"
    case 3: value = pick(["vertical", "horizontal", "true", "false", "on", "none", "left", "justified"])
    case 4: value = word()
    default: value = "\(number())x\(number())"
    }
    return "\(key)=\(value)"
  }

  /// The simulation clock: steps (refused amounts among them), drags and flings.
  mutating func clockLine() -> String {
    switch random.int(in: 0...5) {
    case 0, 1:
      return "step "
        + pick([number(), "0.1", "0.5", "frames=\(count())", "frames=0", "frames=99999", "rest", "", word()])
    case 2, 3:
      let at = chance(40) ? " at \(number()) \(number())" : ""
      let frames = chance(40) ? " frames=\(pick([count(), "0", "4000", word()]))" : ""
      return "drag \(number()) \(number())\(at)\(frames)"
    case 4: return "fling \(number()) \(pick([number(), "2000", "-1500", "1e7"]))"
    default: return "render \(pick(["-", "settle.svg"])) step" + (chance(80) ? " frames=\(pick([count(), "6"]))" : "")
    }
  }

  mutating func batchOperation() -> String {
    switch random.int(in: 0...9) {
    case 9: return "animated=" + pick(["false", "true", "false", "no", word()])
    case 0: return "insert \(indexPath())" + (chance(30) ? " \(size())" : "") + (chance(20) ? " id=\(word())" : "")
    case 1: return "delete \(indexPath())"
    case 2: return "move \(indexPath()) \(indexPath())"
    case 3: return "reload \(indexPath())" + (chance(30) ? " \(size())" : "")
    case 4: return "insert-section \(index())" + (chance(50) ? " \(count())" : "")
    case 5: return "delete-section \(index())"
    case 6: return "move-section \(index()) \(index())"
    case 7: return "reload-section \(index())"
    default: return "counts \((0..<random.int(in: 0...4)).map { _ in count() }.joined(separator: ","))"
    }
  }

  /// One command line; `dataFile` is a mutated dataset the line may load or apply.
  mutating func line(dataFile: String) -> String {
    switch random.int(in: 0...31) {
    case 0, 1:
      let kind = pick(["grid", "random", "tree", "photos", "blocks", "events", "labels", "bars", "bogus"])
      var parts = ["gen", kind, count()]
      for _ in 0..<random.int(in: 0...3) {
        let key = pick([
          "sections", "size", "header", "footer", "seed", "min", "max", "depth", "fanout", "nodes", "tracks", "span",
          "ranges", "length", "series", "bogus",
        ])
        parts.append("\(key)=" + (["size", "header", "footer", "min", "max"].contains(key) ? size() : count()))
      }
      return parts.joined(separator: " ")
    case 2, 3:
      guard !layouts.isEmpty else { return "layout" }
      let layout = pick(layouts)
      return (["layout", layout.name] + (0..<random.int(in: 0...3)).map { _ in option(layout) }).joined(separator: " ")
    case 4:
      let base =
        chance(20)
        ? "viewport"
        : chance(70) ? "viewport \(size())" : "viewport \(size())@\(pick([number(), "3", "2", "", "x", "@3"]))"
      guard chance(40) else { return base }
      let key = pick(["inset", "safeArea", "margins", "adjust", "bogus"])
      let value =
        key == "adjust"
        ? pick(["automatic", "scrollableAxes", "never", "always", "sometimes"])
        : pick(["\(number()),\(number()),\(number()),\(number())", "\(number())", "1,2,3", "0,0,0,0"])
      return "\(base) \(key)=\(value)"
    case 5: return chance(90) ? "scroll \(number()) \(number())" + (chance(20) ? " animated" : "") : "scroll"
    case 6: return clockLine()
    case 7, 8: return chance(80) ? "visible" : "visible --all"
    case 9:
      let all = chance(20) ? " --all" : ""
      return chance(50) ? "dump\(all)" : "dump \(number()) \(number()) \(number()) \(number())\(all)"
    case 10:
      switch random.int(in: 0...9) {
      case 0, 1: return "\(pick(["item", "element"])) at \(number()) \(number())"
      case 2, 3, 4: return "item \(pick(["header", "link", "date", "band", word()])) \(indexPath())"
      default: return "item \(indexPath())"
      }
    case 11: return "size"
    case 12, 13: return "batch " + (0..<random.int(in: 1...6)).map { _ in batchOperation() }.joined(separator: "; ")
    case 14:
      switch random.int(in: 0...4) {
      case 0: return "invalidate all"
      case 1: return "invalidate item \(indexPath())"
      case 2:
        return
          "invalidate supplementary \(pick(["header", "footer", "connector", "link", "date", word()])) \(indexPath())"
      case 3: return "invalidate decoration \(pick(["band", "header", word()])) \(indexPath())"
      default: return "invalidate size \(indexPath()) \(size())"
      }
    case 15:
      switch random.int(in: 0...5) {
      case 0, 1: return "selfsizing on \(chance(50) ? count() : "")"
      case 2: return "selfsizing off"
      case 3:
        return pick([
          "selfsizing text off", "selfsizing measure \(indexPath())",
          "selfsizing fit \(pick(["both", "height", "aspect", "wide", ""]))",
        ])
      default:
        let options = (0..<random.int(in: 0...3)).map { _ in
          let key = pick(["font", "padding", "fit", "maxWidth", "lines", "bogus"])
          let value =
            switch key {
            case "padding": pick(["0,0,0,0", "8,8,8,8", "4,12,4,12", "-1,0,0,0", "1e9,0,0,0"])
            case "fit": pick(["both", "height", "width", "all"])
            default: pick([count(), number()])
            }
          return "\(key)=\(value)"
        }
        return (["selfsizing text"] + options).joined(separator: " ")
      }
    case 16:
      return pick([
        "format json", "format table", "format json", "trace on", "trace off", "stats", "data", "events on",
        "events off",
      ])
    case 17: return pick(["load \(dataFile)", "apply \(dataFile)", "load \(dataFile)"])
    case 18:
      // Watchdog values that are refused, or long enough not to cut a slow debug-build command.
      let watchdog = pick(["", " 10", " 30", " 0", " 0.05", " nan", " -1", " 1e308", " 86401", " x"])
      return pick([
        "help", "help \(word())", "plugins", "layout", "watchdog\(watchdog)", "stats reset", "checkpoint",
        "checkpoint \(word())",
      ])
    case 19: return "\(word()) \(word())"
    case 20, 21, 22:
      guard !corpus.isEmpty else { return "size" }
      return mutate(pick(corpus))
    case 23:
      return String(
        (0..<random.int(in: 1...200)).map { _ in Character(Unicode.Scalar(UInt8(random.int(in: 1...127)))) })
    case 24: return "batch"
    case 25: return pick(["commit", "cancel", "insert 0.0", "delete 0.0"])
    case 26: return "run \(dataFile)"
    case 27: return "layout flow " + (0..<random.int(in: 100...3000)).map { "k\($0)=\($0)" }.joined(separator: " ")
    case 28:
      let area = pick([
        "", " viewport", " content", " batch", " transition", " \(number()) \(number()) \(number()) \(number())",
        " \(word())",
      ])
      let options = (0..<random.int(in: 0...3)).map { _ in
        " " + pick(["scale", "width", "title", "labels", "hidden", "frames", "bogus"]) + "="
          + pick([number(), count(), word(), "on", "off", "show", "skip"])
      }.joined()
      return "render \(pick(["-", "picture.svg", ".", "missing/x.svg", word()]))\(area)\(options)"
    case 29:
      // Zooms: factors at and beyond the limits, focus points, reset, animated.
      let animated = chance(40) ? " animated" : ""
      if chance(20) { return "zoom reset\(animated)" }
      let focus = chance(50) ? " at \(number()) \(number())" : ""
      return "zoom \(pick([number(), "2", "0.5", "1e-7", "1e7"]))\(focus)\(animated)"
    case 30:
      // Animated switches and interactive transitions, in any order.
      guard !layouts.isEmpty else { return "transition finish" }
      let layout = pick(layouts)
      switch random.int(in: 0...5) {
      case 0: return "layout \(layout.name) animated"
      case 1: return "transition \(layout.name)"
      case 2: return "transition progress \(pick([number(), "0.5", "1", "0"]))"
      case 3: return "transition finish"
      case 4: return "transition cancel"
      default: return "transition"
      }
    default: return pick(corpus.isEmpty ? ["size"] : corpus)
    }
  }

  /// A corpus line with a few characters changed, inserted or removed.
  mutating func mutate(_ line: String) -> String {
    var scalars = Array(line.unicodeScalars)
    for _ in 0..<random.int(in: 1...3) {
      let position = scalars.isEmpty ? 0 : random.int(in: 0...(scalars.count - 1))
      let replacement = Unicode.Scalar(pick([UInt8(48 + random.int(in: 0...9)), 46, 120, 45, 101, 32, 59, 61, 57]))
      switch random.int(in: 0...2) {
      case 0 where !scalars.isEmpty: scalars[position] = replacement
      case 1: scalars.insert(replacement, at: position)
      default: if !scalars.isEmpty { scalars.remove(at: position) }
      }
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }
}
