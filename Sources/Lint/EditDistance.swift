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
            let distance = Suggestions.editDistance(target, scalars)
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
}
