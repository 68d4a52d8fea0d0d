import CLibXML2
import Foundation
import PropertyList

/// The tasks `parse` compares; each runs alone in a child process and prints a checksum line so
/// that the results can be checked against each other and against gen.py's manifest.
enum ParseTasks {
    /// Our reader: bytes to the located value tree, then a walk that counts what it holds.
    static func ours(_ path: String) throws -> String {
        let document = try PropertyListReader().read(contentsOf: path)
        return checksum(document.root)
    }

    /// Foundation's PropertyListSerialization on the same bytes.
    static func foundation(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        var counts = Counts()
        counts.add(foundation: value)
        return counts.line
    }

    /// A SAX2 walk over libxml2 that only counts start tags: the floor for any XML reader built on it.
    static func saxWalk(_ path: String) throws -> String {
        let data = try readFile(path)
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, _, _, _, _, _, _, _, _ in
            context?.assumingMemoryBound(to: Int.self).pointee += 1
        }
        handler.characters = { context, _, length in
            context?.assumingMemoryBound(to: Int.self).advanced(by: 1).pointee += Int(length)
        }
        var counters = [0, 0]
        let result: Int32 = data.withUnsafeBufferPointer { buffer in
            counters.withUnsafeMutableBufferPointer { counts in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    withUnsafeMutablePointer(to: &handler) { sax in
                        guard
                            let context = utiscope_xml_create(
                                chars.baseAddress, Int32(chars.count), sax, counts.baseAddress,
                                Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue))
                        else { return -1 }
                        let status = utiscope_xml_parse(context, chars.baseAddress, Int32(chars.count))
                        utiscope_xml_free(context)
                        return status
                    }
                }
            }
        }
        guard result == 0 else { throw BenchError("libxml2 failed on \(path)") }
        return "elements=\(counters[0]) characters=\(counters[1])"
    }

    static func checksum(_ root: PlistValue) -> String {
        var counts = Counts()
        var stack = [root]
        while let value = stack.popLast() {
            switch value.kind {
            case .dictionary:
                counts.dicts += 1
                for (key, item) in value.entries {
                    counts.keys += 1
                    counts.stringBytes += key.bytes.count
                    stack.append(item)
                }
            case .array:
                counts.arrays += 1
                stack.append(contentsOf: value.elements)
            case .string:
                counts.strings += 1
                counts.stringBytes += value.bytes.count
            case .integer: counts.ints += 1
            case .real: counts.reals += 1
            case .boolean: counts.bools += 1
            case .date: counts.dates += 1
            case .data: counts.datas += 1
            case .uid: break
            }
        }
        return counts.line
    }
}

/// The whole file, read straight into one array (no intermediate `Data` copy).
func readFile(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw BenchError("cannot open \(path)") }
    defer { fclose(file) }
    fseek(file, 0, SEEK_END)
    let size = ftell(file)
    fseek(file, 0, SEEK_SET)
    var bytes = [UInt8](repeating: 0, count: max(0, size))
    let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    guard read == bytes.count else { throw BenchError("cannot read \(path)") }
    return bytes
}

/// The checksum line of gen.py's manifest.
struct Counts {
    var dicts = 0, arrays = 0, keys = 0, strings = 0, ints = 0, reals = 0, bools = 0, dates = 0, datas = 0
    var stringBytes = 0

    var line: String {
        "dicts=\(dicts) arrays=\(arrays) keys=\(keys) strings=\(strings) ints=\(ints) reals=\(reals) "
            + "bools=\(bools) dates=\(dates) datas=\(datas) strbytes=\(stringBytes)"
    }

    mutating func add(foundation value: Any) {
        var stack: [Any] = [value]
        while let item = stack.popLast() {
            switch item {
            case let dictionary as [String: Any]:
                dicts += 1
                for (key, element) in dictionary {
                    keys += 1
                    stringBytes += key.utf8.count
                    stack.append(element)
                }
            case let array as [Any]:
                arrays += 1
                stack.append(contentsOf: array)
            case let string as String:
                strings += 1
                stringBytes += string.utf8.count
            case is Date: dates += 1
            case is Data: datas += 1
            case let number as NSNumber:
                let type = String(cString: number.objCType)
                if type == "c" || type == "B" {
                    bools += 1
                } else if type == "d" || type == "f" {
                    reals += 1
                } else {
                    ints += 1
                }
            default: break
            }
        }
    }
}
