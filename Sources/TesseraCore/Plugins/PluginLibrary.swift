import TesseraABI
import TesseraKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One opened plugin library and the layouts it describes.
///
/// Libraries are opened with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE` and never closed: unloading
/// a Swift library leaves dangling pointers in the Swift runtime. Reloading opens a fresh copy.
public final class PluginLibrary: @unchecked Sendable {
  /// The path as the person (or the search) gave it: shown in `plugins` and messages.
  public let path: String
  /// The file it was loaded from (for a reload, the original, not the fresh copy opened).
  public let file: String
  public let name: String
  public let version: String
  public let abiMajor: UInt32
  public let abiMinor: UInt32
  public let layouts: [LayoutClass]
  /// The file actually opened: `file` itself, or the private copy a load or reload opened.
  public package(set) var openedFile: String

  package init(path: String, file: String, name: String, version: String, abi: (UInt32, UInt32), layouts: [LayoutClass])
  {
    self.path = path
    self.file = file
    self.name = name
    self.version = version
    (abiMajor, abiMinor) = abi
    self.layouts = layouts
    openedFile = file
  }

  /// Opens `path` (the file actually opened may be a copy, for reloads) and checks everything
  /// the ABI promises before any layout is used. Every refusal says what is wrong.
  package static func open(path: String, openedFrom fileToOpen: String? = nil, originalFile: String? = nil)
    throws(HostError)
    -> PluginLibrary
  {
    // dlopen runs the library's initializers, and the entry point and descriptors are plugin
    // memory: all of it counts as the plugin's code if it crashes.
    try PluginCallMarker.around(Array("plugin \(path)".utf8), "load") { () throws(HostError) in
      try openMarked(path: path, openedFrom: fileToOpen, originalFile: originalFile)
    }
  }

  private static func openMarked(path: String, openedFrom fileToOpen: String?, originalFile: String?)
    throws(HostError) -> PluginLibrary
  {
    let file = fileToOpen ?? path
    guard access(file, F_OK) == 0 else { throw HostError("cannot load plugin \(path): no such file") }
    guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
      var reason = dlerror().map { String(cString: $0) } ?? "unknown error"
      if reason.hasPrefix(file + ": ") { reason.removeFirst(file.count + 2) }
      throw HostError("cannot load plugin \(path): not a loadable shared library (\(reason))")
    }
    guard let symbol = dlsym(handle, TESSERA_PLUGIN_ENTRY_SYMBOL) else {
      throw HostError(
        "cannot load plugin \(path): it does not export \(TESSERA_PLUGIN_ENTRY_SYMBOL) (is it a Tessera plugin?)")
    }
    let entry = unsafeBitCast(symbol, to: tessera_plugin_entry_fn.self)
    guard let plugin = entry(UInt32(TESSERA_ABI_MAJOR), UInt32(TESSERA_ABI_MINOR)) else {
      throw HostError(
        "cannot load plugin \(path): \(TESSERA_PLUGIN_ENTRY_SYMBOL) returned NULL for host ABI \(TESSERA_ABI_MAJOR).\(TESSERA_ABI_MINOR) (the plugin refuses this host)"
      )
    }
    let library = try describe(plugin, path: path, file: originalFile ?? file)
    library.openedFile = file
    return library
  }

  /// Reads and checks a plugin's description (what its entry returned), wherever it came from:
  /// a library opened with dlopen, or a Swift plugin exported in this process (TesseraTesting).
  package static func describe(_ plugin: UnsafePointer<tessera_plugin>, path: String, file: String) throws(HostError)
    -> PluginLibrary
  {
    let raw = UnsafeRawPointer(plugin)
    let size = Int(raw.loadUnaligned(as: UInt32.self))
    // abi_major/abi_minor sit right after struct_size; read them before trusting the rest.
    if size >= 12 {
      let major = raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
      let minor = raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
      if major != UInt32(TESSERA_ABI_MAJOR) {
        throw HostError(
          "cannot load plugin \(path): it was built for Tessera ABI \(major).\(minor), this host speaks ABI \(TESSERA_ABI_MAJOR).\(TESSERA_ABI_MINOR); rebuild the plugin against this host's headers"
        )
      }
    }
    let required = Int(TESSERA_PLUGIN_V2_0_SIZE)
    guard size >= required else {
      throw HostError(
        "cannot load plugin \(path): its tessera_plugin struct is \(size) bytes, ABI \(TESSERA_ABI_MAJOR).0 requires at least \(required)"
      )
    }
    // Only the bytes inside its struct_size: what a smaller (older) struct lacks stays zero.
    let description = ABIRecord(raw, defaults: tessera_plugin()).value
    let name = description.name.map { String(cString: $0) } ?? ""
    guard !name.isEmpty else { throw HostError("cannot load plugin \(path): it has no name") }
    guard description.layout_count <= UInt32(Limits.descriptionEntries) else {
      throw HostError(
        "cannot load plugin \(path): it describes \(description.layout_count) layouts; at most \(Limits.descriptionEntries)"
      )
    }
    let count = Int(description.layout_count)
    guard count > 0, let list = description.layouts else {
      throw HostError("cannot load plugin \(path): it describes no layouts")
    }
    var layouts: [LayoutClass] = []
    for index in 0..<count {
      guard let descriptor = list[index] else {
        throw HostError("cannot load plugin \(path): layout \(index) is NULL")
      }
      layouts.append(
        try LayoutClass(
          descriptor: descriptor, pluginName: name, pluginPath: path, index: index, abiMinor: description.abi_minor))
    }
    return PluginLibrary(
      path: path, file: file, name: name,
      version: description.version.map { String(cString: $0) } ?? "",
      abi: (description.abi_major, description.abi_minor), layouts: layouts)
  }
}
