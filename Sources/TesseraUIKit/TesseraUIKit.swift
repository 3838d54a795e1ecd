// TesseraUIKit: UIKit's collection-view layout classes on Linux, built on TesseraKit and the C
// interface. Import it as `UIKit` (the module of that name re-exports it) so a layout file
// written for iOS compiles unchanged.
@_exported import Foundation
