import TesseraKit

extension Benchmark.Result {
  public var text: String {
    var table = TextTable(["measure", "median"])
    let c = configuration
    table.add([
      "layout",
      "\(c.layout) (\(items) items in \(sectionCount) section\(sectionCount == 1 ? "" : "s"), gen \(c.dataset), viewport \(Session.defaultViewport.formatted))",
    ])
    table.add(["content size", contentSize.formatted])
    table.add(["prepare", "\(Self.fixed(prepareSeconds * 1000, 2)) ms (median of \(c.prepareRuns) runs)"])
    table.add(["first prepare (cold memory)", "\(Self.fixed(firstPrepareSeconds * 1000, 2)) ms"])
    table.add(["prepare per item", "\(Self.fixed(nanosecondsPerItem, 2)) ns"])
    table.add([
      "visible query (ABI)",
      "\(Self.fixed(visibleQueryNanoseconds / 1000, 3)) µs for \(formatNumber(visibleElements)) elements (\(c.queries) queries)",
    ])
    table.add([
      "visible query per element", "\(Self.fixed(visibleQueryNanosecondsPerElement, 1)) ns (time ÷ (elements + 1))",
    ])
    if let direct = directQueryNanoseconds, let ratio = abiOverheadRatio {
      table.add(["visible query (direct Swift)", "\(Self.fixed(direct / 1000, 3)) µs"])
      table.add(["ABI / direct", "\(Self.fixed(ratio, 3))×"])
    }
    table.add(["item lookup", "\(Self.fixed(itemLookupNanoseconds, 1)) ns"])
    if let total = selfSizingTotalMilliseconds, let each = selfSizingMedianMicroseconds {
      table.add([
        "\(c.selfSizingEvents) self-sizing height changes",
        "\(Self.fixed(total, 1)) ms in all, \(Self.fixed(each, 2)) µs each (new height, context, visible query)",
      ])
    }
    if let batch = batchMilliseconds {
      table.add([
        "batch of \(c.batchOperations) random ops" + (batchDeletesOnly ? " (deletes only)" : ""),
        "\(Self.fixed(batch, 2)) ms (validate, apply, relayout, visible query; \(c.batchRuns) runs)"
          + (batchDeletesOnly ? "; the layout refuses random inserts and moves" : ""),
      ])
    }
    if let scroll {
      table.add([
        "scroll: fling" + (scroll.selfSizing ? " (self-sizing cells)" : ""),
        "\(scroll.frames) frames at 120 fps over \(formatNumber(scroll.distance.rounded())) points \(scroll.axisIsVertical ? "down" : "across")",
      ])
      table.add([
        "scroll: frame time",
        "median \(Self.fixed(scroll.medianMilliseconds * 1000, 1)) µs, p99 \(Self.fixed(scroll.p99Milliseconds * 1000, 1)) µs, max \(Self.fixed(scroll.maxMilliseconds * 1000, 1)) µs",
      ])
      table.add([
        "scroll: over the 8.3 ms budget",
        "\(scroll.framesOverBudget) frame\(scroll.framesOverBudget == 1 ? "" : "s"); \(scroll.prepares) prepare\(scroll.prepares == 1 ? "" : "s") triggered (\(scroll.fullPrepares) full)"
          + (scroll.selfSizing ? ", \(scroll.reportedSizes) sizes reported" : ""),
      ])
    }
    if let apply {
      table.add([
        "apply: 1% changed",
        "\(apply.deletes) deletes, \(apply.inserts) inserts, \(apply.moves) moves; \(Self.fixed(apply.totalMilliseconds, 1)) ms (median of \(apply.runs) runs)",
      ])
      table.add([
        "apply: where the time goes",
        "diff \(Self.fixed(apply.diffMilliseconds, 1)) ms, batch \(Self.fixed(apply.batchMilliseconds, 1)) ms (checks, new dataset, relayout, visible query)",
      ])
    }
    if let clock {
      table.add([
        "clock: a drag of 100 points",
        "\(clock.pulled) item\(clock.pulled == 1 ? "" : "s") pulled; "
          + (clock.rested
            ? "at rest after \(clock.frames) frames of 1/60 s"
            : "still moving after \(clock.frames) frames of 1/60 s"),
      ])
      table.add([
        "clock: frame time",
        "median \(Self.fixed(clock.medianMicroseconds, 1)) µs, p99 \(Self.fixed(clock.p99Microseconds, 1)) µs, max \(Self.fixed(clock.maxMicroseconds, 1)) µs (advance, prepare, visible query)",
      ])
      table.add([
        "clock: advance alone",
        "median \(Self.fixed(clock.advanceMedianMicroseconds, 1)) µs a frame, two simulation steps of 1/120 s: \(Self.fixed(clock.advanceMedianMicroseconds / 2, 1)) µs a step",
      ])
    }
    table.add([
      "memory (resident)",
      "\(Self.fixed(memory.baseline, 1)) MiB before the dataset, +\(Self.fixed(memory.dataset - memory.baseline, 1)) MiB dataset, +\(Self.fixed(memory.prepared - memory.dataset, 1)) MiB layout",
    ])
    var peakLine = "\(Self.fixed(peakMemoryMiB, 1)) MiB"
    if let perItem = bytesPerItem { peakLine += " (\(Self.fixed(perItem, 1)) bytes per item, everything included)" }
    table.add(["peak memory", peakLine])
    return table.rendered
  }

