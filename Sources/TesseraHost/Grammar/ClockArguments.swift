import TesseraKit

/// What `step` takes: a number of seconds, `frames=N`, or `rest`.
struct StepAmountArgument: ArgumentValue {
  var amount: WorkbenchState.StepAmount

  static var reader: ArgumentReader<StepAmountArgument> {
    ArgumentReader(words: 1, complete: { _ in ["frames=", "rest"] }) { words, _ throws(HostError) in
      let word = words[0]
      if word == "rest" { return StepAmountArgument(amount: .rest) }
      if word.hasPrefix("frames=") { return StepAmountArgument(amount: .frames(try FrameCount.count(word))) }
      guard let seconds = parseNumber(word), seconds > 0, seconds <= WorkbenchClock.longestStep else {
        throw HostError(
          "invalid step '\(word)': give a number of seconds above 0 and at most \(formatNumber(WorkbenchClock.longestStep)), frames=N, or rest"
        )
      }
      return StepAmountArgument(amount: .seconds(seconds))
    }
  }
}

/// `DX DY`: how far a finger drags, in points on screen.
struct DragDistance: ArgumentValue {
  var point: Point

  static var reader: ArgumentReader<DragDistance> {
    ArgumentReader(words: 2) { words, _ throws(HostError) in
      DragDistance(point: try offsetPair(words, noun: "drag", example: "drag 0 -200", what: "drag"))
    }
  }
}

/// `at X Y`: where on screen a finger goes down (viewport coordinates).
struct ScreenPoint: ArgumentValue {
  var point: Point

  static var reader: ArgumentReader<ScreenPoint> {
    ArgumentReader(
      words: 3, takes: { next in next.first == "at" ? 3 : nil }, complete: { _ in ["at"] }
    ) { words, context throws(HostError) in
      ScreenPoint(point: try pointInView(words, context, example: "at 195 600", what: "touch"))
    }
  }
}

/// `frames=N`: over how many frames a drag moves.
struct FrameCount: ArgumentValue {
  var count: Int

  static var reader: ArgumentReader<FrameCount> {
    ArgumentReader(
      words: 1, takes: { next in next.first?.hasPrefix("frames=") == true ? 1 : nil },
      complete: { _ in ["frames="] }
    ) { words, context throws(HostError) in
      guard words[0].hasPrefix("frames=") else { throw HostError.usage(context.misfit) }
      return FrameCount(count: try count(words[0]))
    }
  }

  /// The N of `frames=N`: 1 to a minute of frames.
  static func count(_ word: String) throws(HostError) -> Int {
    let text = word.dropFirst("frames=".count)
    guard let count = Int(text), (1...WorkbenchClock.mostFrames).contains(count) else {
      throw HostError(
        "invalid frames '\(text)': expected a whole number of frames from 1 to \(WorkbenchClock.mostFrames) (a minute at 60 a second)"
      )
    }
    return count
  }
}

/// `VX VY`: a fling's velocity, in points per second of the content offset.
struct Velocity: ArgumentValue {
  static let fastest = 1_000_000.0
  var point: Point

  static var reader: ArgumentReader<Velocity> {
    ArgumentReader(words: 2) { words, _ throws(HostError) in
      let point = try twoNumbers(words[0], words[1], noun: "velocity", example: "fling 0 2000")
      for (value, axis) in [(point.x, "x"), (point.y, "y")] where value.magnitude > fastest {
        throw HostError(
          .limit,
          "fling velocity \(axis) \(formatNumber(value)) is too large: velocities are within ±\(formatNumber(fastest)) points a second"
        )
      }
      return Velocity(point: point)
    }
  }
}
