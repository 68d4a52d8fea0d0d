import PropertyList

/// A comment that starts with a `utiscope:` directive (`// utiscope:disable SRC-008`, after
/// the `//`, `///` or `/*` and blanks), for suppression.
public struct SwiftComment: Sendable, Hashable {
    /// The comment's text, delimiters included.
    public var text: String
    /// Where the comment starts.
    public var location: SourceLocation
    /// The line of the first token after the comment (the code a `disable` comment applies to);
    /// nil when only comments follow.
    public var nextCodeLine: Int?
    /// The last line of the statement or declaration that starts on ``nextCodeLine``: where its
    /// brackets close (a function's body, a list written over several lines) and no continuation
    /// line (`.member`, an operator, a `{` of its own) follows; nil when only comments follow.
    public var scopeEndLine: Int?

    /// Makes a comment.
    public init(text: String, location: SourceLocation, nextCodeLine: Int?, scopeEndLine: Int? = nil) {
        self.text = text
        self.location = location
        self.nextCodeLine = nextCodeLine
        self.scopeEndLine = scopeEndLine ?? nextCodeLine
    }
}
