/// "Did you mean" suggestions by edit distance.
public enum Suggestions {
    /// The candidate closest to `word` (case-insensitive edit distance, transpositions counting 1, of at most a third of
    /// its length, and at least 1 allowed), or nil. Ties go to the first candidate in order.
    public static func closest(to word: String, in candidates: [String], maximumDistance: Int? = nil) -> String? {
        nearest(to: word, in: candidates, maximumDistance: maximumDistance).closest
    }

    /// In one pass over `candidates`: the closest one as ``closest(to:in:)`` finds it, and the same
    /// candidate again as `unambiguous` only when no candidate spelt differently (ignoring case) is
    /// as close. `maximumDistance` lowers the allowance further (never below 1).
    public static func nearest(to word: String, in candidates: [String], maximumDistance: Int? = nil) -> (
        closest: String?, unambiguous: String?
    ) {
        nearest(to: word, count: candidates.count, maximumDistance: maximumDistance) { index, target, allowed in
            // The distance is at least the difference in length, so a cheap bound on the length
            // rules most candidates out before anything is allocated: lowercasing never shortens a
            // string in scalars and lengthens it at most threefold, and a scalar is 1 to 4 bytes.
            let candidate = candidates[index]
            let bytes = candidate.utf8.count
            guard bytes * 3 + allowed >= target, bytes <= (target + allowed) * 4 else { return nil }
            let lowered = candidate.lowercased()
            return (candidate, lowered, Array(lowered.unicodeScalars))
        }
    }

    /// The search of ``nearest(to:in:maximumDistance:)`` over `count` candidates, each given by
    /// `candidate(index, target length, allowance)` as itself, lowercased and as scalars, or nil
    /// when it is ruled out.
    static func nearest(
        to word: String, count: Int, maximumDistance: Int?,
        candidate: (Int, Int, Int) -> (text: String, lowered: String, scalars: [Unicode.Scalar])?
    ) -> (closest: String?, unambiguous: String?) {
        let target = Array(word.lowercased().unicodeScalars)
        let allowed = max(1, min(target.count / 3, maximumDistance ?? Int.max))
        var best: (candidate: String, lowered: String, distance: Int)?
        var tied = false
        for index in 0..<count {
            guard let (text, lowered, scalars) = candidate(index, target.count, allowed),
                abs(scalars.count - target.count) <= allowed
            else { continue }
            // Only a distance within the allowance and no worse than the best so far matters.
            let limit = min(allowed, best?.distance ?? allowed)
            let distance = editDistance(target, scalars, limit: limit)
            guard distance <= limit else { continue }
            if let current = best, distance == current.distance {
                if lowered != current.lowered { tied = true }
            } else {
                best = (text, lowered, distance)
                tied = false
            }
        }
        guard let best else { return (nil, nil) }
        return (best.candidate, tied ? nil : best.candidate)
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and transpositions
    /// of neighbours each cost 1 (`dupm` is one step from `dump`).
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        editDistance(a, b, limit: max(a.count, b.count))
    }

    /// ``editDistance(_:_:)`` when it is at most `limit`; otherwise some number above `limit`
    /// (the computation stops as soon as every alignment costs more).
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > limit { return limit + 1 }
        // Three rolling rows of the dynamic-programming table: i - 2, i - 1 and i.
        let width = b.count + 1
        var older = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        var previousMinimum = 0
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, older[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            // A transposition reaches back two rows, so stop only when both rows are over.
            if rowMinimum > limit && previousMinimum > limit { return limit + 1 }
            previousMinimum = rowMinimum
            (older, previous, current) = (previous, current, older)
        }
        return previous[b.count]
    }
}

/// Candidates for "did you mean" made ready once (lowercased, as scalars) for many look-ups: the
/// keys a reader knows, the identifiers of a catalog.
public struct SuggestionIndex: Sendable {
    /// The candidates, in order (ties go to the first).
    public let candidates: [String]
    private let lowered: [String]
    private let scalars: [[Unicode.Scalar]]

    /// An index of `candidates`.
    public init(_ candidates: [String]) {
        self.candidates = candidates
        lowered = candidates.map { $0.lowercased() }
        scalars = lowered.map { Array($0.unicodeScalars) }
    }

    /// ``Suggestions/nearest(to:in:maximumDistance:)`` over the candidates.
    public func nearest(to word: String, maximumDistance: Int? = nil) -> (closest: String?, unambiguous: String?) {
        Suggestions.nearest(to: word, count: candidates.count, maximumDistance: maximumDistance) {
            index, target, allowed in
            abs(scalars[index].count - target) <= allowed ? (candidates[index], lowered[index], scalars[index]) : nil
        }
    }

    /// ``Suggestions/closest(to:in:maximumDistance:)`` over the candidates.
    public func closest(to word: String, maximumDistance: Int? = nil) -> String? {
        nearest(to: word, maximumDistance: maximumDistance).closest
    }
}
