import TesseraABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Every loaded plugin library and the layouts they provide, by name.
///
/// Where plugins come from: the bundled ones next to the host executable (`libTessera*.so`),
/// then every `*.so` in each `--plugin-path` folder and each `TESSERA_PLUGIN_PATH` folder, and
/// any library a person loads with `plugin load`.
public final class PluginRegistry: @unchecked Sendable {
  public private(set) var libraries: [PluginLibrary] = []
  /// How many times `reload` swapped a library in (a checkpoint of the session cannot say which
  /// copy a layout came from).
  public private(set) var reloads = 0
  /// Folders searched for a bare file name given to `plugin load`.
  public private(set) var searchFolders: [String] = []
  /// The folder bundled plugins were loaded from (the executable's).
  public private(set) var bundledFolder: String?

  public init() {}

  public var layouts: [LayoutClass] { libraries.flatMap(\.layouts) }

  public func layout(named name: String) -> LayoutClass? {
    layouts.first { $0.name == name }
  }

  /// Loads the bundled plugins and those on the search path; returns warnings for libraries
  /// that looked like plugins but could not be loaded (the others still are).
  @discardableResult
  /// `only`, when given, limits loading to those files (what a supervisor's first engine found,
  /// so a restarted engine does not pick up a library added to a plugin folder since).
  public func loadStandardPlugins(executableFolder: String?, pluginPaths: [String], only: Set<String>? = nil)
    -> [String]
  {
    var warnings: [String] = []
    if let executableFolder {
      bundledFolder = executableFolder
      searchFolders.append(executableFolder)
    }
    for file in Self.standardLibraries(executableFolder: executableFolder, pluginPaths: pluginPaths)
    where only?.contains(file.path) ?? true {
      do { try load(path: file.shown, file: file.path) } catch { warnings.append(error.message) }
    }
    for folder in pluginPaths where !folder.isEmpty { searchFolders.append(folder) }
    if libraries.isEmpty, only == nil {
      let beside = executableFolder.map { " (\($0))" } ?? ""
      warnings.append(
        "no layout plugins were found next to the tessera executable\(beside) or in the plugin folders. `swift run tessera` builds only the executable: build everything with `swift build` and start `.build/debug/tessera`, or point --plugin-path DIR (or TESSERA_PLUGIN_PATH) at a folder of plugins; 'plugin load PATH' loads one by hand"
      )
    }
    return warnings
  }

  /// The libraries loaded at start: bundled ones (`libTessera*.so` beside the executable, shown
  /// by name) and every `*.so` in the plugin folders, in that order.
  public static func standardLibraries(executableFolder: String?, pluginPaths: [String]) -> [(
    shown: String, path: String
  )] {
    var files: [(String, String)] = []
    if let executableFolder {
      for file in sharedLibraries(in: executableFolder) where file.hasPrefix("libTessera") {
        files.append((file, executableFolder + "/" + file))
      }
    }
    for folder in pluginPaths where !folder.isEmpty {
      for file in sharedLibraries(in: folder) { files.append((folder + "/" + file, folder + "/" + file)) }
    }
    return files
  }

  /// Loads one library: `path` as the person typed it (shown in messages), `file` where it is
  /// (default: `path`, or for a bare name the first plugin folder holding it). A library
  /// already loaded from the same file is refused, and so is one whose layout names are taken;
  /// in both cases nothing changes.
  @discardableResult
  public func load(path: String, file: String? = nil, opening copy: String? = nil) throws(HostError) -> PluginLibrary {
    guard let resolved = file ?? resolve(path) else {
      throw HostError(
        "cannot load plugin \(path): no plugin folder holds it (a bare name is looked up in the plugin folders; give a path, like ./\(path), for a library elsewhere)"
      )
    }
    if let loaded = libraries.first(where: { $0.file == resolved }) {
      throw HostError(
        "plugin \(path) is already loaded as '\(loaded.name)' (use 'plugin reload \(loaded.name)' after rebuilding it)")
    }
    guard access(resolved, F_OK) == 0 || copy != nil && copy != resolved else {
      throw HostError("cannot load plugin \(path): no such file")
    }
    let library = try PluginLibrary.open(path: path, openedFrom: copy ?? resolved, originalFile: resolved)
    try checkNames(of: library, replacing: nil)
    libraries.append(library)
    return library
  }

