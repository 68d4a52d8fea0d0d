import UniformTypes

/// What the browser shows for every item of one kind and extension: type, whether it is
/// selectable, why, and its icon source. Items share a class; it is worked out once.
public struct BrowseClass: Sendable {
    /// File, folder or package.
    public var kind: ItemKind
    /// The type; nil when the extension is ambiguous (``tied`` holds the candidates).
    public var type: UniformTypeIdentifier?
    /// When ambiguous, the tied types.
    public var tied: [UniformTypeIdentifier] = []
    /// Whether items of the class are selectable.
    public var opens: Bool
    /// False when whether they open depends on which tied type the system picks.
    public var isCertain: Bool = true
    /// Why, in a word.
    public var outcome: OpenVerdict.Outcome
    /// Where the icon comes from (for tied types, the first one's).
    public var icon: IconSource
    /// False when the icon depends on which tied type the system picks.
    public var iconIsCertain: Bool = true

    /// `selectable`, `greyed-out`, `undetermined` or `navigable`, as `opens` answers.
    public var state: String {
        if kind == .folder { return "navigable" }
        if !isCertain { return "undetermined" }
        return opens ? "selectable" : "greyed-out"
    }

    /// The type as shown: the type, or the tied types joined with ` | `.
    public var typeText: String {
        type?.rawValue ?? tied.map(\.rawValue).joined(separator: " | ")
    }
}

/// One item of a folder as the browser shows it.
public struct BrowseRow: Sendable {
    /// The item's name.
    public var name: String
    /// Its class: an index into the browser's ``FolderBrowser/Progress/classes``.
    public var classIndex: Int
}

/// One folder's items, in name order (bytewise).
public struct BrowseBatch: Sendable {
    /// The folder's path relative to the folder browsed (`""` for that folder itself).
    public var directory: String
    /// Its items.
    public var rows: [BrowseRow]
    /// What could not be read.
    public var problems: [BrowseProblem]
}

/// A folder that could not be read, and why (in `strerror` words).
public struct BrowseProblem: Sendable, Hashable {
    /// The folder's path.
    public var path: String
    /// Why.
    public var reason: String
}
