// `import UIKit` in a layout file written for iOS gives Tessera's UIKit layout surface (and
// Foundation, as UIKit does): the file compiles unchanged on Linux.
@_exported import TesseraUIKit
