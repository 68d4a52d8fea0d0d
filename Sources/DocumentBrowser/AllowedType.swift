import PropertyList
import UniformTypes

/// A content type the document browser allows, and where it comes from.
public struct AllowedType: Sendable, Hashable {
    /// Where an allowed type comes from.
    public enum Source: Sendable, Hashable {
        /// Given explicitly (`--allowed`).
        case explicit
        /// An element of a list the app's code passes (`UIDocumentBrowserViewController(forOpening:
        /// [...])`, a picker's, `.fileImporter`'s), as written there.
        case code(text: String, location: SourceLocation)
        /// An `LSItemContentTypes` item of the `CFBundleDocumentTypes` entry at `index`.
        case documentType(index: Int, name: String?, location: SourceLocation?)
        /// A legacy `CFBundleTypeExtensions` item of the entry at `index`, typed as a file with
        /// that extension would be.
        case legacyExtension(index: Int, name: String?, pathExtension: String, location: SourceLocation?)

        /// `explicit`, `document-type` or `legacy-extension`.
        public var code: String {
            switch self {
            case .explicit: "explicit"
            case .code: "code"
            case .documentType: "document-type"
            case .legacyExtension: "legacy-extension"
            }
        }

        /// Where the source was written.
        public var location: SourceLocation? {
            switch self {
            case .explicit: nil
            case .code(_, let location): location
            case .documentType(_, _, let location), .legacyExtension(_, _, _, let location): location
            }
        }

        /// The document-type entry's index, when it comes from one.
        public var entryIndex: Int? {
            switch self {
            case .explicit, .code: nil
            case .documentType(let index, _, _), .legacyExtension(let index, _, _, _): index
            }
        }

        /// The code as written, when the type comes from a list in the app's code.
        public var codeText: String? {
            if case .code(let text, _) = self { return text }
            return nil
        }

        /// The document-type entry's name, when it has one.
        public var entryName: String? {
            switch self {
            case .explicit, .code: nil
            case .documentType(_, let name, _), .legacyExtension(_, let name, _, _): name
            }
        }

        /// `given explicitly`, `document type 'Images'`, `legacy extension 'txt' of document type 'Text'`.
        public var phrase: String {
            switch self {
            case .explicit: return "given explicitly"
            case .code(let text, _): return "the list in code (\(Self.written(text)))"
            case .documentType(let index, let name, _):
                return "document type \(Self.entry(index, name))"
            case .legacyExtension(let index, let name, let pathExtension, _):
                return "legacy extension '\(pathExtension)' of document type \(Self.entry(index, name))"
            }
        }

        /// Code as written, for a message: a string literal as it is (it has its quotes), other
        /// code in single quotes.
        public static func written(_ text: String) -> String {
            text.hasPrefix("\"") ? text : "'\(text)'"
        }

        static func entry(_ index: Int, _ name: String?) -> String {
            if let name, !name.isEmpty { return "'\(name)'" }
            return "entry \(index)"
        }
    }

    /// The allowed type.
    public var identifier: UniformTypeIdentifier
    /// Where it comes from.
    public var source: Source
    /// The undocumented behaviour its being allowed rests on.
    public var assumptions: [Assumption]
    /// What is worth knowing about it: declared nowhere, a dynamic identifier…
    public var notes: [Reason]

    /// Creates an allowed type.
    public init(
        identifier: UniformTypeIdentifier, source: Source, assumptions: [Assumption] = [], notes: [Reason] = []
    ) {
        self.identifier = identifier
        self.source = source
        self.assumptions = assumptions
        self.notes = notes
    }
}
