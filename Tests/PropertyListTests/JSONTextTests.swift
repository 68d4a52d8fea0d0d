import Foundation
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
    }

    @Test func writtenFromAGivenPathAsItsDescription() throws {
        let path = PlistKeyPath([.key("with.dots"), .index(3), .key("plain"), .key("quote\"and\\slash"), .key("")])
        var location = SourceLocation(file: "x.plist")
        location.keyPath = path
        var bytes: [UInt8] = []
        location.appendKeyPathText(to: &bytes)
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
