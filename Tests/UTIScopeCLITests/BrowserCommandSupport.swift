import Foundation
import TestScratch

/// Paths of the document-browser fixture apps.
enum BrowserFixtures {
    static let notebook = fixturesDirectory + "/apps/Notebook/Info.plist"
    static let anyFile = fixturesDirectory + "/apps/AnyFile/Info.plist"
    static let scribe = fixturesDirectory + "/apps/Scribe/Contents/Info.plist"
}

/// The JSON object `result` printed.
func jsonObject(_ result: RunResult) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any] else {
        throw JSONShapeError()
    }
    return object
}

/// The output was JSON but not an object.
struct JSONShapeError: Error {}

/// A new empty temporary folder.
func temporaryFolder() throws -> String {
    let url = try Scratch.folder("cli")
    return url.path
}
