import TesseraKit

/// Self-sizing as a collection view does it: when the visible cells are shown they are
/// measured, and each one whose measured size differs from its current one reports a preferred
/// size; the layout decides whether that invalidates it; repeat until nothing changes.
extension Session {
  /// What a cell measures: the next entry of its `measureCycle` prop (`[w, h, w, h, ...]`, a way
  /// to script a cell that never settles), else its dataset `size`; nil when it has neither.
  func measure(_ path: IndexPath) -> Size? {
    let item = model.dataset.sections[path.section].items[path.item]
    if case .numbers(let cycle) = item.props["measureCycle"], cycle.count >= 2, cycle.count % 2 == 0 {
      let count = measureCounts[item.id, default: 0]
      measureCounts[item.id] = count + 1
      let pair = count % (cycle.count / 2)
      return Size(width: cycle[2 * pair], height: cycle[2 * pair + 1])
    }
    return item.size
  }

  /// Measures the visible cells until they agree with the layout. Returns the number of passes
  /// that changed something; throws when `selfSizingBudget` passes do not settle.
  @discardableResult
  func settleVisibleCells() throws(HostError) -> Int {
    guard selfSizing, let layout else { return 0 }
    var history: [IndexPath: [Size]] = [:]
    var firstChange: [IndexPath: Int] = [:]
    for pass in 1...(selfSizingBudget + 1) {
      let cells = try layout.attributes(in: model.bounds).filter { $0.category == .cell }
      var changed: [IndexPath] = []
      for cell in cells {
        guard let measured = measure(cell.indexPath), measured != cell.frame.size else { continue }
        guard let request = try layout.preferredSize(measured, for: cell) else { continue }
        layout.invalidate(request)
        layout.preferredLog.append(
          (model.dataset.sections[cell.indexPath.section].items.ids[cell.indexPath.item], measured))
        history[cell.indexPath, default: [cell.frame.size]].append(measured)
        if firstChange[cell.indexPath] == nil { firstChange[cell.indexPath] = pass }
        changed.append(cell.indexPath)
      }
      if changed.isEmpty { return pass - 1 }
      if pass > selfSizingBudget {
        let named = changed.prefix(5).map { path -> String in
          let sizes = Array(history[path]!.suffix(2)).map(\.formatted).joined(separator: " ↔ ")
          return "\(path) (\(sizes), since pass \(firstChange[path]!))"
        }
        throw HostError(
          "self-sizing did not settle after \(selfSizingBudget) passes: \(named.joined(separator: ", "))\(changed.count > 5 ? " and \(changed.count - 5) more" : "") keep changing size (raise the budget with 'selfsizing on N', or fix the cell's measurement)"
        )
      }
      try layout.prepareIfNeeded()
    }
    return selfSizingBudget
  }

  func selfSizingCommand(_ args: [String]) throws(HostError) -> Reply {
    switch args.first {
    case "on":
      guard args.count <= 2 else { throw HostError.usage("selfsizing on takes at most a pass budget") }
      var budget = selfSizingBudget
      if args.count == 2 {
        guard let n = Int(args[1]), n >= 1, n <= 10_000 else {
          throw HostError("invalid pass budget '\(args[1])': expected a whole number from 1 to 10000")
        }
        budget = n
      }
      let (wasOn, oldBudget) = (selfSizing, selfSizingBudget)
      (selfSizing, selfSizingBudget) = (true, budget)
      let passes: Int
      do {
        passes = try atomically { () throws(HostError) in try settleVisibleCells() }
      } catch {
        (selfSizing, selfSizingBudget) = (wasOn, oldBudget)  // a failed command changes nothing
        throw error
      }
      return Reply(
        text: "self-sizing on (budget \(selfSizingBudget) passes)"
          + (passes > 0 ? ": settled in \(passes) pass\(passes == 1 ? "" : "es")" : ""),
        json: .object([
          ("selfSizing", .bool(true)), ("budget", .number(Double(selfSizingBudget))),
          ("passes", .number(Double(passes))),
        ]))
    case "off":
      guard args.count == 1 else { throw HostError.usage("selfsizing off takes nothing more") }
      selfSizing = false
      return .confirm("self-sizing off", "selfSizing", .bool(false))
    default:
      throw HostError.usage("selfsizing takes on or off")
    }
  }
}
