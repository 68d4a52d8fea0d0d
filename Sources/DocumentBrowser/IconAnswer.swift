import UniformTypes

/// Which icon a type (or a file, by its type) shows in the document browser or Finder, and every
/// condition of the decision with its verdict.
public struct IconAnswer: Sendable {
    /// The identifier or file name asked about.
    public var subject: String
    /// The type decided for; `nil` only when nothing could be typed.
    public var type: UniformTypeIdentifier?
    /// For a file subject, what it is.
    public var kind: ItemKind?
    /// Where the icon comes from.
    public var source: IconSource
    /// Every condition, in the order of the decision.
    public var conditions: [IconCondition]
    /// False when the icon depends on a choice Apple leaves undefined: the file's extension is
    /// claimed by tied types whose icons differ.
    public var isCertain: Bool

    /// Creates an answer.
    public init(
        subject: String, type: UniformTypeIdentifier?, kind: ItemKind?, source: IconSource,
        conditions: [IconCondition], isCertain: Bool = true
    ) {
        self.subject = subject
        self.type = type
        self.kind = kind
        self.source = source
        self.conditions = conditions
        self.isCertain = isCertain
    }

    /// The condition that decides.
    public var decisive: IconCondition? { conditions.first { $0.decides } }

    /// Every assumption the answer rests on (those of the conditions up to the deciding one),
    /// sorted, each once.
    public var assumptions: [Assumption] {
        let end = conditions.firstIndex { $0.decides }.map { $0 + 1 } ?? conditions.count
        return Array(Set(conditions[..<end].flatMap(\.assumptions))).sorted()
    }
}
