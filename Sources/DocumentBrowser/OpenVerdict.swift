import UniformTypes

/// Whether an item would open in the document browser, or shows greyed out, with the chain of
/// reasons: name → extension → type (declared where) → conforms to an allowed type — or the first
/// link that breaks.
public struct OpenVerdict: Sendable {
    /// Why the answer is what it is, in a word.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// The type conforms to an allowed type.
        case opens
        /// A plain folder: navigated into, not opened.
        case folder
        /// No declared type claims the extension (a dynamic identifier), and that is not allowed.
        case unclaimedExtension = "unclaimed-extension"
        /// Only types that do not conform to `public.data` or `com.apple.package` claim it.
        case notBindable = "not-bindable"
        /// Several types claim the extension; whether it opens depends on the system's pick.
        case ambiguousExtension = "ambiguous-extension"
        /// The type conforms to no allowed type.
        case notAllowed = "not-allowed"
    }

    /// The path or name as given.
    public var path: String
    /// Whether something exists at the path (otherwise it was typed by name alone).
    public var exists: Bool
    /// File, folder or package.
    public var kind: ItemKind
    /// The item's type; `nil` when the extension is ambiguous.
    public var type: UniformTypeIdentifier?
    /// When ambiguous, the tied types.
    public var tied: [UniformTypeIdentifier]
    /// Whether it opens (is selectable); false when greyed out, a folder, or undetermined.
    public var opens: Bool
    /// False when the answer depends on a choice Apple leaves undefined (an ambiguous extension
    /// whose candidates disagree).
    public var isCertain: Bool
    /// The decisive reason, in a word.
    public var outcome: Outcome
    /// The chain of reasons, in order; the first link with `holds == false` is the break.
    public var reasons: [Reason]
    /// The allowed type it conforms to, when it opens.
    public var allowedBy: AllowedType?

    /// Creates a verdict.
    public init(
        path: String, exists: Bool, kind: ItemKind, type: UniformTypeIdentifier?, tied: [UniformTypeIdentifier],
        opens: Bool, isCertain: Bool, outcome: Outcome, reasons: [Reason], allowedBy: AllowedType?
    ) {
        self.path = path
        self.exists = exists
        self.kind = kind
        self.type = type
        self.tied = tied
        self.opens = opens
        self.isCertain = isCertain
        self.outcome = outcome
        self.reasons = reasons
        self.allowedBy = allowedBy
    }

    /// The first link that breaks, if any.
    public var decisiveBreak: Reason? { reasons.first { !$0.holds } }

    /// Every assumption the answer rests on, sorted, each once.
    public var assumptions: [Assumption] {
        Array(Set(reasons.compactMap(\.assumption))).sorted()
    }
}
