import UniformTypes

/// Counts of a browse: by kind, by state, by type and by outcome. Its size depends on the number
/// of distinct classes (kinds and extensions), never on the number of items.
public struct BrowseSummary: Sendable {
    /// The items of one type, by state.
    public struct TypeTally: Sendable, Hashable {
        /// The type (`dyn.…` for unclaimed extensions).
        public var type: String
        /// Selectable items.
        public var selectable: Int
        /// Greyed-out items.
        public var greyedOut: Int
        /// Items whose opening depends on which tied type the system picks.
        public var undetermined: Int
        /// Folders (navigable).
        public var navigable: Int

        /// All items of the type.
        public var total: Int { selectable + greyedOut + undetermined + navigable }
    }

    /// Every class met, and how many items each had.
    public var classes: [BrowseClass]
    /// Items per class, by class index.
    public var counts: [Int]

    /// Creates a summary from the classes and their counts.
    public init(classes: [BrowseClass], counts: [Int]) {
        self.classes = classes
        self.counts = counts
    }

    private func count(where predicate: (BrowseClass) -> Bool) -> Int {
        zip(classes, counts).reduce(0) { $0 + (predicate($1.0) ? $1.1 : 0) }
    }

    /// All items.
    public var entries: Int { counts.reduce(0, +) }
    /// Plain folders.
    public var folders: Int { count { $0.kind == .folder } }
    /// Packages.
    public var packages: Int { count { $0.kind == .package } }
    /// Files.
    public var files: Int { count { $0.kind == .file } }
    /// Selectable items.
    public var selectable: Int { count { $0.kind != .folder && $0.isCertain && $0.opens } }
    /// Greyed-out items.
    public var greyedOut: Int { count { $0.kind != .folder && $0.isCertain && !$0.opens } }
    /// Items whose opening depends on which tied type the system picks.
    public var undetermined: Int { count { $0.kind != .folder && !$0.isCertain } }

    /// Items by type, most numerous first, then by type.
    public var byType: [TypeTally] {
        var tallies: [String: TypeTally] = [:]
        for (browseClass, count) in zip(classes, counts) {
            let type = browseClass.typeText
            var tally =
                tallies[type] ?? TypeTally(type: type, selectable: 0, greyedOut: 0, undetermined: 0, navigable: 0)
            if browseClass.kind == .folder {
                tally.navigable += count
            } else if !browseClass.isCertain {
                tally.undetermined += count
            } else if browseClass.opens {
                tally.selectable += count
            } else {
                tally.greyedOut += count
            }
            tallies[type] = tally
        }
        return tallies.values.sorted { ($1.total, $0.type) < ($0.total, $1.type) }
    }

    /// Items by outcome, in the order of ``OpenVerdict/Outcome``, zero counts left out.
    public var byOutcome: [(outcome: OpenVerdict.Outcome, count: Int)] {
        OpenVerdict.Outcome.allCases.compactMap { outcome in
            let total = count { $0.outcome == outcome }
            return total == 0 ? nil : (outcome, total)
        }
    }
}
