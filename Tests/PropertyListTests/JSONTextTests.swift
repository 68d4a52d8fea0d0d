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
