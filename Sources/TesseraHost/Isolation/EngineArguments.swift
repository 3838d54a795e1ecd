/// What a supervisor tells the engine it starts (`tessera engine ...`): written as arguments here
/// and read back by the engine without the command-line parser — an engine starts for every
/// session and after every crash, and the parser's start-up was a fifth of an engine's.
public struct EngineArguments: Equatable, Sendable {
  public var privateFolder: String
  public var statusPage: String
  public var base = "."
  public var watchdog = 10.0
  public var pluginPaths: [String] = []
  /// Load only `libraries` (the ones the supervisor found at the start).
  public var fixedLibraries = false
  public var libraries: [String] = []
  public var restricted = false
  public var readableRoots: [String] = []
  public var quiet = false

  public init(privateFolder: String, statusPage: String) {
    self.privateFolder = privateFolder
    self.statusPage = statusPage
  }

  /// The command line, `engine` first.
  public var arguments: [String] {
    var arguments = [
      "engine", "--private-folder", privateFolder, "--status-page", statusPage, "--base", base, "--watchdog",
      formatNumber(watchdog),
    ]
    for path in pluginPaths { arguments += ["--plugin-path", path] }
    if fixedLibraries { arguments.append("--fixed-libraries") }
    for library in libraries { arguments += ["--library", library] }
    if restricted { arguments.append("--restricted") }
    for root in readableRoots { arguments += ["--readable", root] }
    if quiet { arguments.append("--quiet") }
    return arguments
  }

  /// Reads `arguments` back (`engine` first); nil for anything else, which the command-line
  /// parser then reads and reports.
  public init?(parsing arguments: [String]) {
    guard arguments.first == "engine" else { return nil }
    var folder: String?
    var page: String?
    var parsed = EngineArguments(privateFolder: "", statusPage: "")
    var rest = arguments.dropFirst()
    while let name = rest.popFirst() {
      switch name {
      case "--fixed-libraries": parsed.fixedLibraries = true
      case "--restricted": parsed.restricted = true
      case "--quiet": parsed.quiet = true
      default:
        guard let value = rest.popFirst() else { return nil }
        switch name {
        case "--private-folder": folder = value
        case "--status-page": page = value
        case "--base": parsed.base = value
        case "--watchdog":
          guard let seconds = Double(value) else { return nil }
          parsed.watchdog = seconds
        case "--plugin-path": parsed.pluginPaths.append(value)
        case "--library": parsed.libraries.append(value)
        case "--readable": parsed.readableRoots.append(value)
        default: return nil
        }
      }
    }
    guard let folder, let page else { return nil }
    parsed.privateFolder = folder
    parsed.statusPage = page
    self = parsed
  }
}
