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

    /// Makes a comment.
    public init(text: String, location: SourceLocation, nextCodeLine: Int?) {
        self.text = text
        self.location = location
        self.nextCodeLine = nextCodeLine
    }
}
