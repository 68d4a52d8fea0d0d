@_spi(Testing) import PropertyList

/// libFuzzer entry point: the bytes, read as the xml format, then written as JSON when they read.
/// Any crash, hang or sanitizer report is a finding; thrown errors are the expected outcome.
/// The whole read (the package's own scan first, libxml2 for what it leaves) must be exactly
/// libxml2's alone, document or error. The bytes are also read split in two parts (as documents
/// of 4 MiB or more are, on two cores, here one part after the other so that a finding
/// reproduces), by libxml2 and by the package's scan: when that read gives a document it must be
/// exactly the whole read's, with its warnings and comments.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = PropertyListReader()
    reader.xmlSplitThreshold = .max
    let whole = outcome { () throws(PropertyListError) in try reader.read(bytes, file: "fuzz", format: .xml) }
    var libxml2 = reader
    libxml2.xmlNativeScan = false
    let libxml2Whole = outcome { () throws(PropertyListError) in try libxml2.read(bytes, file: "fuzz", format: .xml) }
    precondition(whole == libxml2Whole, "the native scan's read differs from libxml2's")
    for natively in [false, true] {
        if let split = reader.readXMLInTwoParts(bytes, file: "fuzz", natively: natively) {
            precondition(outcome { split } == whole, "a split read differs from the whole read")
        }
    }
    return 0
}

/// What a read gives, as text: the document as JSON, every value's place, its warnings and its
/// comments (with where the element after each starts), or the error.
func outcome(_ read: () throws(PropertyListError) -> PropertyListDocument) -> String {
    do {
        let document = try read()
        let json = (try? PropertyListJSONWriter().write(document)).map { String(decoding: $0, as: UTF8.self) } ?? "-"
        var places: [String] = []
        var stack = [document.root]
        while let value = stack.popLast() {
            places.append("\(value.keyPath) \(value.kind) \(value.line ?? -1):\(value.location.column ?? -1)")
            for (key, item) in value.entries {
                places.append("\(key.keyPath) key \(key.line ?? -1):\(key.location.column ?? -1)")
                stack.append(item)
            }
            stack.append(contentsOf: value.elements)
        }
        let comments = document.comments(containing: "").map { "\($0)" }
        return ([json] + places + document.warnings.map(\.description) + comments).joined(separator: "\n")
    } catch {
        return "\(error)"
    }
}
