import Testing

@testable import UniformTypes

/// `IdentifierSort` orders positions as `<` on their identifiers does, whatever the identifiers:
/// long shared prefixes (several 32-byte digits deep), a text that begins another, capitals
/// (compared folded), NUL bytes, and a non-ASCII identifier (the whole sort falls back to `<`).
@Suite struct IdentifierSortTests {
    /// Identifiers with shared prefixes of 0 to 100 bytes and tails of random letters, digits,
    /// dots, capitals and sometimes a NUL, some repeated.
    static func identifiers(count: Int, seed: UInt64, nonASCII: Bool) -> [UniformTypeIdentifier] {
        var random = SplitMix64(state: seed)
        let stems = [
            "", "com.example.", "com.thirdparty.globex.library", String(repeating: "a", count: 31),
            String(repeating: "b", count: 32), String(repeating: "com.vendor.", count: 9),
        ]
        let alphabet = Array("abcXYZ019.-".utf8) + [0]
        var made: [UniformTypeIdentifier] = []
        for index in 0..<count {
            if index > 0, Int.random(in: 0..<10, using: &random) == 0 {
                made.append(made[Int.random(in: 0..<made.count, using: &random)])
                continue
            }
            var text = Array(stems[Int.random(in: 0..<stems.count, using: &random)].utf8)
            for _ in 0..<Int.random(in: 0..<40, using: &random) {
                text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
            }
            made.append(UniformTypeIdentifier(String(decoding: text, as: UTF8.self)))
        }
        if nonASCII { made.append(UniformTypeIdentifier("com.example.caf\u{E9}")) }
        return made
    }

    @Test(arguments: [(1, false), (2, false), (300, false), (3_000, false), (300, true)])
    func ordersAsTheComparisonDoes(count: Int, nonASCII: Bool) {
        for seed in UInt64(1)...5 {
            let identifiers = Self.identifiers(count: count, seed: seed * 7919, nonASCII: nonASCII)
            var shuffler = SplitMix64(state: seed)
            var positions = Array(identifiers.indices).shuffled(using: &shuffler)
            IdentifierSort.sort(&positions, by: identifiers)
            #expect(positions.sorted() == Array(identifiers.indices))
            let sorted = positions.map { identifiers[$0] }
            #expect(sorted == identifiers.sorted())
            for (earlier, later) in zip(sorted, sorted.dropFirst()) { #expect(!(later < earlier)) }
        }
    }

    @Test func aTextThatBeginsAnotherComesFirstAtEveryDepth() {
        for length in [1, 7, 8, 31, 32, 33, 64, 65] {
            let stem = String(repeating: "q", count: length)
            let identifiers = [stem + "a", stem, stem + "\u{0}", stem + "\u{0}a", String(stem.dropLast())].map {
                UniformTypeIdentifier($0)
            }
            var positions = Array(identifiers.indices)
            IdentifierSort.sort(&positions, by: identifiers)
            #expect(positions.map { identifiers[$0] } == identifiers.sorted(), "length \(length)")
        }
    }
}
