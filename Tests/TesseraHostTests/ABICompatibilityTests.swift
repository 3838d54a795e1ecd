import Foundation
import TesseraHost
import TesseraKit
import Testing

/// version.h's promise, proven: within ABI 2, a plugin built against older or newer headers
/// works in this host, because every struct says its size and every array its stride.
@Suite(.serialized) struct ABICompatibilityTests {
  /// Commands that send every sized struct across: option values (set_options), kinds and
  /// options (loading), item metrics (prepare), attribute records (dump, item), update items
  /// and contexts (batch), preferred sizes (self-sizing).
  static let script = [
    "gen random 24 seed=7 sections=3", "layout list spacing=3 rowHeight=30", "help list", "dump", "item 1.2",
    "batch insert 0.1; delete 2.0; move 1.0 0.0", "dump 0 0 390 200", "invalidate size 0.2 390x77",
    "dump 0 0 390 300", "size",
  ]

  /// What the bundled list plugin (built with this host's headers) prints for the script.
  static func expected() -> [String?] {
    let session = Support.session()
    return script.map { session.execute($0) }
  }

  /// Builds Plugins/ListC/list.c against the headers in `include` into `library`.
  static func buildList(include: String, library: String) throws {
    let (status, log) = try Support.run(
      "/usr/bin/env",
      [
        "cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC", "-I", include, "-o", library,
        "Plugins/ListC/list.c",
      ], in: Support.packageRoot)
    #expect(status == 0, "cc failed:\n\(log)")
  }

  /// The script's output from the list plugin in `library`, in a host without the bundled
  /// plugins (so the name 'list' is free), after the load line.
  static func replay(_ library: String, loads expectedLoad: String) -> [String?] {
    let session = Session(registry: PluginRegistry())
    #expect(session.execute("plugin load \(library)") == expectedLoad)
    return script.map { session.execute($0) }
  }

  /// Every sized struct of the headers in `folder` gets a field appended (the descriptor and the
  /// data-source table a function too), and the minor version becomes 9: what headers of a
  /// future 2.9 could look like. Returns how many structs grew.
  static func simulateFuture(_ folder: String) throws -> Int {
    var grown = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".h") {
      let path = folder + "/" + name
      var text = try String(contentsOfFile: path, encoding: .utf8)
      text = text.replacingOccurrences(
        of: "#define TESSERA_ABI_MINOR [0-9]+", with: "#define TESSERA_ABI_MINOR 9", options: .regularExpression)
      var lines: [String] = []
      var inSizedStruct = false
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("typedef struct ") { inSizedStruct = false }
        if line == "  uint32_t struct_size;" { inSizedStruct = true }
        if inSizedStruct, line.hasPrefix("} tessera_") {
          lines.append("  uint64_t appended_in_2_9[3];")
          if line.hasPrefix("} tessera_layout_descriptor;") || line.hasPrefix("} tessera_data_source;") {
            lines.append("  void (*hook_appended_in_2_9)(void);")
          }
          grown += 1
          inSizedStruct = false
        }
        lines.append(String(line))
      }
      try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
    return grown
  }

  @Test func aPluginBuiltAgainstNewerHeadersWorksInThisHost() throws {
    let root = "/tmp/tessera-test-abi-future"
    _ = try Support.run("/bin/rm", ["-rf", root], in: "/")
    _ = try Support.run("/bin/mkdir", ["-p", root + "/include"], in: "/")
    _ = try Support.run(
      "/bin/cp", ["-r", Support.packageRoot + "/Sources/TesseraABI/include/tessera", root + "/include/"], in: "/")
    // plugin, layout descriptor, element kind, option descriptor and value, attributes and their
    // buffer, item metrics, data source, update item, preferred size, context, the drawing
    // extension and its entries, the zoom extension, the scroll insets, the clock extension and
    // its report, the state extension.
    #expect(try Self.simulateFuture(root + "/include/tessera") == 19)
    try Self.buildList(include: root + "/include", library: root + "/liblist.so")
    let output = Self.replay(root + "/liblist.so", loads: "loaded plugin list 1.0.0 (ABI 2.9): list")
    #expect(output == Self.expected())
  }

  @Test func aPluginBuiltAgainstTheFirstMinorVersionWorksInThisHost() throws {
    let library = "/tmp/tessera-test-abi-2.0-liblist.so"
    // The 2.0 headers, with today's helpers.h beside them: the helpers are source, not ABI, and
    // touch only what 2.0 had.
    let root = "/tmp/tessera-test-abi-2.0"
    _ = try Support.run("/bin/rm", ["-rf", root], in: "/")
    _ = try Support.run("/bin/mkdir", ["-p", root], in: "/")
    _ = try Support.run(
      "/bin/cp", ["-r", Support.packageRoot + "/Tests/Fixtures/Headers-2.0/tessera", root + "/"], in: "/")
    _ = try Support.run(
      "/bin/cp", [Support.packageRoot + "/Sources/TesseraABI/include/tessera/helpers.h", root + "/tessera/"], in: "/")
    try Self.buildList(include: root, library: library)
    let output = Self.replay(library, loads: "loaded plugin list 1.0.0 (ABI 2.0): list")
    #expect(output == Self.expected())
  }

  /// status.h lets every optional call answer `TESSERA_UNSUPPORTED`; the host then applies the
  /// call's default, as if the plugin had no such call. The breaker's `unsupported` layout
  /// answers so from all of them: a bounds change, a preferred size, a batch, a layout change
  /// and a kind lookup work, and the trace says which call was unsupported.
  @Test func anOptionalCallAnsweringUnsupportedGetsItsDefault() throws {
    let registry = PluginRegistry()
    try registry.load(path: Support.buildFolder + "/libFixtureBreaker.so")
    let session = Session(registry: registry)
    for command in ["gen grid 10", "layout unsupported", "scroll 0 30", "trace on"] {
      #expect(session.execute(command)?.hasPrefix("error") == false, "\(command)")
    }
    #expect(
      session.execute("viewport 310x400")
        == """
        trace: should_invalidate_for_bounds(0 30 310x400) = true
        trace: invalidation_context_for_bounds(0 30 310x400) = unsupported
        trace: invalidate(bounds)
        trace: prepare()
        trace: content_size() = 400x180
        viewport 310x400
        """)
    _ = session.execute("trace off")
    #expect(session.execute("invalidate size 0.1 50x70")?.hasPrefix("0.1 prefers 50x70: invalidated items 0.1") == true)
    #expect(session.execute("batch delete 0.0")?.hasPrefix("error") == false)
    #expect(session.execute("layout grid animated")?.hasPrefix("layout grid (animated)") == true)
    #expect(session.execute("layout unsupported animated")?.hasPrefix("layout unsupported (animated)") == true)
    #expect(session.execute("size") == "contentSize 400x180")
  }
}
