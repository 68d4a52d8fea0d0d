import PropertyList

/// One link of an answer's chain of reasons: what was found, whether the link holds, where in the
/// input it rests, and the undocumented behaviour it assumes, if any.
public struct Reason: Sendable, Hashable {
    /// The finding, lower-case first, identifiers in single quotes, without a position.
    public var message: String
    /// Whether the link holds; the first link that does not is why the answer is negative.
    public var holds: Bool
    /// Where the fact it rests on was written, when it comes from an input file.
    public var location: SourceLocation?
    /// The undocumented behaviour the link assumes, if any.
    public var assumption: Assumption?

    /// Creates a link.
    public init(_ message: String, holds: Bool = true, at location: SourceLocation? = nil, assuming: Assumption? = nil)
    {
        self.message = message
        self.holds = holds
        self.location = location
        self.assumption = assuming
    }
}
