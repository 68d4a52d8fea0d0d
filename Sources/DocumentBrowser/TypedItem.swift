import UniformTypes

/// An item's type, resolved from its name the way the system would (info-plist-rules §2.3, §2.5),
/// with the reasons.
public struct TypedItem: Sendable {
    /// How the type was reached.
    public enum Typing: String, Sendable, Hashable, CaseIterable {
        /// The extension resolved to a declared type.
        case declared
        /// A file without an extension: `public.data`.
        case noExtension = "no-extension"
        /// No declared type claims the extension: a dynamic identifier.
        case unclaimedExtension = "unclaimed-extension"
        /// Types claim the extension, but none conforms to `public.data` or `com.apple.package`: a
        /// dynamic identifier.
        case notBindable = "not-bindable"
        /// Several types claim the extension and Apple's rules do not choose.
        case ambiguous = "ambiguous-extension"
        /// A plain folder: `public.folder`.
        case folder
    }

    /// The name the type comes from (the last path component).
    public var name: String
    /// File, folder or package.
    public var kind: ItemKind
    /// The type; `nil` when the extension is ambiguous.
    public var type: UniformTypeIdentifier?
    /// When ambiguous, the tied types.
    public var tied: [UniformTypeIdentifier]
    /// How the type was reached.
    public var typing: Typing
    /// The chain: name → extension → type (declared where).
    public var reasons: [Reason]
    /// The position in ``reasons`` of the link to blame if the item does not open: an unclaimed,
    /// unbindable or ambiguous extension.
    public var weakLink: Int?

    /// Creates a typed item.
    public init(
        name: String, kind: ItemKind, type: UniformTypeIdentifier?, tied: [UniformTypeIdentifier] = [],
        typing: Typing, reasons: [Reason], weakLink: Int? = nil
    ) {
        self.name = name
        self.kind = kind
        self.type = type
        self.tied = tied
        self.typing = typing
        self.reasons = reasons
        self.weakLink = weakLink
    }

    /// The types the item may have: its type, or every tied one.
    public var possibleTypes: [UniformTypeIdentifier] { type.map { [$0] } ?? tied }
}
