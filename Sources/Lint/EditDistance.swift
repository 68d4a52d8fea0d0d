import PropertyList

/// "Did you mean" suggestions that a fix-it may apply: only when one candidate is clearly closest.
enum UnambiguousSuggestion {
    /// The one candidate nearest to `word` (case-insensitively) when it is within the distance
    /// ``Suggestions`` allows and no other candidate is as near; nil otherwise.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        let allowed = max(1, target.count / 3)
        var best: (candidate: String, distance: Int)?
        var tied = false
        for candidate in candidates {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            guard abs(scalars.count - target.count) <= allowed else { continue }
            let distance = distance(target, scalars)
            guard distance <= allowed else { continue }
            if let current = best {
                if distance < current.distance {
                    best = (candidate, distance)
                    tied = false
                } else if distance == current.distance, candidate.lowercased() != current.candidate.lowercased() {
                    tied = true
                }
            } else {
                best = (candidate, distance)
            }
        }
        return tied ? nil : best?.candidate
    }

    /// Optimal-string-alignment distance (a transposition counts 1).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
