/// The types the operating system declares, with facts about icons, thumbnails and hardware.
///
/// ``embedded`` is built into the library from the macOS 12.7 reference data (see
/// `Scripts/generate-system-types.py`); it needs no file at run time. Declarations for newer OS
/// releases are layered over it by ``TypeCatalog``.
public struct SystemTypeCatalog: Sendable {
    /// The OS release the declarations describe, such as `macOS 12.7`.
    public let release: String
    /// Every type, sorted by identifier.
    public let types: [SystemType]
    private let index: [UniformTypeIdentifier: Int]

    /// The catalog embedded in the library, parsed at first use.
    public static let embedded = SystemTypeCatalog(parsing: embeddedText, release: embeddedRelease)

    /// A catalog of the given types; a repeated identifier keeps its first entry.
    public init(release: String, types: [SystemType]) {
        var unique: [SystemType] = []
        var index: [UniformTypeIdentifier: Int] = [:]
        unique.reserveCapacity(types.count)
        for type in types.sorted(by: { $0.identifier < $1.identifier }) where index[type.identifier] == nil {
            index[type.identifier] = unique.count
            unique.append(type)
        }
        self.release = release
        self.types = unique
        self.index = index
    }

    /// The type with this identifier (compared case-insensitively).
    public func type(for identifier: UniformTypeIdentifier) -> SystemType? {
        index[identifier].map { types[$0] }
    }

    /// Whether the system declares `identifier`.
    public func contains(_ identifier: UniformTypeIdentifier) -> Bool {
        index[identifier] != nil
    }

    /// The types that describe files, folders and data, hardware models left out.
    public var userFacingTypes: [SystemType] {
        types.filter { !$0.facts.isHardwareModel }
    }

    /// The system's declarations, sorted by identifier.
    public var declarations: [TypeDeclaration] { types.map(\.declaration) }
}

extension SystemTypeCatalog {
    /// Parses the generator's format: one type per line, tab-separated columns (identifier,
    /// conformances, extensions, MIME types, OSTypes, `bundle:kind`, icon, thumbnail category,
    /// iOS verdict, macOS verdict, `hardware` or `-`), lists comma-separated. Lines that do not
    /// fit are skipped; a test checks that none are.
    init(parsing text: String, release: String) {
        var types: [SystemType] = []
        for line in text.split(separator: "\n") {
            if let type = Self.parseLine(line, release: release) { types.append(type) }
        }
        self.init(release: release, types: types)
    }

    private static func parseLine(_ line: Substring, release: String) -> SystemType? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 11 else { return nil }
        func list(_ field: Substring) -> [String] {
            field.split(separator: ",").map(String.init)
        }
        let source = fields[5].split(separator: ":")
        guard source.count == 2, let kind = DeclarationKind(rawValue: String(source[1])),
            let icon = SystemIconSource(rawValue: String(fields[6])),
            let iOS = SystemThumbnail.Verdict(rawValue: String(fields[8])),
            let macOS = SystemThumbnail.Verdict(rawValue: String(fields[9]))
        else { return nil }
        let category = SystemThumbnailCategory(rawValue: String(fields[7]))
        let declaration = TypeDeclaration(
            UniformTypeIdentifier(String(fields[0])),
            origin: .system(release: release, bundle: String(source[0]), kind: kind),
            conformsTo: list(fields[1]).map { UniformTypeIdentifier($0) },
            extensions: list(fields[2]), mimeTypes: list(fields[3]), osTypes: list(fields[4]))
        let facts = SystemTypeFacts(
            icon: icon, thumbnail: SystemThumbnail(category: category, iOS: iOS, macOS: macOS),
            isHardwareModel: fields[10] == "hardware")
        return SystemType(declaration: declaration, facts: facts)
    }
}
