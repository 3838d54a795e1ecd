import Foundation
import TesseraKit
import Testing

@testable import TesseraHost

@Suite struct PluginLoadingTests {
  /// The path a third party takes: the C template built with plain `cc` against the header
  /// alone, then loaded with `plugin load`.
  @Test func theCPluginBuildsWithCCAndLoads() throws {
    let output = "/tmp/tessera-test-cc-liblist.so"
    let (status, log) = try Support.run(
      "/usr/bin/env",
      [
        "cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC", "-I",
        "Sources/TesseraABI/include", "-o", output, "Plugins/ListC/list.c",
      ], in: Support.packageRoot)
    #expect(status == 0, "cc failed:\n\(log)")
    // A registry without the bundled plugins, so the name 'list' is free.
    let session = Session(registry: PluginRegistry())
    #expect(session.execute("plugin load \(output)")?.hasPrefix("loaded plugin list 1.0.0 (ABI 2.6): list") == true)
    _ = session.execute("gen random 30 seed=4 sections=3")
    _ = session.execute("layout list spacing=3")
    let bundled = Support.session()
    _ = bundled.execute("gen random 30 seed=4 sections=3")
    _ = bundled.execute("layout list spacing=3")
    let fromCC = session.execute("dump")
    #expect(fromCC == bundled.execute("dump"))
    #expect(fromCC?.contains("(30 elements)") == true)
  }

  /// A description whose counts or pointers lie is refused on load, naming the lie, before the
  /// host reads past an array (Tests/Fixtures/Malformed/malformed.c, built with cc); so are
  /// drawing labels that name no format or no custom value, and a name that is not one word.
  @Test(arguments: [
    ("HUGE_OPTION_COUNT", "layout 0 'malformed': it declares 2147483648 options; at most 4096"),
    ("NULL_CHOICES", "layout 0 'malformed': option 'mode': choice 0 is NULL"),
    ("NULL_KINDS", "layout 0 'malformed': it declares 2 kinds but gives no array"),
    ("NULL_CUSTOM_KEY", "layout 0 'malformed': custom key 1 is NULL"),
    (
      "BAD_LABEL_FORMAT",
      "layout 0 'malformed': its tessera.drawing/1 table entry 0 has unknown label format 7 (plugin bug)"
    ),
    (
      "BAD_LABEL_CUSTOM",
      "layout 0 'malformed': its tessera.drawing/1 table entry 0 labels with custom value 2147483647, but the layout has 1 (plugin bug)"
    ),
    (
      "LONG_COLOUR_PROP",
      "layout 0 'malformed': its tessera.drawing/1 table entry 0 colours cells by a prop whose name is not 1 to 255 bytes of UTF-8 (plugin bug)"
    ),
    (
      "NAME_NOT_A_WORD",
      "layout name 'two words' is not one word: use letters, digits, '.', '_' and '-', at most 64, not starting with '.' or '-' (it is typed at the prompt and names files)"
    ),
  ])
  func lyingDescriptionsAreRefused(flag: String, message: String) throws {
    let output = "/tmp/tessera-test-malformed-\(flag).so"
    let (status, log) = try Support.run(
      "/usr/bin/env",
      [
        "cc", "-std=c99", "-D\(flag)", "-shared", "-fPIC", "-I", "Sources/TesseraABI/include", "-o", output,
        "Tests/Fixtures/Malformed/malformed.c",
      ], in: Support.packageRoot)
    #expect(status == 0, "cc failed:\n\(log)")
    let session = Session(registry: PluginRegistry())
    #expect(session.execute("plugin load \(output)") == "error: cannot load plugin \(output): \(message)")
    #expect(session.execute("plugins") == "(no plugins loaded)")
  }

