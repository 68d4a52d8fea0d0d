/// One token of Swift code: what it is and where its bytes are.
///
/// Keywords are identifiers (the reader compares their bytes where a keyword matters); comments
/// and whitespace make no token. A string literal without interpolation is one ``Kind/string``
/// token; one with interpolations is a ``Kind/stringBegin`` piece, the interpolated code's own
/// tokens, a ``Kind/stringMiddle`` piece between two interpolations, and a ``Kind/stringEnd``
/// piece. Sixteen bytes, so a file's tokens stay cheap to keep while its facts are read.
struct SwiftToken: Sendable, Equatable {
    /// What a token is.
    enum Kind: UInt8, Sendable {
        /// A name or keyword (a backquoted name has ``Flags/escapedName``).
        case identifier
        /// An integer or floating-point literal.
        case number
        /// A whole string literal without interpolation, delimiters included.
        case string
        /// A string literal's opening delimiter and text up to and including its first `\(`.
        case stringBegin
        /// A string literal's text from the `)` ending an interpolation to the next `\(`.
        case stringMiddle
        /// A string literal's text from the `)` ending its last interpolation to its end.
        case stringEnd
        /// A regular expression literal (`#/…/#`, or `/…/` where an expression starts).
        case regex
        /// `(`
        case openParen
        /// `)`
        case closeParen
        /// `[`
        case openBracket
        /// `]`
        case closeBracket
        /// `{`
        case openBrace
        /// `}`
        case closeBrace
        /// `,`
        case comma
        /// `:`
        case colon
        /// `;`
        case semicolon
        /// `.` on its own (member access or implicit member).
        case dot
        /// `@`
        case at
        /// `#` and the name after it (`#selector`, `#available`), conditional-compilation
        /// directives excepted (the lexer consumes those).
        case pound
        /// `\` in code (key paths).
        case backslash
        /// A run of operator characters (`=`, `==`, `->`, `??`, `...`); a postfix `?` or `!` is
        /// a token of its own.
        case `operator`
        /// A brace of a conditional-compilation branch that the structure does not use: see
        /// ``ConditionalCompilation``.
        case inertBrace
        /// A byte that starts no token Swift knows.
        case unknown
    }

    /// Facts about a token's surroundings and, for strings, its delimiters.
    struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        /// A line break (or the file's start) comes between the previous token and this one.
        static let startsLine = Flags(rawValue: 1)
        /// A `"""` string piece.
        static let multiline = Flags(rawValue: 2)
        /// A string literal that reaches the end of its line (or of the file) unclosed.
        static let unterminated = Flags(rawValue: 4)
        /// A string piece with at least one escape sequence.
        static let hasEscape = Flags(rawValue: 8)
        /// A backquoted name (`` `default` ``): never a keyword.
        static let escapedName = Flags(rawValue: 16)
    }

    /// What the token is.
    var kind: Kind
    /// Facts about the token.
    var flags: Flags
    /// For string pieces, the number of `#` of the raw delimiter.
    var hashes: UInt16
    /// The offset of the token's first byte (of a backquoted name, the name's first byte).
    var start: UInt32
    /// The offset after the token's last byte.
    var end: UInt32
    /// The 1-based line of the token's first byte.
    var line: UInt32

    /// Makes a token.
    init(kind: Kind, flags: Flags = [], hashes: UInt16 = 0, start: Int, end: Int, line: UInt32) {
        self.kind = kind
        self.flags = flags
        self.hashes = hashes
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
        self.line = line
    }

    /// Whether a line break comes before this token.
    var startsLine: Bool { flags.contains(.startsLine) }

    /// Whether the token opens a bracketed range: `(`, `[`, `{` or an interpolated string.
    var isOpener: Bool {
        kind == .openParen || kind == .openBracket || kind == .openBrace || kind == .stringBegin
    }

    /// Whether the token closes a bracketed range.
    var isCloser: Bool {
        kind == .closeParen || kind == .closeBracket || kind == .closeBrace || kind == .stringEnd
    }

    /// Whether the token is any piece of a string literal.
    var isString: Bool {
        kind == .string || kind == .stringBegin || kind == .stringMiddle || kind == .stringEnd
    }
}
