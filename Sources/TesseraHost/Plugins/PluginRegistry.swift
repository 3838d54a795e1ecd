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
  /// Folders searched for a bare file name given to `plugin load`.
  public private(set) var searchFolders: [String] = []
  private var reloadCount = 0

  public init() {}

  public var layouts: [LayoutClass] { libraries.flatMap(\.layouts) }

  public func layout(named name: String) -> LayoutClass? {
    layouts.first { $0.name == name }
  }

  /// Loads the bundled plugins and those on the search path; returns warnings for libraries
  /// that looked like plugins but could not be loaded (the others still are).
  @discardableResult
  public func loadStandardPlugins(executableFolder: String?, pluginPaths: [String]) -> [String] {
    var warnings: [String] = []
    if let executableFolder {
      searchFolders.append(executableFolder)
      for file in Self.sharedLibraries(in: executableFolder) where file.hasPrefix("libTessera") {
        do { try load(path: executableFolder + "/" + file) } catch { warnings.append(error.message) }
      }
    }
    for folder in pluginPaths where !folder.isEmpty {
      searchFolders.append(folder)
      for file in Self.sharedLibraries(in: folder) {
        do { try load(path: folder + "/" + file) } catch { warnings.append(error.message) }
      }
    }
    return warnings
  }

  /// Loads one library. A library already loaded from the same path is refused, and so is one
  /// whose layout names are taken; in both cases nothing changes.
  @discardableResult
  public func load(path: String) throws(HostError) -> PluginLibrary {
    let resolved = resolve(path)
    if libraries.contains(where: { $0.path == resolved }) {
      throw HostError("plugin \(resolved) is already loaded (use 'plugin reload NAME' after rebuilding it)")
    }
    let library = try PluginLibrary.open(path: resolved)
    try checkNames(of: library, replacing: nil)
    libraries.append(library)
    return library
  }

  /// Opens a fresh copy of a rebuilt library (the old one cannot be unloaded) and swaps its
  /// layouts in. Returns the new library and the one it replaced.
  public func reload(name: String) throws(HostError) -> (old: PluginLibrary, new: PluginLibrary) {
    guard let index = libraries.firstIndex(where: { $0.name == name }) else {
      let names = libraries.map(\.name).joined(separator: ", ")
      throw HostError("no plugin named '\(name)' (loaded: \(names))")
    }
    let old = libraries[index]
    reloadCount += 1
    let copy = "/tmp/tessera-reload-\(getpid())-\(reloadCount)-\(old.name).so"
    guard Self.copyFile(from: old.path, to: copy) else {
      throw HostError("cannot reload plugin \(old.path): it cannot be read")
    }
    let fresh = try PluginLibrary.open(path: old.path, openedFrom: copy)
    try checkNames(of: fresh, replacing: old)
    libraries[index] = fresh
    return (old, fresh)
  }

  private func checkNames(of library: PluginLibrary, replacing old: PluginLibrary?) throws(HostError) {
    var seen = Set<String>()
    for layout in library.layouts {
      guard seen.insert(layout.name).inserted else {
        throw HostError("cannot load plugin \(library.path): it describes layout '\(layout.name)' twice")
      }
      if let owner = libraries.first(where: { $0 !== old && $0.layouts.contains { $0.name == layout.name } }) {
        throw HostError(
          "cannot load plugin \(library.path): layout name '\(layout.name)' is already taken by plugin \(owner.name) (\(owner.path))"
        )
      }
    }
  }

  /// A bare file name is looked up in the search folders; anything with a slash is a path.
  func resolve(_ path: String) -> String {
    guard !path.contains("/") else { return path }
    for folder in searchFolders where access(folder + "/" + path, F_OK) == 0 { return folder + "/" + path }
    return path
  }

  static func sharedLibraries(in folder: String) -> [String] {
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name.hasSuffix(".so") { names.append(name) }
    }
    return names.sorted()
  }

  static func copyFile(from source: String, to destination: String) -> Bool {
    guard let input = fopen(source, "rb") else { return false }
    defer { fclose(input) }
    guard let output = fopen(destination, "wb") else { return false }
    defer { fclose(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = fread(&buffer, 1, buffer.count, input)
      if read == 0 { break }
      guard fwrite(buffer, 1, read, output) == read else { return false }
    }
    return true
  }
}
