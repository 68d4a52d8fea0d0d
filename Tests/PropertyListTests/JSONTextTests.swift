import Foundation
import Support
import Testing

@testable import PropertyList

@Suite struct JSONTextTests {
    @Test func quotedStringsParseBackAndHideControlAndBidiCharacters() throws {
        // Random strings over the characters the escaper treats specially and ordinary ones around them.
        let pieces: [String] = [
            "a", "Z", " ", "\"", "\\", "\n", "\t", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}",
            "é", "\u{200B}", "\u{202E}", "\u{2028}", "\u{2066}", "\u{FEFF}", "\u{FFFD}", "€", "😀", "ж",
        ]
        var random = SplitMix64(seed: 0x150A)
        for _ in 0..<2_000 {
            let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            let quoted = JSONText.quoted(text)
            let parsed = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed)
            #expect(parsed as? String == text)
            #expect(!quoted.unicodeScalars.contains { OutputEscaping.needsEscape($0) || $0.value < 0x20 })
        }
    }
}

extension JSONTextTests {
    /// Runs of printable ASCII are copied eight bytes at a time: a character that needs escaping
    /// (or a non-ASCII one) at any place in or around such a run is escaped as on its own.
    @Test func escapesCharactersAtEveryPlaceInLongPlainRuns() throws {
        let specials: [String] = [
            "\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "é", "\u{200B}", "\u{FEFF}", "😀", " ", "~",
        ]
        for special in specials {
            let escaped = JSONText.quoted(special).dropFirst().dropLast()
            for before in 0..<20 {
                let after = 19 - before
                let text = String(repeating: "x", count: before) + special + String(repeating: "y", count: after)
                let expected =
                    "\"" + String(repeating: "x", count: before) + escaped + String(repeating: "y", count: after) + "\""
                #expect(JSONText.quoted(text) == expected, "\(before) before \(Array(special.utf8))")
            }
        }
        let plain = String(repeating: "The quick brown fox: 0123456789 {}[]<>|!#$%&'()*+,-./;=?@^_`~", count: 3)
        #expect(JSONText.quoted(plain) == "\"" + plain + "\"")
        for word in plain.utf8.indices.dropLast(8) {
            let eight = Array(plain.utf8[word...].prefix(8))
            #expect(JSONText.isPlainASCII(eight.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
        }
        for byte in [0x00, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xC2, 0xFF] as [UInt8] {
            for place in 0..<8 {
                var eight = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                eight[place] = byte
                #expect(!JSONText.isPlainASCII(eight.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
            }
        }
    }
}

@Suite struct KeyPathTextTests {
    /// Every value of `document`, depth first.
    func everyValue(_ value: PlistValue) -> [PlistValue] {
        [value] + value.elements.flatMap(everyValue) + value.entries.flatMap { [$0.key] + everyValue($0.value) }
    }

    @Test(arguments: [
        "binary/unicode.bplist", "binary/info.bplist", "binary/shared-objects.bplist", "binary/duplicate-keys.bplist",
        "binary/all-types.xml", "binary/unicode.xml",
    ])
    func writtenFromTheNodesAsTheKeyPathDescribesIt(_ name: String) throws {
        let document = try PropertyListReader().read(contentsOf: fixture(name))
        let values = everyValue(document.root)
        #expect(values.count > 5)
        for value in values {
            var bytes: [UInt8] = Array("prefix".utf8)
            value.location.appendKeyPathText(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "prefix" + value.location.keyPath.description)
        }
        // Through a cache, in document order, in reverse and mixed, and across two documents:
        // the same text.
        let other = try PropertyListReader().read(contentsOf: fixture("binary/info.bplist"))
        let mixed = values.indices.sorted { ($0 * 7_919) % values.count < ($1 * 7_919) % values.count }.map {
            values[$0]
        }
        for order in [values, values.reversed(), mixed, values + everyValue(other.root)] {
            var cache = KeyPathTextCache()
            for value in order {
                var bytes: [UInt8] = Array("p".utf8)
                value.location.appendKeyPathText(to: &bytes, cache: &cache)
                #expect(String(decoding: bytes, as: UTF8.self) == "p" + value.location.keyPath.description)
            }
        }
    }

    @Test func writtenFromAGivenPathAsItsDescription() throws {
        let path = PlistKeyPath([.key("with.dots"), .index(3), .key("plain"), .key("quote\"and\\slash"), .key("")])
        var location = SourceLocation(file: "x.plist")
        location.keyPath = path
        var bytes: [UInt8] = []
        location.appendKeyPathText(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == path.description)
        var cache = KeyPathTextCache()
        bytes = []
        location.appendKeyPathText(to: &bytes, cache: &cache)
        #expect(String(decoding: bytes, as: UTF8.self) == path.description)
        #expect(path.description == #"["with.dots"][3].plain["quote\"and\\slash"][""]"#)
    }
}

@Suite struct ByteTextTests {
    @Test(arguments: [0, 7, 10, 99, 100, 65_535, -1, -42, Int.max, Int.min])
    func decimalDigitsAsDescriptionWritesThem(_ value: Int) {
        var bytes: [UInt8] = Array("x".utf8)
        bytes.appendDecimal(value)
        #expect(String(decoding: bytes, as: UTF8.self) == "x\(value)")
    }

    @Test func utf8BytesOfShortLongAndNonASCIIText() {
        for text in ["", "a", "short", "a string longer than fifteen bytes", "café 📐 — ünïcödé"] {
            #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
        }
    }
}