  public var json: JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("layout", .string(configuration.layout)), ("items", .number(Double(items))),
      ("dataset", .string(configuration.dataset)), ("prepareMs", .number(prepareSeconds * 1000)),
      ("prepareNsPerItem", .number(nanosecondsPerItem)),
      ("firstPrepareMs", .number(firstPrepareSeconds * 1000)), ("visibleQueryNs", .number(visibleQueryNanoseconds)),
      ("visibleElements", .number(visibleElements)),
      ("visibleQueryNsPerElement", .number(visibleQueryNanosecondsPerElement)),
      ("itemLookupNs", .number(itemLookupNanoseconds)),
      ("peakMemoryMiB", .number(peakMemoryMiB)), ("bytesPerItem", .number(bytesPerItem ?? 0)),
      ("baselineMemoryMiB", .number(memory.baseline)), ("datasetMemoryMiB", .number(memory.dataset - memory.baseline)),
      ("layoutMemoryMiB", .number(memory.prepared - memory.dataset)),
    ]
    if let direct = directQueryNanoseconds, let ratio = abiOverheadRatio {
      members += [("directQueryNs", .number(direct)), ("abiOverheadRatio", .number(ratio))]
    }
    if let batch = batchMilliseconds {
      members += [("batchMs", .number(batch)), ("batchDeletesOnly", .bool(batchDeletesOnly))]
    }
    if let total = selfSizingTotalMilliseconds, let each = selfSizingMedianMicroseconds {
      members += [("selfSizingTotalMs", .number(total)), ("selfSizingMedianUs", .number(each))]
    }
    if let scroll {
      members += [
        (
          "scroll",
          .object([
            ("frames", .number(Double(scroll.frames))), ("distance", .number(scroll.distance)),
            ("vertical", .bool(scroll.axisIsVertical)), ("selfSizing", .bool(scroll.selfSizing)),
            ("medianFrameMs", .number(scroll.medianMilliseconds)), ("p99FrameMs", .number(scroll.p99Milliseconds)),
            ("maxFrameMs", .number(scroll.maxMilliseconds)),
            ("framesOverBudget", .number(Double(scroll.framesOverBudget))),
            ("prepares", .number(Double(scroll.prepares))), ("fullPrepares", .number(Double(scroll.fullPrepares))),
            ("reportedSizes", .number(Double(scroll.reportedSizes))),
          ])
        )
      ]
    }
    if let apply {
      members += [
        (
          "apply",
          .object([
            ("deletes", .number(Double(apply.deletes))), ("inserts", .number(Double(apply.inserts))),
            ("moves", .number(Double(apply.moves))), ("runs", .number(Double(apply.runs))),
            ("diffMs", .number(apply.diffMilliseconds)), ("batchMs", .number(apply.batchMilliseconds)),
            ("totalMs", .number(apply.totalMilliseconds)),
          ])
        )
      ]
    }
    if let clock {
      members += [
        (
          "clock",
          .object([
            ("pulled", .number(Double(clock.pulled))), ("frames", .number(Double(clock.frames))),
            ("rested", .bool(clock.rested)), ("medianFrameUs", .number(clock.medianMicroseconds)),
            ("p99FrameUs", .number(clock.p99Microseconds)), ("maxFrameUs", .number(clock.maxMicroseconds)),
            ("advanceMedianUs", .number(clock.advanceMedianMicroseconds)),
          ])
        )
      ]
    }
    return .object(members)
  }

  static func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
  }
}
