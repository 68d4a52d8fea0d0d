import PropertyList
import Support

/// "Did you mean" for type identifiers: a suggestion only when it is clearly the one meant.
///
/// Edits are weighed as people mistype identifiers: a separator (`-`, `.`, `_`) left out or added
/// costs half a letter (`public.mpeg4` is `public.mpeg-4`), a digit changed costs two (it names
/// another format: `public.mpeg4` is not `public.mpeg`), a letter one. A candidate is offered
/// only when it is within the allowance (one edit, two for a last component of six letters or
/// more), when every other candidate is at least one whole edit further, and when no word of the
/// identifier becomes another word: a short word (three letters or fewer) may gain or lose a
/// letter (`txt` → `text`) or have two neighbours swapped (`pgn` → `png`) but not have one
/// replaced (`utf` is not `rtf`), and no word may lose
/// more than a third of its letters (`rez-source` is not `lex-source`, `tcl` is not `tcsh`).
public struct IdentifierSuggestion: Sendable {
    /// The candidates, lowercased, with their spelling as declared.
    private let candidates: [(spelling: String, lowered: [Unicode.Scalar])]

    /// A search over `candidates` (identifiers as declared).
    public init(_ candidates: [String]) {
        self.candidates = candidates.map { ($0, Self.lowered($0)) }
    }

    /// The clear suggestion for `identifier`, never itself; nil when none is clear.
    public func suggestion(for identifier: UniformTypeIdentifier, excluding excluded: UniformTypeIdentifier? = nil)
        -> UniformTypeIdentifier?
    {
        let word = Self.lowered(identifier.rawValue)
        let last = identifier.rawValue.split(separator: ".").last.map { $0.unicodeScalars.count } ?? 0
        let allowance = last >= 6 ? 2.0 : 1.0
        var best: (spelling: String, distance: Double)?
        var runnerUp = Double.infinity
        // A candidate further than allowance + 1 changes nothing: it can be neither an offered
        // suggestion nor a runner-up within one edit of one, so its distance is not finished.
        // Measured: `lint` of gen.py's a_ios.plist (undeclared types, each compared with 1,365
        // system types) −5% processor time, medians of 40 runs by turns.
        let limit = allowance + 1
        var rows: [Double] = []
        var counts = ScalarCounts(word)
        for candidate in candidates {
            guard abs(candidate.lowered.count - word.count) <= 4,
                counts.distanceLowerBound(to: candidate.lowered) <= limit
            else { continue }
            let distance = Self.weightedDistance(word, candidate.lowered, limit: limit, rows: &rows)
            guard distance > 0, distance <= limit else { continue }
            let spelled = UniformTypeIdentifier(candidate.spelling)
            if spelled == identifier || spelled == excluded { continue }
            if let current = best, distance >= current.distance {
                if candidate.lowered != Self.lowered(current.spelling) {
                    runnerUp = min(runnerUp, distance)
                }
                continue
            }
            if let current = best { runnerUp = min(runnerUp, current.distance) }
            best = (candidate.spelling, distance)
        }
        guard let best, best.distance <= allowance, runnerUp >= best.distance + 1,
            Self.keepsEveryWord(identifier.rawValue.lowercased(), best.spelling.lowercased())
        else { return nil }
        return UniformTypeIdentifier(best.spelling)
    }

