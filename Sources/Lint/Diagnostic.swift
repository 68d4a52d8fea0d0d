import PropertyList

/// One finding of one rule: what is wrong, where, how much it matters, and how to fix it.
///
/// The message never repeats the position: the location is data, and the reporters print it.
public struct Diagnostic: Sendable, Hashable {
    /// The rule's code, such as `DOC-002`.
    public var code: String
    /// The rule's kebab-case name, such as `missing-handler-rank`.
    public var name: String
    /// How much it matters (after configuration).
    public var severity: Severity
    /// What is wrong: lower-case first, identifiers in single quotes, no trailing period.
    public var message: String
    /// Where: file, line and column when known, and always the key path.
    public var location: SourceLocation
    /// Related places: the other declaration, the entry that allows a type…
    public var notes: [Note]
    /// A mechanical fix, when there is one.
    public var fixIt: FixIt?
    /// Machine-readable facts about the finding, by name, for the JSON and SARIF reports: ICON-001
    /// gives the type and the icon outcome it renders (`icon --format json`'s name for it).
    public var properties: [String: String]

    /// Creates a diagnostic.
    public init(
        code: String, name: String, severity: Severity, message: String, location: SourceLocation,
        notes: [Note] = [], fixIt: FixIt? = nil, properties: [String: String] = [:]
    ) {
        self.code = code
        self.name = name
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.fixIt = fixIt
        self.properties = properties
    }

    /// The order reporters print in: file, line, column, key path, code, message. Unknown lines
    /// sort after known ones.
    public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        let left = lhs.location
        let right = rhs.location
        if left.file != right.file { return left.file < right.file }
        if left.line != right.line { return (left.line ?? Int.max) < (right.line ?? Int.max) }
        if left.column != right.column { return (left.column ?? Int.max) < (right.column ?? Int.max) }
        let leftPath = left.keyPath.description
        let rightPath = right.keyPath.description
        if leftPath != rightPath { return leftPath < rightPath }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}

/// A place related to a diagnostic, with its own message.
public struct Note: Sendable, Hashable {
    /// What the place is: lower-case first, no trailing period.
    public var message: String
    /// Where it is, when known.
    public var location: SourceLocation?

    /// Creates a note.
    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }
}
