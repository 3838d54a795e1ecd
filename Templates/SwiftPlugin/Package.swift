// swift-tools-version: 6.2
import PackageDescription

// A Tessera layout plugin, out of Tessera's tree. Rename "MyLayout" (the targets, the product,
// and `name: "mylayout"` in Sources/MyLayout) to your layout's name.
//
// Tessera: the checkout TESSERA_PATH names (whatever its folder is called), else one beside
// this folder (../tessera). Or, once you have its Git URL:
//   .package(url: "https://example.com/you/tessera.git", branch: "main")
let tesseraPath = Context.environment["TESSERA_PATH"] ?? "../tessera"
let tessera: Package.Dependency = .package(name: "tessera", path: tesseraPath)

let package = Package(
  name: "MyLayout",
  products: [
    // `tessera` loads lib<this name>.so: `plugin load .build/debug/libMyLayoutPlugin.so`.
    .library(name: "MyLayoutPlugin", type: .dynamic, targets: ["MyLayoutPlugin"])
  ],
  dependencies: [tessera],
  targets: [
    // The layout itself, a plain library your tests import.
    .target(name: "MyLayout", dependencies: [.product(name: "TesseraKit", package: "tessera")]),
    // The one-line export that turns it into a plugin.
    .target(
      name: "MyLayoutPlugin",
      dependencies: ["MyLayout", .product(name: "TesseraKit", package: "tessera")]),
    // Tessera's conformance checks, in one line.
    .testTarget(
      name: "MyLayoutTests",
      dependencies: ["MyLayout", .product(name: "TesseraTesting", package: "tessera")]),
  ],
  swiftLanguageModes: [.v6]
)
