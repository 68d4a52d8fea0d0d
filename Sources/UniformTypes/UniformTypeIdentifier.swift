import Support

/// A Uniform Type Identifier such as `public.jpeg`.
///
/// Identifiers are case-insensitive: two identifiers are equal, hash alike and sort together when
/// they differ only in ASCII letter case (`com.Example.Doc` equals `com.example.doc`), as the
/// legacy `UTTypeEqual` documents. The original spelling is kept for messages. Any string can be
/// held; ``syntaxFindings(at:)`` says what is wrong with it.
public struct UniformTypeIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identifier as written.
    public let rawValue: String
    /// The identifier with ASCII letters lowercased: the key for equality, hashing and sorting.
    public let normalized: String
    /// `normalized.hashValue`, computed once: identifiers are hashed far more often than made.
    @usableFromInline let normalizedHash: Int

    /// Wraps `rawValue`, whatever it holds.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        self.normalized = Self.asciiLowercased(rawValue)
        self.normalizedHash = normalized.hashValue
    }

    /// Wraps a literal identifier.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The identifier as written.
    public var description: String { rawValue }

    /// Whether the identifier is written in its case-folded form (no ASCII capital letter), so
    /// that any equal identifier written otherwise differs from it in spelling.
    public var isCaseFolded: Bool {
        // The folded form shares the written one's storage when nothing was folded: no compare.
        rawValue == normalized
    }

    /// Equal when equal after ASCII case folding.
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.normalizedHash == rhs.normalizedHash && lhs.normalized == rhs.normalized
    }

    /// Hashes the case-folded form.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(normalizedHash)
    }

    /// The hash tables' raw hash, from the precomputed hash and the table's seed through one
    /// integer mix (MurmurHash3's finaliser) instead of a SipHash round per look-up: identifiers
    /// are hashed into sets and dictionaries throughout the catalog and the rules. `Hashable`'s
    /// customisation point for this (the standard library's integers implement it too).
    public func _rawHashValue(seed: Int) -> Int {
        Self.mix(normalizedHash, seed: seed)
    }

    /// A stored hash and a table's seed through MurmurHash3's finaliser: the raw hash of keys
    /// that keep their hash (identifiers here, the catalog's tag keys).
    static func mix(_ hash: Int, seed: Int) -> Int {
        var mixed = UInt64(truncatingIfNeeded: hash ^ seed)
        mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed = (mixed ^ (mixed >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 33))
    }

    /// Orders by the case-folded form (Unicode code-point order for ASCII), so that sorted output
    /// does not depend on the spelling, the platform or hash order.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.normalized < rhs.normalized
    }

    /// Whether the identifier is in the `public.` domain, which only Apple may declare.
    public var isPublic: Bool { normalized.hasPrefix("public.") }

    /// Whether the identifier is a dynamic one (`dyn.…`), which the system derives and nobody
    /// may declare.
    public var isDynamic: Bool { normalized.hasPrefix("dyn.") }

    /// The reserved domain the identifier is in, if any.
    public var reservedDomain: ReservedDomain? {
        ReservedDomain.allCases.first { normalized.hasPrefix($0.prefix) }
    }

    /// `text` with ASCII `A`–`Z` lowercased and everything else unchanged.
    static func asciiLowercased(_ text: String) -> String {
        // Most identifiers are lower case already.
        guard text.withUTF8Bytes({ $0.contains { $0 >= 0x41 && $0 <= 0x5A } }) else { return text }
        let bytes = text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A domain of identifiers that apps must not declare their own types in.
public enum ReservedDomain: String, Sendable, Hashable, CaseIterable {
    /// `public.`: standard types, declared by Apple only.
    case `public`
    /// `com.apple.`: Apple's own types.
    case apple
    /// `dyn.`: dynamic identifiers the system derives for undeclared tags.
    case dynamic

    /// The prefix, lowercased, dot included.
    public var prefix: String {
        switch self {
        case .public: "public."
        case .apple: "com.apple."
        case .dynamic: "dyn."
        }
    }
}

extension UniformTypeIdentifier {
    /// `public.item`: the root of the physical hierarchy.
    public static let item: Self = "public.item"
    /// `public.content`: the root of the functional hierarchy.
    public static let content: Self = "public.content"
    /// `public.data`: byte streams; the restriction for files.
    public static let data: Self = "public.data"
    /// `public.directory`: directories; the restriction for folders.
    public static let directory: Self = "public.directory"
    /// `public.folder`: a folder as the user sees it.
    public static let folder: Self = "public.folder"
    /// `com.apple.package`: a directory shown as one file. (There is no `public.package`.)
    public static let package: Self = "com.apple.package"
    /// `public.device`: the root of the hardware-model types.
    public static let device: Self = "public.device"
    /// `public.display`: displays, also hardware models.
    public static let display: Self = "public.display"
}
