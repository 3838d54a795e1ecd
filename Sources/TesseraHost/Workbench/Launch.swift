import TesseraABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How every entry point (REPL, run, check, bench, tests) sets up plugins the same way.
public enum Launch {
  /// Tessera's version (`tessera --version`); the CHANGELOG's sections are named after it.
  public static let version = "0.9.0"
  /// The plugin C interface this host implements (`version.h`).
  public static let abiVersion = "\(TESSERA_ABI_MAJOR).\(TESSERA_ABI_MINOR)"
  /// The running executable (`/proc/self/exe`): what the supervisor starts as its engine.
  public static var executablePath: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The folder of the running executable, where bundled plugins sit.
  public static var executableFolder: String? {
    executablePath.map(TextFile.folder(of:))
  }

  /// `--plugin-path` folders, then the `TESSERA_PLUGIN_PATH` ones (colon-separated).
  public static func pluginPaths(_ fromArguments: [String]) -> [String] {
    let fromEnvironment = getenv("TESSERA_PLUGIN_PATH").map { String(cString: $0) } ?? ""
    return fromArguments + fromEnvironment.split(separator: ":").map(String.init)
  }

  /// A registry with the bundled plugins (from `bundledFolder`, default the executable's) and
  /// those on the plugin paths; warnings for libraries that could not be loaded.
  public static func registry(
    pluginPaths: [String], bundledFolder: String? = executableFolder, only: Set<String>? = nil
  ) -> (PluginRegistry, [String]) {
    let registry = PluginRegistry()
    let warnings = registry.loadStandardPlugins(executableFolder: bundledFolder, pluginPaths: pluginPaths, only: only)
    return (registry, warnings)
  }
}
