import PropertyList

/// One condition of the icon decision: whether it holds, why, and the line it rests on.
public struct IconCondition: Sendable, Hashable {
    /// The condition: `thumbnail-extension`, `system-thumbnail`, `app-icon.listed`…; a name
    /// without a dot is a step of the decision, a dotted one a part of the step before the dot.
    public var name: String
    /// Whether it holds.
    public var holds: Bool
    /// Why, lower-case first, without a position.
    public var because: String
    /// Where the fact it rests on was written.
    public var location: SourceLocation?
    /// The undocumented behaviour the verdict assumes, in order.
    public var assumptions: [Assumption]
    /// The first of ``assumptions``.
    public var assumption: Assumption? { assumptions.first }
    /// Whether this is the step that decides the icon.
    public var decides: Bool

    /// Creates a condition.
    public init(
        _ name: String, holds: Bool, because: String, at location: SourceLocation? = nil,
        assuming assumption: Assumption? = nil, decides: Bool = false
    ) {
        self.init(name, holds: holds, because: because, at: location, assumingAll: assumption.map { [$0] } ?? [])
        self.decides = decides
    }

    /// Creates a condition resting on several assumptions.
    public init(
        _ name: String, holds: Bool, because: String, at location: SourceLocation? = nil, assumingAll: [Assumption]
    ) {
        self.name = name
        self.holds = holds
        self.because = because
        self.location = location
        self.assumptions = assumingAll
        self.decides = false
    }

    /// Whether it is a step of the decision rather than a part of one.
    public var isStep: Bool { !name.contains(".") }
}
