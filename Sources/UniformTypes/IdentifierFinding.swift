import PropertyList

/// Something wrong, or worth knowing, about how an identifier is spelled.
///
/// ``UniformTypeIdentifier/syntaxFindings(at:)`` returns these instead of throwing; the caller
/// (the linter) decides the severity, since it depends on where the identifier appears: a
/// `public.` identifier is fine to reference and wrong to export.
public struct IdentifierFinding: Sendable, Hashable {
    /// What the finding is about.
    public enum Problem: Sendable, Hashable {
        /// Nothing but whitespace, or nothing at all.
        case empty
        /// Whitespace before the identifier (the first such character is given).
        case leadingWhitespace(Unicode.Scalar)
        /// Whitespace after the identifier.
        case trailingWhitespace(Unicode.Scalar)
        /// Whitespace inside the identifier.
        case embeddedWhitespace(Unicode.Scalar)
        /// An ASCII character other than `A`–`Z`, `a`–`z`, `0`–`9`, `-` and `.` (an error: Apple's
        /// current documentation allows only those).
        case invalidCharacter(Unicode.Scalar)
        /// A character above U+007F: the archived guide allows it, the current one does not.
        case nonASCIICharacter(Unicode.Scalar)
        /// A leading, trailing or doubled `.`, leaving a reverse-DNS component empty.
        case emptyComponent
        /// In a domain reserved for Apple (`public.`, `com.apple.`) or the system (`dyn.`).
        case reservedDomain(ReservedDomain)
        /// `public.package`: no such type; `com.apple.package` is meant.
        case publicPackage
    }

    /// What is wrong.
    public var problem: Problem
    /// The identifier the finding is about, as written.
    public var identifier: UniformTypeIdentifier
    /// The 0-based offset, in Unicode scalars, of the character the finding points at, when it
    /// points at one.
    public var offset: Int?
    /// Where the identifier was written, when known.
    public var location: SourceLocation?

    /// Creates a finding.
    public init(
        problem: Problem, identifier: UniformTypeIdentifier, offset: Int? = nil, location: SourceLocation? = nil
    ) {
        self.problem = problem
        self.identifier = identifier
        self.offset = offset
        self.location = location
    }
}

extension UniformTypeIdentifier {
    /// Checks the spelling: characters allowed, emptiness, whitespace (zero-width and
    /// non-breaking spaces included), non-ASCII characters, empty components, reserved domains
    /// and `public.package`. Findings come in a fixed order: emptiness, whitespace, characters in
    /// order of first appearance, components, domain.
    public func syntaxFindings(at location: SourceLocation? = nil) -> [IdentifierFinding] {
        let scalars = Array(rawValue.unicodeScalars)
        var findings: [IdentifierFinding] = []
        func add(_ problem: IdentifierFinding.Problem, _ offset: Int? = nil) {
            findings.append(IdentifierFinding(problem: problem, identifier: self, offset: offset, location: location))
        }

        guard let first = scalars.firstIndex(where: { !Self.isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !Self.isWhitespace($0) })
        else {
            add(.empty)
            if let space = scalars.first { add(.leadingWhitespace(space), 0) }
            return findings
        }
        if first > 0 { add(.leadingWhitespace(scalars[0]), 0) }
        if last < scalars.count - 1 { add(.trailingWhitespace(scalars[last + 1]), last + 1) }

        var reported: Set<Unicode.Scalar> = []
        var reportedEmbeddedSpace = false
        for offset in first...last {
            let scalar = scalars[offset]
            if Self.isWhitespace(scalar) {
                if !reportedEmbeddedSpace { add(.embeddedWhitespace(scalar), offset) }
                reportedEmbeddedSpace = true
            } else if !Self.isAllowed(scalar), reported.insert(scalar).inserted {
                add(scalar.isASCII ? .invalidCharacter(scalar) : .nonASCIICharacter(scalar), offset)
            }
        }

        let body = String(String.UnicodeScalarView(scalars[first...last]))
        if body.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            add(.emptyComponent)
        }
        let folded = Self.asciiLowercased(body)
        if folded == "public.package" {
            add(.publicPackage)
        } else if let domain = ReservedDomain.allCases.first(where: { folded.hasPrefix($0.prefix) }) {
            add(.reservedDomain(domain))
        }
        return findings
    }

    /// `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E: true
        default: false
        }
    }

    /// Whitespace as Unicode defines it (tabs, newlines, non-breaking spaces…) plus the
    /// zero-width characters that show as nothing: ZWSP, ZWNJ, ZWJ, word joiner, BOM and the
    /// Mongolian vowel separator.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E: true
        default: scalar.properties.isWhitespace
        }
    }
}
