import TesseraKit

/// The session's whole state written down, so that a new engine can take it up without
/// replaying every command that led to it: the supervisor's journal shrinks to a checkpoint and
/// the commands after it, and a restore takes as long whatever the session's length.
///
/// A checkpoint is a JSON object (bounds, screen scale, the layout, its options and the preferred
/// sizes it accepted, its saved motion, the settings) beside a data file in `load`'s format. It holds the state a
/// later command can see; plugin-call counts are handed back by the supervisor.
extension WorkbenchState {
  /// Why no checkpoint can be taken now (nil: one can): what a checkpoint cannot hold is kept
  /// as commands in the journal until it is gone.
  func checkpointBlocker(force: Bool) -> String? {
    if pendingBatch != nil { return "a batch is being typed" }
    if transition != nil { return "an interactive transition is in progress" }
    // A batch's or layout change's memo (what `render … batch` draws) is not written down: wait
    // for it to go, unless the journal has grown long (then the memo is given up).
    if !force, memos.lastBatch != nil || memos.lastLayoutChange != nil {
      return "the last batch or layout change can still be drawn"
    }
    // The last step's frames, or a moving layout that cannot save its motion
    // (`tessera.state/1`): replayed from the journal until they are gone, unless the journal has
    // grown long; then they are given up (a restored layout's items start where they rest).
    if !force, let blocker = clockBlocker { return blocker }
    return nil
  }

  /// Libraries loaded or reloaded since the session started, in the registry's order.
  private var addedLibraries: [PluginLibrary] {
    registry.libraries.filter { library in !startingLibraries.contains { $0 === library } }
  }

