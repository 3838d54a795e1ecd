// swift-tools-version: 6.2
import PackageDescription

/// Every bundled plugin is two targets: the layout itself (a plain Swift library, so the
/// benchmark can call it directly) and a one-line export target that turns it into a
/// `lib<Product>.so` the host opens with `dlopen`.
let swiftPlugins = ["Flow", "Schematic", "Mosaic", "Waterfall", "Quilt", "Raggy", "Timeline", "Chart", "Parallax"]

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

var products: [Product] = [
  .executable(name: "tessera", targets: ["tessera"]),
  .library(name: "TesseraKit", targets: ["TesseraKit"]),
  .library(name: "TesseraTesting", targets: ["TesseraTesting"]),
  // Layout files written for UIKit: `import UIKit` (the module of that name) or `import TesseraUIKit`.
  .library(name: "TesseraUIKit", targets: ["TesseraUIKit", "UIKit", "CoreGraphics", "QuartzCore"]),
  .library(name: "TesseraListC", type: .dynamic, targets: ["ListC"]),
]
var targets: [Target] = [
  .target(name: "TesseraABI", path: "Sources/TesseraABI"),
  .target(
    name: "TesseraKit", dependencies: ["TesseraABI", .product(name: "Algorithms", package: "swift-algorithms")],
    swiftSettings: strict),
  .target(
    name: "TesseraUIKit", dependencies: ["TesseraABI", "TesseraKit", "FlowLayout"], swiftSettings: strict),
  .target(name: "UIKit", dependencies: ["TesseraUIKit"], swiftSettings: strict),
  .target(name: "CoreGraphics", dependencies: ["TesseraUIKit"], swiftSettings: strict),
  .target(name: "QuartzCore", dependencies: ["TesseraUIKit"], swiftSettings: strict),
  // Self-sizing by text: HarfBuzz shapes a cell's `text` prop with the bundled DejaVu Sans. Only
  // the `tessera` executable links it (it installs the measurer), so a plugin author's tests
  // (TesseraTesting) need no font engine.
  .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                 providers: [.apt(["libharfbuzz-dev"])]),
  .target(
    name: "TesseraText", dependencies: ["CHarfBuzz", "TesseraCore"], resources: [.copy("Fonts")],
    swiftSettings: strict),
  .systemLibrary(name: "CEditLine", path: "Sources/CEditLine", pkgConfig: "libedit",
                 providers: [.apt(["libedit-dev"])]),
  // The host in two layers SwiftPM keeps apart: TesseraCore (support, files, the dataset, plugins,
  // the live layout, transitions, batch updates) knows nothing of TesseraHost (state, results, the
  // command language, output, sessions, isolation, tools), which re-exports it.
  .target(
    name: "TesseraCore",
    dependencies: ["TesseraABI", "TesseraKit", .product(name: "Algorithms", package: "swift-algorithms")],
    swiftSettings: strict),
  .target(
    name: "TesseraHost",
    dependencies: [
      "TesseraCore", "TesseraABI", "TesseraKit", .product(name: "Algorithms", package: "swift-algorithms"),
    ],
    swiftSettings: strict),
  .target(
    name: "TesseraTesting", dependencies: ["TesseraKit", "TesseraHost"], swiftSettings: strict),
  // `tessera serve`: the live view's HTTP and WebSocket server (SwiftNIO) and its page, plain
  // HTML, CSS and JavaScript embedded in the binary.
  .target(
    name: "TesseraLive",
    dependencies: [
      "TesseraHost", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
    ],
    resources: [.embedInCode("Page/live.html"), .embedInCode("Page/live.css"), .embedInCode("Page/live.js")],
    swiftSettings: strict),
  .executableTarget(
    name: "tessera",
    dependencies: [
      "TesseraHost", "TesseraLive", "TesseraText", "TesseraABI", "TesseraKit", "CEditLine",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    swiftSettings: strict),
  // The ABI's cost: the flow layout's query through the ABI beside the same query on the Swift
  // object (a target of its own: `tessera` links no plugin's code).
  .executableTarget(
    name: "tessera-abi-overhead", dependencies: ["TesseraHost", "TesseraABI", "TesseraKit", "FlowLayout"],
    swiftSettings: strict),
  .target(name: "ListC", dependencies: ["TesseraABI"], path: "Plugins/ListC"),
  .testTarget(name: "TesseraKitTests", dependencies: ["TesseraKit"], swiftSettings: strict),
  .testTarget(
    name: "TesseraHostTests",
    dependencies: [
      "TesseraHost", "TesseraCore", "TesseraLive", "TesseraText", "FlowLayout",
      .product(name: "NIOEmbedded", package: "swift-nio"),
    ],
    swiftSettings: strict),
  .testTarget(
    name: "TesseraTestingTests", dependencies: ["TesseraTesting", "FlowLayout", "RaggyLayout"], swiftSettings: strict),
]
/// Layouts that place each item on the shortest of several rows or columns keep them in a heap.
let heapLayouts: Set<String> = ["Waterfall", "Raggy"]
for name in swiftPlugins {
  products.append(.library(name: "Tessera\(name)", type: .dynamic, targets: ["\(name)Plugin"]))
  var layoutDependencies: [Target.Dependency] = [
    .target(name: "TesseraKit"), .product(name: "Algorithms", package: "swift-algorithms"),
  ]
  if heapLayouts.contains(name) { layoutDependencies.append(.product(name: "HeapModule", package: "swift-collections")) }
  targets.append(.target(name: "\(name)Layout", dependencies: layoutDependencies,
                         path: "Plugins/\(name)/Layout", swiftSettings: strict))
  targets.append(.target(name: "\(name)Plugin", dependencies: [.target(name: "\(name)Layout"), .target(name: "TesseraKit")],
                         path: "Plugins/\(name)/Export", swiftSettings: strict))
}