    /// `text` lowercased, as scalars. ASCII text (every identifier the system declares) is
    /// lowered byte by byte, without a lowercased string made first (measured by turns, static
    /// release builds, on a slow spell of the machine: `lint` of gen.py's a_ios.plist, whose
    /// suggestion search lowers 1,365 system identifiers, 18.0 → 17.1 ms and 21.2 → 20.2 ms).
    static func lowered(_ text: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return Array(text.lowercased().unicodeScalars) }
            scalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
        }
        return scalars
    }

    /// What an edit of `scalar` costs: a separator half, a digit two, anything else one.
    static func cost(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case "-", ".", "_": 0.5
        case "0"..."9": 2
        default: 1
        }
    }

    /// The optimal-string-alignment distance of `a` and `b` with edits weighed by ``cost(_:)``
    /// (a substitution costs the dearer of the two; a transposition of neighbours, one); once it
    /// is certain to exceed `limit`, `.infinity`.
    static func weightedDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Double = .infinity) -> Double {
        var rows: [Double] = []
        return weightedDistance(a, b, limit: limit, rows: &rows)
    }

    /// ``weightedDistance(_:_:limit:)`` computed in `rows`, scratch space the caller passes again
    /// for the next pair: a cell needs only its own row and the two above, so three rows are kept,
    /// row `i` at `(i % 3) × width`, and nothing is allocated once they are wide enough (measured by
    /// turns against a whole table allocated per candidate, static release builds: `lint` of
    /// gen.py's a_ios.plist, whose undeclared types each get a suggestion search, −2% to −3.5%
    /// wall time and −3% processor time).
    static func weightedDistance(
        _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Double = .infinity, rows: inout [Double]
    ) -> Double {
        if a.isEmpty || b.isEmpty {
            let distance = (a.isEmpty ? b : a).reduce(0) { $0 + cost($1) }
            return distance > limit ? .infinity : distance
        }
        let width = b.count + 1
        if rows.count < 3 * width { rows = [Double](repeating: 0, count: 3 * width) }
        var firstColumn = 0.0  // column 0 of row i: a's first i scalars deleted
        rows[0] = 0
        for j in 1...b.count { rows[j] = rows[j - 1] + cost(b[j - 1]) }
        // A row's cells come from its own row and the two above: once two rows in a row exceed
        // `limit` everywhere, so does every row after them, and the last cell.
        var previousRowExceeds = false
        for i in 1...a.count {
            let current = (i % 3) * width
            let above = ((i - 1) % 3) * width
            let twoAbove = ((i + 1) % 3) * width  // row i − 2, read only from i = 2
            firstColumn += cost(a[i - 1])
            rows[current] = firstColumn
            var rowMinimum = firstColumn
            for j in 1...b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : max(cost(a[i - 1]), cost(b[j - 1]))
                var value = min(
                    rows[above + j] + cost(a[i - 1]), rows[current + j - 1] + cost(b[j - 1]),
                    rows[above + j - 1] + substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows[twoAbove + j - 2] + 1)
                }
                rows[current + j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit {
                if previousRowExceeds { return .infinity }
                previousRowExceeds = true
            } else {
                previousRowExceeds = false
            }
        }
        let distance = rows[(a.count % 3) * width + b.count]
        return distance > limit ? .infinity : distance
    }

    /// How many of each scalar a word holds, to bound its distance to another word from below
    /// without computing the distance: every edit costs at least half and removes at most one
    /// scalar that the other word lacks from each side (a transposition removes none), so the
    /// distance is at least half the larger of the two counts of unmatched scalars. One pass
    /// over a candidate, instead of its table, for the many candidates that share few letters
    /// (measured by turns, static release builds: `lint` of gen.py's a_ios.plist, whose three
    /// undeclared types are each compared with 1,365 system identifiers, −7%; Sketchbook −4%).
    struct ScalarCounts {
        /// Per scalar, ASCII ones each on their own, all others together in the last slot:
        /// sharing a slot can only lower the bound, never raise it above the distance.
        private var counts = [Int32](repeating: 0, count: 129)
        private let total: Int

        /// The counts of `word`.
        init(_ word: [Unicode.Scalar]) {
            for scalar in word { counts[Self.slot(scalar)] += 1 }
            total = word.count
        }

        private static func slot(_ scalar: Unicode.Scalar) -> Int {
            min(Int(scalar.value), 128)
        }

        /// A lower bound of ``IdentifierSuggestion/weightedDistance(_:_:limit:)`` from the word
        /// counted to `other`.
        mutating func distanceLowerBound(to other: [Unicode.Scalar]) -> Double {
            var matched = 0
            for scalar in other {
                let slot = Self.slot(scalar)
                if counts[slot] > 0 { matched += 1 }
                counts[slot] -= 1
            }
            for scalar in other { counts[Self.slot(scalar)] += 1 }
            return 0.5 * Double(max(total - matched, other.count - matched))
        }
    }

    /// Whether no word of `typed` becomes another word in `candidate` (both lowercased): when
    /// both split into the same number of words at separators, each changed word keeps at least
    /// two thirds of its letters, and a word of three letters or fewer is not changed by a
    /// substitution (only by a letter added or left out, or two neighbours swapped).
    static func keepsEveryWord(_ typed: String, _ candidate: String) -> Bool {
        let separators: Set<Character> = ["-", ".", "_"]
        let words = typed.split(whereSeparator: separators.contains)
        let others = candidate.split(whereSeparator: separators.contains)
        guard words.count == others.count else { return true }
        for (word, other) in zip(words, others) where word != other {
            let a = Array(word.unicodeScalars)
            let b = Array(other.unicodeScalars)
            let edits = Suggestions.editDistance(a, b)
            // A short word may have two neighbours swapped (`pgn` → `png`), not a letter replaced.
            let swapped = edits == 1 && a.sorted(by: { $0.value < $1.value }) == b.sorted(by: { $0.value < $1.value })
            if a.count <= 3 && a.count == b.count && !swapped { return false }
            if Double(edits) > max(1, Double(a.count) / 3) { return false }
        }
        return true
    }
}