  @Test func bundledPluginsAreFoundNextToTheExecutable() {
    let (registry, warnings) = Launch.registry(pluginPaths: [])
    #expect(warnings.isEmpty)
    #expect(
      registry.layouts.map(\.name).sorted() == [
        "chart", "coverflow", "flow", "leftaligned", "list", "mosaic", "parallax", "pinterest", "quilt", "raggy",
        "schematic", "sectionbackground",
        "shrinkinglist", "springy", "stickyheaders", "timeline", "uikitflow", "uikitmosaic", "waterfall",
      ])
    #expect(registry.libraries.allSatisfy { $0.abiMajor == 2 })
  }

  @Test func pluginPathFoldersLoadEverySharedLibraryInThem() throws {
    let folder = "/tmp/tessera-test-path"
    _ = try Support.run("/bin/mkdir", ["-p", folder], in: "/")
    _ = try Support.run("/bin/cp", [Support.buildFolder + "/libFixtureLiar.so", folder + "/liar.so"], in: "/")
    let (registry, warnings) = Launch.registry(pluginPaths: [folder])
    #expect(warnings.isEmpty)
    #expect(registry.layout(named: "liar") != nil)
    // Loading the same file again is refused and changes nothing.
    #expect(throws: HostError.self) { try registry.load(path: folder + "/liar.so") }
    #expect(registry.libraries.count == 12)
  }

  /// In the REPL (trusted) a path is loaded as given; the refusals name what is wrong.
  @Test func loadingByPathSaysWhatIsWrong() {
    let session = Session(registry: PluginRegistry(), baseDirectory: Support.packageRoot + "/sessions/plugins")
    #expect(session.execute("plugin load ./nowhere.so") == "error: cannot load plugin ./nowhere.so: no such file")
    #expect(
      session.execute("plugin load ./not-a-plugin.so")
        == "error: cannot load plugin ./not-a-plugin.so: not a loadable shared library (file too short)")
  }

  /// What `plugin reload` says when the new code describes its options differently: the liar's
  /// `mode` read by the crasher's description (another list of words) is reset, with the reason.
  @Test func reloadCarriesOptionsThroughTheNewDescription() throws {
    let registry = PluginRegistry()
    try registry.load(path: Support.buildFolder + "/libFixtureLiar.so")
    try registry.load(path: Support.buildFolder + "/libFixtureCrasher.so")
    let model = CollectionModel(bounds: Rect(x: 0, y: 0, width: 390, height: 844))
    let liar = try #require(registry.layout(named: "liar"))
    let crasher = try #require(registry.layout(named: "crasher"))
    let refused = try LayoutInstance(liar, model: model, options: [try liar.options[0].parse("nan")])
    let carried = WorkbenchState.carryOptions(from: refused, to: crasher)
    #expect(carried.report.kept.isEmpty && carried.report.dropped.isEmpty)
    #expect(carried.report.reset.map(\.option) == ["mode"])
    #expect(carried.report.reset.first?.was == "nan")
    #expect(carried.values == crasher.options.map(\.defaultValue))
    // The same word in both lists is kept when it is not the default... and "ok" is the default.
    let plain = try LayoutInstance(liar, model: model)
    let same = WorkbenchState.carryOptions(from: plain, to: crasher)
    #expect(same.report.kept.isEmpty && same.report.reset.isEmpty && same.report.dropped.isEmpty)
  }

  /// `swift run tessera` builds no plugins: the host says so once, and how to fix it.
  @Test func noPluginsAtStartIsExplained() throws {
    let empty = try IsolationTests.folder("no-plugins")
    let (registry, warnings) = Launch.registry(pluginPaths: [], bundledFolder: empty)
    #expect(registry.libraries.isEmpty)
    #expect(
      warnings == [
        "no layout plugins were found next to the tessera executable (\(empty)) or in the plugin folders. `swift run tessera` builds only the executable: build everything with `swift build` and start `.build/debug/tessera`, or point --plugin-path DIR (or TESSERA_PLUGIN_PATH) at a folder of plugins; 'plugin load PATH' loads one by hand"
      ])
  }

  @Test func reloadSwitchesTheCurrentLayoutToTheFreshCopy() throws {
    let session = Support.session()
    _ = session.execute("gen grid 4")
    _ = session.execute("layout flow minimumLineSpacing=3")
    let before = try #require(session.layout)
    #expect(
      session.execute("plugin reload flow")
        == "reloaded plugin flow 1.0.0: flow\nlayout flow runs the new code: kept minimumLineSpacing=3")
    let after = try #require(session.layout)
    #expect(after !== before)
    #expect(after.layoutClass.name == "flow")
    #expect(session.execute("layout")?.contains("minimumLineSpacing                3") == true)
  }
}

@Suite struct HostEdgeCaseTests {
  @Test func withoutAnyPluginEveryLayoutCommandSaysSo() {
    let session = Session(registry: PluginRegistry())
    _ = session.execute("gen grid 3")
    #expect(
      session.execute("visible")
        == "error: no layout is loaded: no plugins were found (see 'plugins' and 'plugin load PATH')")
    #expect(session.execute("plugins") == "(no plugins loaded)")
  }

  @Test func reloadingALibraryThatWasRemovedIsRefused() throws {
    let folder = "/tmp/tessera-test-gone"
    _ = try Support.run("/bin/mkdir", ["-p", folder], in: "/")
    _ = try Support.run("/bin/cp", [Support.buildFolder + "/libFixtureLiar.so", folder + "/liar.so"], in: "/")
    let session = Session(registry: PluginRegistry())
    _ = session.execute("plugin load \(folder)/liar.so")
    _ = try Support.run("/bin/rm", [folder + "/liar.so"], in: "/")
    #expect(
      session.execute("plugin reload fixture") == "error: cannot reload plugin \(folder)/liar.so: it cannot be read")
    #expect(session.registry.layout(named: "liar") != nil)
  }

  @Test func checkRefusesAPathThatDoesNotExist() throws {
    let (status, output) = try Support.run(
      Support.buildFolder + "/tessera", ["check", "sessions/nowhere"], in: Support.packageRoot)
    #expect(status == 2)
    #expect(output == "error: no such file or folder: sessions/nowhere\n")
  }
}
