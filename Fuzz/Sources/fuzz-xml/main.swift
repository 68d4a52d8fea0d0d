import PropertyList

/// libFuzzer entry point: the bytes, read as the xml format, then written as JSON when they read.
/// Any crash, hang or sanitizer report is a finding; thrown errors are the expected outcome.
/// The bytes are also read with every size split in two parts (as large documents are): that
/// read must give exactly the whole read's document, warnings, comments or error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var whole = PropertyListReader()
    whole.xmlSplitThreshold = .max
    var split = PropertyListReader()
    split.xmlSplitThreshold = 0
    let wholeResult = outcome { () throws(PropertyListError) in try whole.read(bytes, file: "fuzz", format: .xml) }
    let splitResult = outcome { () throws(PropertyListError) in try split.read(bytes, file: "fuzz", format: .xml) }
    precondition(wholeResult == splitResult, "a split read differs from the whole read")
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
        return
            ([json] + places + document.warnings.map(\.description) + document.comments(containing: "").map { "\($0)" })
            .joined(separator: "\n")
    } catch {
        return "\(error)"
    }
}
