import AppBundle

/// A plist snippet that shows a rule: the text, where the findings land and what they say, the
/// text once fixed, and the file and line of the rule file it is written in, so that a failing
/// example points at itself.
///
/// The snippet is the inside of the root `<dict>` unless it starts with `<?xml` or `<plist` (then
/// it is the whole file). Each ``marker`` (`↓`) stands just before the element a finding is
/// reported at; the markers are removed before the text is read. A triggering example has at
/// least one marker and, for each, in the order they appear (the app's file first, then the
/// extensions', then the Swift code's), the severity and message expected there (``expecting``);
/// when its findings carry fix-its, ``corrected`` is the snippet as the fixer leaves it. A
/// non-triggering one has none.
///
/// An example may carry the app's Swift code (``swift``, read as the file ``swiftFile``), with
/// markers where findings land in it: the rules that read code (`SRC-*`) are shown that way.
public struct Example: Sendable, Hashable {
    /// The character that marks where a finding lands.
    public static let marker: Character = "↓"

    /// The snippet as written, markers included.
    public var snippet: String
    /// The platform to lint for, instead of what the snippet's keys say.
    public var platform: Platform?
    /// Snippets of embedded app extensions' Info.plists (same conventions, no markers).
    public var extensions: [String]
    /// The resource files and asset-catalog sets the bundle has, or nil for an Info.plist given
    /// without its bundle.
    public var resources: [String]?
    /// Build settings given, as `--setting NAME=VALUE` gives them.
    public var settings: [String: String]
    /// The app's Swift code (one file, ``swiftFile``), markers included; nil when the example
    /// has none.
    public var swift: String?
    /// For each marker, in order, the severity and the message (or a stable part of it) of the
    /// finding there.
    public var expecting: [ExpectedFinding]
    /// The snippet once every fix-it of the rule's findings is applied, when they carry any.
    public var corrected: String?
    /// The rule file that holds the example.
    public var file: StaticString
    /// The line of the example in that file.
    public var line: UInt

    /// An example; `file` and `line` default to where it is written.
    public init(
        _ snippet: String, platform: Platform? = nil, extensions: [String] = [], resources: [String]? = nil,
        settings: [String: String] = [:], swift: String? = nil, expecting: [ExpectedFinding] = [],
        corrected: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        self.snippet = snippet
        self.platform = platform
        self.extensions = extensions
        self.resources = resources
        self.settings = settings
        self.swift = swift
        self.expecting = expecting
        self.corrected = corrected
        self.file = file
        self.line = line
    }

    /// Equal when the texts and settings are equal.
    public static func == (lhs: Example, rhs: Example) -> Bool {
        lhs.snippet == rhs.snippet && lhs.platform == rhs.platform && lhs.extensions == rhs.extensions
            && lhs.resources == rhs.resources && lhs.settings == rhs.settings && lhs.swift == rhs.swift
            && lhs.expecting == rhs.expecting && lhs.corrected == rhs.corrected
    }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(snippet)
    }

    /// The complete plist, markers removed.
    public var text: String { Self.document(Self.unmarked(snippet)) }

    /// The extension Info.plists, markers removed.
    public var extensionTexts: [String] { extensions.map { Self.document(Self.unmarked($0)) } }

    /// The Swift code, markers removed.
    public var swiftText: String? { swift.map(Self.unmarked) }

    /// The file name the linter gives the example's Swift code.
    public static let swiftFile = "App.swift"

    /// The file name the linter gives the app's Info.plist in examples.
    public static let appFile = "Info.plist"

    /// The file name the linter gives extension `index`'s Info.plist in examples.
    public static func extensionFile(_ index: Int) -> String { "PlugIns/Extension\(index).appex/Info.plist" }

    /// Where each marker is: file (``appFile``, ``extensionFile(_:)`` or ``swiftFile``), 1-based
    /// line and column (in Unicode scalars, as the readers count) in the text without markers.
    public var markedPositions: [(file: String, line: Int, column: Int)] {
        var positions = Self.positions(in: Self.document(snippet)).map { (Self.appFile, $0.line, $0.column) }
        for (index, text) in extensions.enumerated() {
            positions += Self.positions(in: Self.document(text)).map { (Self.extensionFile(index), $0.line, $0.column) }
        }
        if let swift {
            positions += Self.positions(in: swift).map { (Self.swiftFile, $0.line, $0.column) }
        }
        return positions
    }

    private static func positions(in text: String) -> [(line: Int, column: Int)] {
        var positions: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for character in text {
            if character == marker {
                positions.append((line, column))
                continue
            }
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return positions
    }

    /// `snippet` without markers.
    static func unmarked(_ snippet: String) -> String {
        snippet.filter { $0 != marker }
    }

    /// `snippet` as a whole plist.
    public static func document(_ snippet: String) -> String {
        if snippet.hasPrefix("<?xml") || snippet.hasPrefix("<plist") { return snippet }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(snippet)
            </dict>
            </plist>

            """
    }
}

/// What a finding at an example's marker must be: its severity and its message, or a stable part
/// of it (the whole message unless it names something that changes, such as the system release),
/// and, when given, its notes' messages (or parts of them) in order.
public struct ExpectedFinding: Sendable, Hashable, CustomStringConvertible {
    /// The severity.
    public var severity: Severity
    /// The message, or a part of it.
    public var message: String
    /// The notes' messages, or parts of them, in order; nil when the notes are not checked.
    public var notes: [String]?

    /// An expected finding.
    public init(_ severity: Severity, _ message: String, notes: [String]? = nil) {
        self.severity = severity
        self.message = message
        self.notes = notes
    }

    /// An error saying `message`.
    public static func error(_ message: String, notes: [String]? = nil) -> ExpectedFinding {
        ExpectedFinding(.error, message, notes: notes)
    }
    /// A warning saying `message`.
    public static func warning(_ message: String, notes: [String]? = nil) -> ExpectedFinding {
        ExpectedFinding(.warning, message, notes: notes)
    }
    /// An info saying `message`.
    public static func info(_ message: String, notes: [String]? = nil) -> ExpectedFinding {
        ExpectedFinding(.info, message, notes: notes)
    }

    /// `warning: message`.
    public var description: String { "\(severity.rawValue): \(message)" }
}