/// Layouts written for UIKit, in the forms published layouts take: files that begin `import UIKit`,
/// built in Swift 5 mode as an iOS project would build them, and the plugin that exports them.
products.append(.library(name: "TesseraUIKitExamples", type: .dynamic, targets: ["UIKitExamplesPlugin"]))
targets += [
  .target(
    name: "UIKitExampleLayouts", dependencies: ["UIKit"], path: "Plugins/UIKitExamples/Layouts",
    swiftSettings: [.swiftLanguageMode(.v5)]),
  .target(
    name: "UIKitExamplesPlugin", dependencies: ["UIKitExampleLayouts", "UIKit"], path: "Plugins/UIKitExamples/Export",
    swiftSettings: strict),
  // Layout code in the forms published layouts take (a survey of 29 of them), built in Swift 5
  // mode: if one of these forms stops compiling, the build says so.
  .target(
    name: "UIKitSourceForms", dependencies: ["UIKit", "CoreGraphics", "QuartzCore"], path: "Tests/UIKitSourceForms",
    swiftSettings: [.swiftLanguageMode(.v5)]),
  .testTarget(
    name: "TesseraUIKitTests",
    dependencies: [
      "UIKitExampleLayouts", "UIKitSourceForms", "TesseraUIKit", "TesseraTesting", "TesseraHost", "MosaicLayout",
    ],
    swiftSettings: strict),
]

/// Layouts written for UIKit that misbehave on purpose, or exercise batch updates and
/// self-sizing through UIKit's calls (sessions/uikit): named libFixture*.so, never loaded on their own.
products.append(.library(name: "FixtureUIKitMisbehaves", type: .dynamic, targets: ["FixtureUIKitMisbehaves"]))
targets.append(
  .target(
    name: "FixtureUIKitMisbehaves", dependencies: ["UIKit"], path: "Tests/Fixtures/UIKitMisbehaves",
    swiftSettings: [.swiftLanguageMode(.v5)]))

/// Plugins that break the ABI on purpose, for the sessions that pin the host's refusals. They
/// are named libFixture*.so, so the host never loads them on its own.
for fixture in [
  "NoEntry", "NullEntry", "WrongMajor", "SmallStruct", "SmallKind", "SmallStride", "TakenName", "Twin", "Liar", "Crasher", "Breaker",
  "CrashOnLoad",
] {
  products.append(.library(name: "Fixture\(fixture)", type: .dynamic, targets: ["Fixture\(fixture)"]))
  targets.append(.target(name: "Fixture\(fixture)", dependencies: ["TesseraABI"], path: "Tests/Fixtures/\(fixture)"))
}

let package = Package(
  name: "Tessera",
  products: products,
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.1"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    // The live view's server (docs/design.md, "The live view": why SwiftNIO's HTTP stack).
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    // `swift package generate-documentation --target TesseraKit`: the SDK's DocC catalogue.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: targets
)
