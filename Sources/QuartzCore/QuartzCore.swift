// `import QuartzCore` in a layout file gives CATransform3D and its functions — from Tessera's
// UIKit surface, which holds them.
@_exported import TesseraUIKit
