import PropertyList

/// libFuzzer entry point: the bytes, read as the xml format, then written as JSON when they read.
/// Any crash, hang or sanitizer report is a finding; thrown errors are the expected outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? PropertyListReader().read(bytes, file: "fuzz", format: .xml) else { return 0 }
    _ = try? PropertyListJSONWriter().write(document)
    for warning in document.warnings { _ = warning.description }
    return 0
}
