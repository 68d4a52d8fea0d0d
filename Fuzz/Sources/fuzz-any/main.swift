import PropertyList

/// libFuzzer entry point for the whole reading path: format detection, any reader, every writer,
/// and the location of every value (key paths walk the tree from each value to the root).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document: PropertyListDocument
    do {
        document = try PropertyListReader().read(bytes, file: "fuzz")
    } catch {
        _ = error.description
        return 0
    }
    _ = try? PropertyListJSONWriter().write(document)
    _ = try? PropertyListXMLWriter().write(document)
    _ = try? PropertyListTextWriter(locations: true).write(document)
    var stack = [document.root]
    var visited = 0
    while let value = stack.popLast(), visited < 10_000 {
        visited += 1
        _ = value.location.description
        stack.append(contentsOf: value.elements)
        for (key, item) in value.entries {
            _ = key.text
            stack.append(item)
        }
    }
    return 0
}