  /// How a library is named in output: bundled ones by file name only, so transcripts do not
  /// depend on where the package was built; others as the person gave them.
  public func displayPath(_ library: PluginLibrary) -> String {
    if let bundled = bundledFolder, library.file.hasPrefix(bundled + "/") {
      return "(bundled) " + library.file.dropFirst(bundled.count + 1)
    }
    return library.path
  }

  /// Opens a fresh copy of a rebuilt library (the old one cannot be unloaded) and swaps its
  /// layouts in. Returns the new library and the one it replaced.
  /// Registers a plugin whose description is already in this process (a Swift plugin exported
  /// with `exportPlugin` in a test): checked like a loaded library, shown as `shownAs`.
  @discardableResult
  public func register(_ plugin: UnsafeRawPointer, shownAs shown: String) throws(HostError) -> PluginLibrary {
    let library = try PluginLibrary.describe(
      plugin.assumingMemoryBound(to: tessera_plugin.self), path: shown, file: shown)
    try checkNames(of: library, replacing: nil)
    libraries.append(library)
    return library
  }

  /// `copy` makes the fresh copy to open (in the session's private folder).
  public func reload(name: String, copy makeCopy: (_ file: String, _ shown: String) throws(HostError) -> String)
    throws(HostError) -> (
      old: PluginLibrary, new: PluginLibrary
    )
  {
    guard let index = libraries.firstIndex(where: { $0.name == name }) else {
      let names = libraries.map(\.name).joined(separator: ", ")
      throw HostError("no plugin named '\(name)' (loaded: \(names))")
    }
    let old = libraries[index]
    let copy = try makeCopy(old.file, old.path)
    let fresh = try PluginLibrary.open(path: old.path, openedFrom: copy, originalFile: old.file)
    try checkNames(of: fresh, replacing: old)
    libraries[index] = fresh
    reloads += 1
    return (old, fresh)
  }

  /// Whether `name` can name a plugin or a layout: typed at the prompt as one word and used in
  /// file names (reproducers), so letters, digits, `.`, `_` and `-`, not starting with `.` or
  /// `-`, at most 64.
  package static func isWord(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard (1...64).contains(bytes.count), bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "-") else {
      return false
    }
    return bytes.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-")].contains(byte)
    }
  }

  private func checkNames(of library: PluginLibrary, replacing old: PluginLibrary?) throws(HostError) {
    let rule =
      "letters, digits, '.', '_' and '-', at most 64, not starting with '.' or '-' (it is typed at the prompt and names files)"
    guard Self.isWord(library.name) else {
      throw HostError("cannot load plugin \(library.path): plugin name '\(library.name)' is not one word: use \(rule)")
    }
    for layout in library.layouts where !Self.isWord(layout.name) {
      throw HostError("cannot load plugin \(library.path): layout name '\(layout.name)' is not one word: use \(rule)")
    }
    // Plugins are reloaded by name: two with one name could not be told apart.
    if let owner = libraries.first(where: { $0 !== old && $0.name == library.name }) {
      throw HostError(
        "cannot load plugin \(library.path): plugin name '\(library.name)' is already taken by the plugin from \(displayPath(owner)); rename one of them (the `name` in its tessera_plugin)"
      )
    }
    var seen = Set<String>()
    for layout in library.layouts {
      guard seen.insert(layout.name).inserted else {
        throw HostError("cannot load plugin \(library.path): it describes layout '\(layout.name)' twice")
      }
      if let owner = libraries.first(where: { $0 !== old && $0.layouts.contains { $0.name == layout.name } }) {
        throw HostError(
          "cannot load plugin \(library.path): layout name '\(layout.name)' is already taken by plugin \(owner.name) from \(displayPath(owner))"
        )
      }
    }
  }

  /// A bare file name is looked up in the search folders only (never the current folder: a
  /// session file may load plugins by name without --trust); anything with a slash is a path.
  /// nil when no plugin folder has it.
  public func resolve(_ path: String) -> String? {
    guard !path.contains("/") else { return path }
    for folder in searchFolders where access(folder + "/" + path, F_OK) == 0 { return folder + "/" + path }
    return nil
  }

  package static func sharedLibraries(in folder: String) -> [String] {
    Directory.entries(of: folder).filter { $0.hasSuffix(".so") }
  }
}
