import Foundation
import Testing

/// The host's folders are layers: a folder may use what the folders before it declare, never
/// what a later one does, so nothing can tangle them into a cycle. TesseraCore (Support …
/// Updates) and TesseraHost (State … Fuzz) are separate targets, so SwiftPM refuses a use of the
/// host in the core; inside each, this test keeps the order. A name is a folder's when a file in
/// it declares it at the top level (a type, a function, a constant) or adds it to a standard
/// library type (`extension String { var escapingControls … }`); a folder "uses" it when one of
/// its files mentions it (comments and strings aside) and does not declare a type of that name
/// itself. A new folder must be placed in `order`.
@Suite struct LayerTests {
  /// Bottom to top; CONTRIBUTING.md draws the same list.
  static let order = [
    "Support", "Text", "Files", "Dataset", "Plugins", "Model", "Transitions", "Updates", "State", "Results", "Grammar",
    "Output", "Commands", "Language", "Workbench", "SessionFiles", "Isolation", "Bench", "Conformance", "Fuzz",
  ]

  static let roots = ["TesseraCore", "TesseraHost"].map { Support.packageRoot + "/Sources/" + $0 }

  /// Standard library types whose extensions add names a folder owns.
  static let standardTypes = ["String", "Substring", "Double", "Int", "Array", "Collection", "Sequence", "Character"]

  struct SourceFile {
    var folder: String
    var path: String
    var text: String
  }

  static func sources() throws -> [SourceFile] {
    var files: [SourceFile] = []
    for root in roots {
      let paths = try #require(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".swift") }
      for path in paths.sorted() where path.contains("/") {
        let folder = String(path.prefix { $0 != "/" })
        let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
        files.append(SourceFile(folder: folder, path: path, text: text))
      }
    }
    return files
  }

  /// The text without comments and string literals.
  static func code(_ text: String) -> String {
    text.replacing(/\/\*[\s\S]*?\*\//, with: "").replacing(/\/\/[^\n]*/, with: "")
      .replacing(/"(?:\\.|[^"\\\n])*"/, with: "\"\"")
  }

  static let modifiers =
    #"(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|final|indirect|nonisolated|nonisolated\(unsafe\)|static)\s+)*"#

  @Test func everyFolderUsesOnlyTheFoldersBeforeIt() throws {
    let files = try Self.sources()
    let topLevel = try Regex(
      #"(?m)^"# + Self.modifiers + #"(?:class|struct|enum|protocol|typealias|func|let|var|actor)\s+([A-Za-z_]\w*)"#)
    let anyType = try Regex(
      #"(?m)^\s*"# + Self.modifiers + #"(?:class|struct|enum|protocol|typealias)\s+([A-Za-z_]\w*)"#)
    var owners: [String: Set<String>] = [:]
    var local: [String: Set<String>] = [:]
    let extensionBlock = try Regex(
      #"(?m)^extension (?:"# + Self.standardTypes.joined(separator: "|") + #")\b[^{]*\{([\s\S]*?)^\}"#)
    let member = try Regex(#"(?m)^  "# + Self.modifiers + #"(?:func|var|let)\s+([A-Za-z_]\w*)"#)
    for file in files {
      let code = Self.code(file.text)
      for match in code.matches(of: topLevel) {
        owners[String(match.output[1].substring!), default: []].insert(file.folder)
      }
      for block in code.matches(of: extensionBlock) {
        for name in String(block.output[1].substring!).matches(of: member) {
          owners[String(name.output[1].substring!), default: []].insert(file.folder)
        }
      }
      for match in code.matches(of: anyType) {
        local[file.folder, default: []].insert(String(match.output[1].substring!))
      }
    }
    let rank = Dictionary(uniqueKeysWithValues: Self.order.enumerated().map { ($1, $0) })
    let folders = Set(files.map(\.folder))
    #expect(folders.subtracting(rank.keys).sorted() == [], "place every folder in LayerTests.order")
    var backEdges: Set<String> = []
    var uses: [String: Set<String>] = [:]
    for file in files {
      let words = Set(Self.code(file.text).matches(of: /[A-Za-z_]\w*/).map { String($0.output) })
      for word in words {
        guard let owner = owners[word], !owner.contains(file.folder), local[file.folder]?.contains(word) != true else {
          continue
        }
        for folder in owner {
          uses[file.folder, default: []].insert(folder)
          if let mine = rank[file.folder], let theirs = rank[folder], theirs > mine {
            backEdges.insert("\(file.path) uses \(word), declared in \(folder)/ (a later layer)")
          }
        }
      }
    }
    #expect(backEdges.sorted() == [])
    // The check sees the uses it should: the top layers reach far down.
    #expect(uses["Conformance"]?.contains("Workbench") == true && uses["Commands"]?.contains("State") == true)
  }

  /// A file that grows past 500 lines holds more than one job.
  @Test func noSourceFileIsOver500Lines() throws {
    let paths =
      try #require(FileManager.default.subpaths(atPath: Support.packageRoot + "/Sources"))
      + (FileManager.default.subpaths(atPath: Support.packageRoot + "/Plugins") ?? []).map { "../Plugins/" + $0 }
    var long: [String] = []
    for path in paths where path.hasSuffix(".swift") {
      let text = try String(contentsOfFile: Support.packageRoot + "/Sources/" + path, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      if lines > 500 { long.append("\(path): \(lines) lines") }
    }
    #expect(long == [])
  }

  /// A command is small: every command type's file is at most 80 lines, declaration and help
  /// text included, and no function of a command or of the workbench's domain operations runs
  /// past 80 lines.
  @Test func commandsAreSmall() throws {
    var long: [String] = []
    for folder in ["Commands", "State", "Language"] {
      let root = Support.packageRoot + "/Sources/TesseraHost/" + folder
      for name in try FileManager.default.contentsOfDirectory(atPath: root) where name.hasSuffix(".swift") {
        let lines = try String(contentsOfFile: root + "/" + name, encoding: .utf8).split(
          separator: "\n", omittingEmptySubsequences: false)
        if name.hasSuffix("Command.swift"), lines.count - 1 > 80 {
          long.append("\(folder)/\(name): \(lines.count - 1)")
        }
        // A function runs from its `func` line to the first line closing it at its indentation.
        for (index, line) in lines.enumerated() where line.contains("func ") && line.hasSuffix("{") {
          let indent = line.prefix { $0 == " " }
          let end = lines[(index + 1)...].firstIndex { $0 == indent + "}" } ?? index
          if end - index + 1 > 80 { long.append("\(folder)/\(name):\(index + 1): \(end - index + 1) lines") }
        }
      }
    }
    #expect(long == [])
  }

  /// The `tessera` executable links no plugin's code (the ABI-overhead probe is a tool of its own).
  @Test func theExecutableLinksNoPlugin() throws {
    let manifest = try String(contentsOfFile: Support.packageRoot + "/Package.swift", encoding: .utf8)
    let tessera = try #require(manifest.firstRange(of: #"name: "tessera","#))
    let dependencies = try #require(manifest[tessera.upperBound...].firstRange(of: /dependencies: \[[^\]]*\]/))
    let listed = String(manifest[dependencies])
    #expect(!listed.contains("Layout\""), "\(listed)")
  }
}
