import AppBundle
import DocumentBrowser
import Foundation
import TestScratch
import UniformTypes

/// The package's Fixtures/apps folder, found from this file's path.
let appsDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Fixtures/apps").path
}()

/// Fixture apps by name.
enum Fixture {
    static let notebook = appsDirectory + "/Notebook/Info.plist"
    static let anyFile = appsDirectory + "/AnyFile/Info.plist"
    static let scribe = appsDirectory + "/Scribe/Contents/Info.plist"
}

/// A browser for the fixture app at `path`.
func browser(
    _ path: String, allowed: [UniformTypeIdentifier]? = nil, policy: BrowserPolicy = BrowserPolicy(),
    platform: Platform? = nil
) throws -> DocumentBrowser {
    let app = try AppLoader(platform: platform).load(path)
    return DocumentBrowser(app: app, allowed: allowed, policy: policy)
}

/// A fresh temporary folder.
func temporaryDirectory() throws -> String {
    let url = try Scratch.folder("browser")
    return url.path
}

extension OpenVerdict {
    /// The messages of the reasons, joined: for `contains` checks.
    var chain: String { reasons.map(\.message).joined(separator: "\n") }
}
