import Testing

@testable import UniformTypes

/// "Did you mean" for identifiers: offered only when clearly meant, as `type` and lint offer it.
@Suite struct IdentifierSuggestionTests {
    let search = IdentifierSuggestion(SystemTypeCatalog.embedded.userFacingTypes.map(\.identifier.rawValue))

    @Test func nearMatchesThatNameAnotherFormatAreNotOffered() {
        // Seen on real apps: each near match is a different format, not a typo.
        for typed in ["public.rez-source", "public.tcl-script", "public.utf"] {
            #expect(search.suggestion(for: UniformTypeIdentifier(typed)) == nil, "\(typed)")
        }
        // A digit names a format: 'public.mpeg4' is 'public.mpeg-4' (a separator left out), not
        // 'public.mpeg' (a digit added).
        #expect(search.suggestion(for: "public.mpeg4") == "public.mpeg-4")
    }

    @Test func typosAreOffered() {
        let cases: [(String, String)] = [
            ("public.plain-txt", "public.plain-text"), ("publiic.plain-text", "public.plain-text"),
            ("public.jpg", "public.jpeg"), ("public.pgn", "public.png"), ("com.adobe.pfd", "com.adobe.pdf"),
            ("public.plaintext", "public.plain-text"), ("com.apple.pakage", "com.apple.package"),
        ]
        for (typed, meant) in cases {
            #expect(search.suggestion(for: UniformTypeIdentifier(typed)) == UniformTypeIdentifier(meant), "\(typed)")
        }
    }

    @Test func aTieOrANearRunnerUpGivesNothing() {
        // Two candidates one edit away each: neither is clearly meant.
        let tied = IdentifierSuggestion(["com.example.alpha", "com.example.alphb"])
        #expect(tied.suggestion(for: "com.example.alphc") == nil)
        // One much nearer than the other: offered.
        let clear = IdentifierSuggestion(["com.example.sketchbook", "com.example.notebook"])
        #expect(clear.suggestion(for: "com.example.sketchbok") == "com.example.sketchbook")
        // Never itself, never the excluded one.
        #expect(clear.suggestion(for: "com.example.sketchbook") == nil)
        #expect(clear.suggestion(for: "com.example.sketchbok", excluding: "com.example.sketchbook") == nil)
    }

    @Test func editsAreWeighedAsPeopleMistypeIdentifiers() {
        func distance(_ a: String, _ b: String) -> Double {
            IdentifierSuggestion.weightedDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        #expect(distance("mpeg4", "mpeg-4") == 0.5)
        #expect(distance("mpeg4", "mpeg") == 2)
        #expect(distance("jpg", "jpeg") == 1)
        #expect(distance("pgn", "png") == 1)
        #expect(distance("same", "same") == 0)
    }

    /// With a limit, a distance is exact up to it and infinite beyond: checked against the full
    /// computation for every pair of a set of identifiers and several limits.
    @Test func aLimitedDistanceIsExactUpToTheLimit() {
        let words = [
            "public.mpeg-4", "public.mpeg4", "public.mpeg", "public.jpeg", "public.jpg", "public.png", "public.pgn",
            "com.example.sketchbook", "com.example.sketchbok", "com.example.notebook", "net.daringfireball",
            "net.daringfireball.markdown", "a", "ab", "ba", "public.plain-text", "public.plain-txt", "",
        ].map { Array($0.unicodeScalars) }
        for a in words {
            for b in words {
                let full = IdentifierSuggestion.weightedDistance(a, b)
                for limit in [0.0, 0.5, 1, 2, 3, 6] {
                    let limited = IdentifierSuggestion.weightedDistance(a, b, limit: limit)
                    #expect(limited == (full <= limit ? full : .infinity), "\(a) \(b) \(limit)")
                }
            }
        }
    }

    /// Lowering by bytes gives what `lowercased()` gives, ASCII or not.
    @Test func loweringMatchesTheStandardLibrarys() {
        for text in ["com.Example.MPEG-4", "public.jpeg", "", "ORG.ÉCOLE.Doc", "net.İstanbul", "a_B-9.Z"] {
            #expect(IdentifierSuggestion.lowered(text) == Array(text.lowercased().unicodeScalars), "\(text)")
        }
    }

    /// The distance computed in reused scratch rows equals a full table's, whatever the rows held
    /// before: pairs of every length are computed one after another in the same scratch space.
    @Test func reusedRowsGiveTheFullTablesDistance() {
        /// The whole table, written out as the textbook has it.
        func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Double {
            let cost = IdentifierSuggestion.cost
            var table = [[Double]](repeating: [Double](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { table[i][0] = a[..<i].reduce(0) { $0 + cost($1) } }
            for j in 0...b.count { table[0][j] = b[..<j].reduce(0) { $0 + cost($1) } }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    let substitution = a[i - 1] == b[j - 1] ? 0 : max(cost(a[i - 1]), cost(b[j - 1]))
                    table[i][j] = min(
                        table[i - 1][j] + cost(a[i - 1]), table[i][j - 1] + cost(b[j - 1]),
                        table[i - 1][j - 1] + substitution)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                    }
                }
            }
            return table[a.count][b.count]
        }
        let words = [
            "com.example.sketchbook", "a", "public.mpeg-4", "ba", "public.mpeg4", "", "ab", "public.pgn",
            "net.daringfireball.markdown", "public.png", "com.example.sketchbok", "public.plain-txt",
            "public.plain-text", "abc", "cab", "com.adobe.photoshop-image",
        ].map { Array($0.unicodeScalars) }
        var rows: [Double] = []
        for a in words {
            for b in words {
                #expect(IdentifierSuggestion.weightedDistance(a, b, rows: &rows) == reference(a, b), "\(a) \(b)")
            }
        }
    }

    /// The bound from scalar counts never exceeds the distance, whose search it cuts short:
    /// every pair of a set of identifiers (near and far, separators, digits, non-ASCII,
    /// transpositions) and of random words over a small alphabet.
    @Test func theScalarCountBoundIsAtMostTheDistance() {
        var words = [
            "public.mpeg-4", "public.mpeg4", "public.jpeg", "public.pgn", "public.png", "com.example.sketchbook",
            "com.example.sketchbok", "net.daringfireball.markdown", "ORG.ÉCOLE.doc", "org.école.doc", "a", "ab",
            "ba", "", "a-b_c.d", "abc.d", "é", "ü",
        ]
        var random = SplitMix64(state: 7)
        let alphabet = Array("ab-.1é")
        for _ in 0..<200 {
            words.append(String((0..<Int(random.next() % 9)).map { _ in alphabet[Int(random.next() % 6)] }))
        }
        let scalars = words.map { Array($0.unicodeScalars) }
        var tight = 0
        for a in scalars {
            var counts = IdentifierSuggestion.ScalarCounts(a)
            for b in scalars {
                let bound = counts.distanceLowerBound(to: b)
                let distance = IdentifierSuggestion.weightedDistance(a, b)
                #expect(bound <= distance, "\(a) \(b)")
                if bound == distance && distance > 0 { tight += 1 }
            }
        }
        // The bound is not trivially zero: for some pairs it is the distance itself.
        #expect(tight > 0)
    }
}
