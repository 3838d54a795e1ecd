// swift-tools-version: 6.2
import PackageDescription

// A layout written for UIKit, as a Tessera plugin, out of Tessera's tree. Put your layout files
// in Sources/MyLayout as they are in your iOS project (`import UIKit` and all), and register
// each in Sources/MyLayoutPlugin/Export.swift.
//
// Tessera: the checkout TESSERA_PATH names, else one beside this folder (../tessera).
let tesseraPath = Context.environment["TESSERA_PATH"] ?? "../tessera"

let package = Package(
  name: "MyLayout",
  products: [
    // `tessera` loads lib<this name>.so: `plugin load .build/debug/libMyLayoutPlugin.so`.
    .library(name: "MyLayoutPlugin", type: .dynamic, targets: ["MyLayout"])
  ],
  dependencies: [.package(name: "tessera", path: tesseraPath)],
  targets: [
    // Your layout files and the export, one module, so classes an app keeps `internal` need
    // no `public`; Swift 5 mode, as code written for older Swift expects.
    .target(
      name: "MyLayout", dependencies: [.product(name: "TesseraUIKit", package: "tessera")], path: "Sources",
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // Tessera's conformance checks, in one line.
    .testTarget(
      name: "MyLayoutTests",
      dependencies: ["MyLayout", .product(name: "TesseraTesting", package: "tessera")]),
  ]
)
