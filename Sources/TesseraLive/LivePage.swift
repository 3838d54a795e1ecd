import Foundation

/// The page, served from the binary: plain HTML, CSS and JavaScript kept as files beside this
/// one (`Page/`) and embedded by SwiftPM (`PackageResources`), joined into one document.
enum LivePage {
  static let html: Data = {
    let page = String(decoding: PackageResources.live_html, as: UTF8.self)
      .replacingOccurrences(of: "/*STYLE*/", with: String(decoding: PackageResources.live_css, as: UTF8.self))
      .replacingOccurrences(of: "/*SCRIPT*/", with: String(decoding: PackageResources.live_js, as: UTF8.self))
    return Data(page.utf8)
  }()
}