  /// Writes a checkpoint into `folder`; returns its file. The data file is written again only
  /// when the dataset changed since the last checkpoint.
  func writeCheckpoint(into folder: PrivateDirectory, force: Bool = false) throws(HostError) -> (
    file: String, data: String
  ) {
    if let blocker = checkpointBlocker(force: force) { throw HostError("no checkpoint now: \(blocker)") }
    let motion = try layoutMotionForCheckpoint(force: force)
    let droppedMemo = memos.lastBatch != nil || memos.lastLayoutChange != nil
    let dataFile: String
    if let known = checkpointData, known.generation == model.datasetGeneration {
      dataFile = known.file
    } else {
      dataFile = try folder.write(Array(DatasetEncoder.encode(model.dataset).utf8), stem: "checkpoint-data.json")
      checkpointData = (model.datasetGeneration, dataFile)
    }
    let bounds = model.bounds
    var members: [(String, JSONOutput)] = [
      ("data", .string(dataFile)),
      (
        "bounds",
        .array([
          .number(bounds.origin.x), .number(bounds.origin.y), .number(bounds.size.width), .number(bounds.size.height),
        ])
      ),
      ("scale", model.screenScale.map { .number($0) } ?? .null),
      ("insets", Self.json(model.insets)),
      ("scrolls", .array([.bool(model.scrolls.across), .bool(model.scrolls.down)])),
      ("nextGeneratedID", .number(Double(model.nextGeneratedID))),
      ("format", .string(format.rawValue)),
      ("tracing", .bool(settings.tracing)),
      ("displayEvents", .bool(settings.displayEvents)),
      ("watchdog", .number(watchdogSeconds)),
      ("clock", .array([.number(clock.time), .number(Double(clock.frames))])),
      ("clockMotion", clockMotionJSON),
      ("touch", .array([.number(model.touch.screenPoint.x), .number(model.touch.screenPoint.y)])),
      (
        "selfSizing",
        .object([
          ("on", .bool(settings.selfSizing.isOn)), ("budget", .number(Double(settings.selfSizing.budget))),
          ("fit", .string(settings.selfSizing.fit.rawValue)),
          (
            "text",
            settings.selfSizing.text.map { style in
              .object(TextStyleOptions.pairs(style).map { ($0.key, .string($0.value)) })
            } ?? .null
          ),
          (
            "measured",
            .object(
              settings.selfSizing.measureCounts.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) })
          ),
        ])
      ),
      ("zoomOrigin", slot.zoomOrigin.map(Self.json) ?? .null),
      ("lastBatchIsStale", .bool(memos.lastBatchIsStale || droppedMemo)),
      (
        "plugins",
        .array(
          addedLibraries.map {
            .object([("path", .string($0.path)), ("file", .string($0.file)), ("opened", .string($0.openedFile))])
          })
      ),
    ]
    if let layout {
      members.append(
        (
          "layout",
          .object([
            ("name", .string(layout.layoutClass.name)),
            ("options", .array(layout.options.map(Self.json))),
            (
              "preferred",
              .array(
                layout.preferredLog.map { .array([.string($0.id), .number($0.size.width), .number($0.size.height)]) })
            ),
            ("motion", motion.map(Self.json(motion:)) ?? .null),
          ])
        ))
    }
    return (try folder.write(Array(JSONOutput.object(members).serialized.utf8), stem: "checkpoint.json"), dataFile)
  }

  /// Takes up the state a checkpoint file holds (written by `writeCheckpoint`, in an engine that
  /// loaded the same libraries). Throws, changing nothing, when it cannot.
  /// The `layout` command that chooses the current layout with its options (what a checkpoint
  /// restored without its layout leaves out).
  var layoutLine: String? {
    guard let layout else { return nil }
    let options = layout.layoutClass.options.enumerated().compactMap { index, option in
      layout.options[index] == option.defaultValue ? nil : "\(option.name)=\(option.format(layout.options[index]))"
    }
    return (["layout", layout.layoutClass.name] + options).joined(separator: " ")
  }

  /// `withoutLayout`: everything but the layout (kept as the engine has it), for a layout that
  /// no longer comes back.
  /// Returns what the restore report should add (the layout's motion lost), or nil.
  @discardableResult
  func restoreCheckpoint(_ file: String, withoutLayout: Bool = false) throws(HostError) -> String? {
    let root = try Self.parse(TextFile.read(file, shownAs: file), file)
    func member(_ key: String) throws(HostError) -> JSONNode {
      guard case .object(let members) = root.value, let found = members.first(where: { $0.key == key }) else {
        throw HostError("checkpoint \(file): no '\(key)'")
      }
      return found.value
    }
    // The plugins first (their copies, as they were opened): the layout may be one of theirs.
    if case .array(let plugins) = try member("plugins").value {
      for node in plugins {
        guard case .object(let fields) = node.value else { continue }
        func text(_ key: String) -> String {
          if case .string(let s)? = fields.first(where: { $0.key == key })?.value.value { return s }
          return ""
        }
        let (path, original, opened) = (text("path"), text("file"), text("opened"))
        if let present = registry.libraries.first(where: { $0.file == original }) {
          if present.openedFile != opened {
            _ = try registry.reload(name: present.name) { (_, _) throws(HostError) in opened }
          }
        } else {
          try registry.load(path: path, file: original, opening: opened)
        }
      }
    }
    let dataFile = try Self.string(member("data"), file)
    let dataset = try DatasetDecoder.decode(TextFile.read(dataFile, shownAs: dataFile), file: dataFile)
    let box = try Self.numbers(member("bounds"), file)
    guard box.count == 4 else { throw HostError("checkpoint \(file): bounds are not four numbers") }
    let scale = try member("scale")
    var layoutInstance: LayoutInstance?
    var motion: JSONNode?
    let savedModel = (model.dataset, model.bounds, model.screenScale, model.nextGeneratedID, model.insets)
    let savedScrolls = model.scrolls
    do throws(HostError) {
      model.insets = try Self.insets(member("insets"), file)
      guard case .array(let axes) = try member("scrolls").value, axes.count == 2,
        case .bool(let across) = axes[0].value, case .bool(let down) = axes[1].value
      else { throw HostError("checkpoint \(file): 'scrolls' is not two booleans") }
      model.restoreScrolls(across: across, down: down)
      model.dataset = dataset
      model.bounds = Rect(x: box[0], y: box[1], width: box[2], height: box[3])
      if case .number(let value) = scale.value { model.screenScale = value } else { model.screenScale = nil }
      model.nextGeneratedID = Int(exactly: try Self.number(member("nextGeneratedID"), file)) ?? 0
      if !withoutLayout, case .object(let fields) = try member("layout").value {
        layoutInstance = try Self.layout(fields, file: file, registry: registry, model: model)
        motion = fields.first { $0.key == "motion" }?.value
      }
    } catch {
      (model.dataset, model.bounds, model.screenScale, model.nextGeneratedID, model.insets) = savedModel
      model.restoreScrolls(across: savedScrolls.across, down: savedScrolls.down)
      throw error
    }
    if let layoutInstance { slot.install(layoutInstance) }
    // The next checkpoint reuses this data file while the dataset stays as it is.
    checkpointData = (model.datasetGeneration, dataFile)
    settings.format = Format(rawValue: try Self.string(member("format"), file)) ?? .table
    if case .bool(let on) = try member("tracing").value { settings.tracing = on }
    setWatchdog(seconds: try Self.number(member("watchdog"), file))
    if case .object(let fields) = try member("selfSizing").value { try restoreSelfSizing(fields) }
    let zoom = try member("zoomOrigin")
    if case .null = zoom.value { slot.zoomOrigin = nil } else { slot.zoomOrigin = try Self.optionValue(zoom, file) }
    if case .bool(let stale) = try member("lastBatchIsStale").value { memos.lastBatchIsStale = stale }
    memos.lastBatch = nil
    memos.lastLayoutChange = nil
    // What is on screen follows from the rest: taken again, as after the checkpoint's command.
    restoreClock(try? member("clock"), motion: try? member("clockMotion"))
    if case .array(let values)? = try? member("touch").value, values.count == 2,
      case .number(let x) = values[0].value, case .number(let y) = values[1].value, x.isFinite, y.isFinite
    {
      model.touch = Touch(screenPoint: Point(x: x, y: y))
    }
    if case .bool(let on)? = try? member("displayEvents").value { settings.displayEvents = on }
    // The motion last: the layout takes it up where the finger and the clock are.
    let note = layoutInstance == nil ? nil : takeUpLayoutMotion(motion)
    memos.displayed = settings.displayEvents ? try viewsOnScreen() : DisplayedViews()
    return note
  }

  /// The self-sizing settings a checkpoint wrote: on, the budget, the fit of dataset sizes, the
  /// text style and the measure counts.
  private func restoreSelfSizing(_ fields: [(key: String, value: JSONNode)]) throws(HostError) {
    for (key, value) in fields {
      switch (key, value.value) {
      case ("on", .bool(let on)): settings.selfSizing.isOn = on
      case ("budget", .number(let budget)):
        settings.selfSizing.budget = Int(exactly: budget) ?? settings.selfSizing.budget
      case ("fit", .string(let fit)): settings.selfSizing.fit = SelfSizing.DatasetFit(rawValue: fit) ?? .both
      case ("text", .null): settings.selfSizing.text = nil
      case ("text", .object(let options)):
        var pairs: [(key: String, value: String)] = []
        for (key, option) in options {
          guard case .string(let text) = option.value else { continue }
          pairs.append((key, text))
        }
        settings.selfSizing.text = try TextStyleOptions.applied(pairs, to: TextStyle())
        settings.selfSizing.textMeasurer = try TextEngine.measurer()
      case ("measured", .object(let counts)):
        settings.selfSizing.measureCounts = [:]
        for (id, count) in counts {
          if case .number(let n) = count.value, let n = Int(exactly: n) { settings.selfSizing.measureCounts[id] = n }
        }
      default: break
      }
    }
  }

  /// The layout a checkpoint names, with its options, fed the preferred sizes it had accepted.
  private static func layout(
    _ fields: [(key: String, value: JSONNode)], file: String, registry: PluginRegistry, model: CollectionModel
  ) throws(HostError) -> LayoutInstance {
    var name = ""
    var options: [OptionSpec.Value] = []
    var preferred: [(id: String, size: Size)] = []
    for (key, value) in fields {
      switch (key, value.value) {
      case ("name", .string(let text)): name = text
      case ("options", .array(let list)):
        for node in list { options.append(try optionValue(node, file)) }
      case ("preferred", .array(let list)):
        for node in list {
          guard case .array(let parts) = node.value, parts.count == 3, case .string(let id) = parts[0].value,
            case .number(let width) = parts[1].value, case .number(let height) = parts[2].value
          else { throw HostError("checkpoint \(file): a preferred size is not [id, width, height]") }
          preferred.append((id, Size(width: width, height: height)))
        }
      default: break
      }
    }
    guard let layoutClass = registry.layout(named: name) else {
      throw HostError("checkpoint \(file): no layout named '\(name)' is loaded")
    }
    guard options.count == layoutClass.options.count else {
      throw HostError(
        "checkpoint \(file): layout '\(name)' has \(layoutClass.options.count) options, not \(options.count)")
    }
    let instance = try LayoutInstance(layoutClass, model: model, options: options)
    instance.followsScrollInsets = true
    instance.preferredLog = preferred
    return try instance.rebuilt(replaying: preferred.count)
  }

  private static func json(_ value: OptionSpec.Value) -> JSONOutput {
    .object([("text", .string(value.text)), ("numbers", .array(value.numbers.map { .number($0) }))])
  }

  private static func optionValue(_ node: JSONNode, _ file: String) throws(HostError) -> OptionSpec.Value {
    guard case .object(let fields) = node.value,
      case .string(let text)? = fields.first(where: { $0.key == "text" })?.value.value,
      let numbers = fields.first(where: { $0.key == "numbers" })?.value
    else { throw HostError("checkpoint \(file): an option value is not {text, numbers}") }
    return OptionSpec.Value(numbers: try Self.numbers(numbers, file), text: text)
  }

  private static func parse(_ text: String, _ file: String) throws(HostError) -> JSONNode {
    do {
      return try JSONParser.parse(text)
    } catch {
      throw HostError("checkpoint \(file):\(error.line):\(error.column): \(error.message)")
    }
  }

  private static func string(_ node: JSONNode, _ file: String) throws(HostError) -> String {
    guard case .string(let text) = node.value else { throw HostError("checkpoint \(file): expected a string") }
    return text
  }

  private static func number(_ node: JSONNode, _ file: String) throws(HostError) -> Double {
    guard case .number(let value) = node.value else { throw HostError("checkpoint \(file): expected a number") }
    return value
  }

  /// The viewport's insets: three lists of four numbers and the adjustment's raw value.
  private static func json(_ insets: ViewportInsets) -> JSONOutput {
    func edges(_ e: EdgeInsets) -> JSONOutput { .array([e.top, e.left, e.bottom, e.right].map { .number($0) }) }
    return .object([
      ("content", edges(insets.content)), ("safeArea", edges(insets.safeArea)), ("margins", edges(insets.margins)),
      ("adjust", .number(Double(insets.adjustment.rawValue))),
    ])
  }

  private static func insets(_ node: JSONNode, _ file: String) throws(HostError) -> ViewportInsets {
    guard case .object(let members) = node.value else {
      throw HostError("checkpoint \(file): insets are not an object")
    }
    func edges(_ key: String) throws(HostError) -> EdgeInsets {
      guard let found = members.first(where: { $0.key == key }) else {
        throw HostError("checkpoint \(file): insets have no '\(key)'")
      }
      let n = try numbers(found.value, file)
      guard n.count == 4 else { throw HostError("checkpoint \(file): insets '\(key)' are not four numbers") }
      return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    var insets = ViewportInsets()
    insets.content = try edges("content")
    insets.safeArea = try edges("safeArea")
    insets.margins = try edges("margins")
    guard let adjust = members.first(where: { $0.key == "adjust" }),
      let raw = UInt32(exactly: try number(adjust.value, file)), let adjustment = ScrollInsets.Adjustment(rawValue: raw)
    else { throw HostError("checkpoint \(file): insets have no valid 'adjust'") }
    insets.adjustment = adjustment
    return insets
  }

  private static func numbers(_ node: JSONNode, _ file: String) throws(HostError) -> [Double] {
    guard case .array(let list) = node.value else { throw HostError("checkpoint \(file): expected numbers") }
    var numbers: [Double] = []
    for item in list { numbers.append(try number(item, file)) }
    return numbers
  }
}
