import Support
import Testing

@testable import PropertyList

@Suite struct SuggestionsTests {
    /// The textbook full-table optimal-string-alignment distance, to check the bounded one against.
    static func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    @Test func boundedDistanceAgreesWithTheFullTable() {
        // Random words over a three-letter alphabet, so that transpositions and repeats are common.
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet: [Unicode.Scalar] = ["a", "b", "c"]
        func word() -> [Unicode.Scalar] {
            (0..<Int(generator.next() % 9)).map { _ in alphabet[Int(generator.next() % 3)] }
        }
        for _ in 0..<2_000 {
            let a = word()
            let b = word()
            let exact = Self.reference(a, b)
            #expect(Suggestions.editDistance(a, b) == exact)
            for limit in 0...8 {
                let bounded = Suggestions.editDistance(a, b, limit: limit)
                if exact <= limit {
                    #expect(bounded == exact, "\(a) \(b) limit \(limit)")
                } else {
                    #expect(bounded > limit, "\(a) \(b) limit \(limit)")
                }
            }
        }
    }

    @Test func transpositionCountsOne() {
        #expect(Suggestions.editDistance(Array("dupm".unicodeScalars), Array("dump".unicodeScalars)) == 1)
    }

    @Test func closestIgnoresCaseAndPrefersTheFirstOfEquals() {
        let candidates = ["public.plain-text", "public.jpeg", "public.plain-texd"]
        #expect(Suggestions.closest(to: "Publiic.Plain-Text", in: candidates) == "public.plain-text")
        let found = Suggestions.nearest(to: "public.plain-tex", in: candidates)
        #expect(found.closest == "public.plain-text")
        #expect(found.unambiguous == nil)  // two candidates one step away
        #expect(Suggestions.nearest(to: "public.jpg", in: candidates).unambiguous == "public.jpeg")
    }

    @Test func nothingBeyondAThirdOfTheLength() {
        #expect(Suggestions.closest(to: "dump", in: ["lint", "damp"]) == "damp")
        #expect(Suggestions.closest(to: "dump", in: ["lint", "report"]) == nil)
        // The same candidate in another case is not a tie.
        #expect(Suggestions.nearest(to: "jpg", in: ["JPEG", "jpeg"]).unambiguous == "JPEG")
    }
}

@Suite struct SuggestionIndexTests {
    @Test func anIndexAnswersAsTheOneOffSearchDoes() {
        let candidates = [
            "UTTypeConformsTo", "UTTypeIdentifier", "UTTypeIconFile", "UTTypeIcons", "LSHandlerRank", "Ünïcode",
        ]
        let index = SuggestionIndex(candidates)
        for word in [
            "UTTypeConformTo", "uttypeiconfiles", "LSHandlerRanc", "unicode", "nothing-like-it", "", "UTTypeIcon",
        ] {
            for distance in [nil, 1, 2] as [Int?] {
                let oneOff = Suggestions.nearest(to: word, in: candidates, maximumDistance: distance)
                let indexed = index.nearest(to: word, maximumDistance: distance)
                #expect(indexed.closest == oneOff.closest, "\(word) \(String(describing: distance))")
                #expect(indexed.unambiguous == oneOff.unambiguous, "\(word) \(String(describing: distance))")
            }
        }
        #expect(index.closest(to: "UTTypeConformTo") == "UTTypeConformsTo")
        #expect(index.nearest(to: "UTTypeIcon").unambiguous == "UTTypeIcons")
        // One edit from two candidates spelt differently: no unambiguous answer.
        let tie = SuggestionIndex(["cart", "card"]).nearest(to: "carp")
        #expect(tie.closest == "cart")
        #expect(tie.unambiguous == nil)
    }
}
