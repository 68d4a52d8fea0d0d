import PropertyList

/// A mechanical fix for a diagnostic, as changes to values (not bytes): the fixer turns them into
/// minimal text edits of an XML plist and checks that the result reads back as intended.
public struct FixIt: Sendable, Hashable {
    /// One change to the property list.
    public enum Change: Sendable, Hashable {
        /// Replace the string (or key) at `location` with `text`.
        case replaceString(at: SourceLocation, with: String)
        /// Add `key` with the string `value` at the end of the dictionary at `location`.
        case insertEntry(dictionaryAt: SourceLocation, key: String, value: String)
        /// Remove the array element at `location`.
        case removeElement(at: SourceLocation)
    }

    /// What the fix does, in the diagnostics' style: `insert 'LSHandlerRank' = 'Default'`.
    public var summary: String
    /// The changes, applied together.
    public var changes: [Change]

    /// Creates a fix-it.
    public init(_ summary: String, changes: [Change]) {
        self.summary = summary
        self.changes = changes
    }
}
