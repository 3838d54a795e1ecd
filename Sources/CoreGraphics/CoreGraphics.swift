// `import CoreGraphics` in a layout's geometry file gives what Core Graphics adds to
// Foundation's CGRect, CGSize, CGPoint and CGFloat (CGAffineTransform, CGVector, equalTo) — from
// Tessera's UIKit surface, which holds them.
@_exported import TesseraUIKit
