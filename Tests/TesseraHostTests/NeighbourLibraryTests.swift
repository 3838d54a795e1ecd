import Foundation
import Testing

/// A plugin linked against another shared library beside it (as a SwiftPM plugin links a
/// dynamic product, or a C plugin its helper library), with an `$ORIGIN` run path: it loads in
/// the engine (which opens a copy in its private folder), under `check` and under `conform`.
@Suite(.serialized) struct NeighbourLibraryTests {
  /// `libneeds.so` (the C template, which also calls a function of `libneighbour.so`) and
  /// `libneighbour.so`, side by side.
  static func build() throws -> String {
    let folder = try IsolationTests.folder("neighbour")
    try "int tessera_test_neighbour_value(void) { return 3; }\n".write(
      toFile: folder + "/neighbour.c", atomically: true, encoding: .utf8)
    try """
    extern int tessera_test_neighbour_value(void);
    int tessera_test_needs_neighbour(void) { return tessera_test_neighbour_value(); }

    """.write(toFile: folder + "/needs.c", atomically: true, encoding: .utf8)
    let include = Support.packageRoot + "/Sources/TesseraABI/include"
    let template = Support.packageRoot + "/Templates/CPlugin/mylayout.c"
    let (built, log) = try Support.run(
      "/usr/bin/env", ["cc", "-shared", "-fPIC", "-o", "libneighbour.so", "neighbour.c"], in: folder)
    #expect(built == 0, "\(log)")
    let (linked, linkLog) = try Support.run(
      "/usr/bin/env",
      [
        "cc", "-shared", "-fPIC", "-I", include, "-o", "libneeds.so", template, "needs.c", "-L.",
        "-Wl,--no-as-needed", "-lneighbour", "-Wl,-rpath,$ORIGIN",
      ], in: folder)
    #expect(linked == 0, "\(linkLog)")
    return folder
  }

  /// Runs `tessera` with `arguments`, `input` on its standard input; returns status and output.
  static func tessera(_ arguments: [String], input: String, in folder: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: IsolationTests.tessera)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func loadsInTheEngineWithItsNeighbour() throws {
    let folder = try Self.build()
    let (status, output) = try Self.tessera(
      [], input: "plugin load \(folder)/libneeds.so\nlayout mylayout\ngen grid 4\nsize\nplugin reload mylayout\n",
      in: folder)
    #expect(status == 0, "\(output)")
    #expect(output.hasPrefix("loaded plugin mylayout 0.1.0 (ABI 2.6): mylayout"), "\(output)")
    #expect(output.contains("layout mylayout\ngenerated 4 items in 1 section\ncontentSize 390x"), "\(output)")
    // A reload opens another copy, which finds its neighbour too.
    #expect(output.contains("reloaded plugin mylayout"), "\(output)")
  }

  @Test func loadsUnderCheckAndConform() throws {
    let folder = try Self.build()
    try "plugin load \(folder)/libneeds.so\nlayout mylayout\ngen grid 4\nsize\n".write(
      toFile: folder + "/commands.txt", atomically: true, encoding: .utf8)
    let (ran, transcript) = try Support.run(IsolationTests.tessera, ["run", "--trust", "commands.txt"], in: folder)
    #expect(ran == 0, "\(transcript)")
    try transcript.write(toFile: folder + "/neighbour.session", atomically: true, encoding: .utf8)
    let (checked, checkLog) = try Support.run(
      IsolationTests.tessera, ["check", "--trust", "neighbour.session"], in: folder)
    #expect(checked == 0, "\(checkLog)")
    #expect(checkLog.hasSuffix("1 passed, 0 failed\n"), "\(checkLog)")
    let (conformed, report) = try Support.run(IsolationTests.tessera, ["conform", folder + "/libneeds.so"], in: folder)
    #expect(conformed == 0, "\(report)")
    #expect(report.hasSuffix("every rule kept (10)\n"), "\(report)")
  }
}
