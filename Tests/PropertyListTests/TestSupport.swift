import Foundation
import PropertyList

/// The package's Fixtures folder, found from this file's path.
let fixturesDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Fixtures").path
}()

/// The path of a fixture under Fixtures/plists.
func fixture(_ relative: String) -> String {
    fixturesDirectory + "/plists/" + relative
}

/// Parses `text` as a property list named `test.plist`.
func parse(_ text: String) throws(PropertyListError) -> PropertyListDocument {
    try PropertyListReader().read(Array(text.utf8), file: "test.plist")
}

/// Parses `bytes` as a property list named `test.plist`.
func parse(bytes: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
    try PropertyListReader().read(bytes, file: "test.plist")
}

/// The error reading `text` gives, or nil when it reads.
func readError(_ text: String) -> PropertyListError? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

/// `line:column` of a location, for compact assertions.
func position(_ location: SourceLocation?) -> String {
    guard let location else { return "none" }
    return "\(location.line.map(String.init) ?? "-"):\(location.column.map(String.init) ?? "-")"
}

/// Wraps `body` in an XML plist header and `<plist>` element.
func xmlPlist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>
    """
}
