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
    /// The system's own conformance graph and tag index, built once for every ``TypeCatalog``
    /// layered over this catalog; nil when the types reference a supertype none of them declares
    /// (catalogs are then built whole).
    let layer: Layer?

    /// What every catalog over these types shares: node `n` of the graph and tag position `n` are
    /// `types[n]`.
    final class Layer: Sendable {
        let graph: ConformanceGraph
        let tagIndex: [TypeCatalog.TagKey: [Int32]]

        init(graph: ConformanceGraph, tagIndex: [TypeCatalog.TagKey: [Int32]]) {
            self.graph = graph
            self.tagIndex = tagIndex
        }
    }

    /// The catalog embedded in the library for the newest release it knows, parsed at first use:
    /// macOS 12.7's types and those added since.
    public static let embedded = SystemTypeCatalog(parsing: embeddedText, release: embeddedRelease)

    /// The embedded catalog as of `release`: the types it had declared by then.
    public static func embedded(as release: SystemRelease) -> SystemTypeCatalog {
        release == .newest ? embedded : olderReleases[release] ?? embedded
    }

    /// The embedded catalog as of each release before the newest, made at first use.
    private static let olderReleases: [SystemRelease: SystemTypeCatalog] = {
        var catalogs: [SystemRelease: SystemTypeCatalog] = [:]
        for release in SystemRelease.allCases where release != .newest {
            let types = embedded.types.filter { type in type.introduced.map { $0 <= release } ?? true }
            catalogs[release] = SystemTypeCatalog(release: embedded.release, types: types, asOf: release)
        }
        return catalogs
    }()

    /// The release the types are given as of: the newest, unless made for an older one.
    public let asOf: SystemRelease

    /// `macOS 12.7 with the types added up to macOS 27`: what the catalog holds, for messages.
    public var name: String {
        let added = types.contains { $0.introduced != nil }
        return added ? "\(release) with the types added up to \(asOf.macOSName)" : release
    }

    /// A catalog of the given types as of `asOf`; a repeated identifier keeps its first entry.
    public init(release: String, types: [SystemType], asOf: SystemRelease = .newest) {
        self.asOf = asOf
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
        let declarations = unique.map(\.declaration)
        let graph = ConformanceGraph(declarations: declarations)
        self.layer =
            graph.nodeCount == graph.declaredCount
            ? Layer(graph: graph, tagIndex: TypeCatalog.tagIndex(of: declarations)) : nil
    }

    /// The position of `identifier` in ``types``.
    func position(of identifier: UniformTypeIdentifier) -> Int? {
        index[identifier]
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
    /// iOS verdict, macOS verdict, `hardware` or `-`, the release that added the type or `-`),
    /// lists comma-separated. Works on bytes: the
    /// catalog is parsed at start-up. Lines that do not fit are skipped; a test checks that none are.
    init(parsing text: String, release: String) {
        var text = text
        let types = text.withUTF8 { bytes in
            var types: [SystemType] = []
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                if let type = Self.parseLine(line, release: release) { types.append(type) }
                lineStart = lineEnd + 1
            }
            return types
        }
        self.init(release: release, types: types)
    }

    private static func parseLine(_ line: UnsafeBufferPointer<UInt8>, release: String) -> SystemType? {
        let fields = split(line, on: 0x09)
        guard fields.count == 12 else { return nil }
        func text(_ field: UnsafeBufferPointer<UInt8>) -> String { String(decoding: field, as: UTF8.self) }
        func list(_ field: UnsafeBufferPointer<UInt8>) -> [String] {
            field.isEmpty ? [] : split(field, on: 0x2C).map(text)
        }
        let source = split(fields[5], on: 0x3A)
        guard source.count == 2, let kind = DeclarationKind(rawValue: text(source[1])),
            let icon = SystemIconSource(rawValue: text(fields[6])),
            let iOS = SystemThumbnail.Verdict(rawValue: text(fields[8])),
            let macOS = SystemThumbnail.Verdict(rawValue: text(fields[9]))
        else { return nil }
        let since = text(fields[11])
        let introduced = SystemRelease(rawValue: since)
        guard since == "-" || introduced != nil else { return nil }
        let declaration = TypeDeclaration(
            UniformTypeIdentifier(text(fields[0])),
            origin: .system(release: introduced?.macOSName ?? release, bundle: text(source[0]), kind: kind),
            conformsTo: list(fields[1]).map { UniformTypeIdentifier($0) },
            extensions: list(fields[2]), mimeTypes: list(fields[3]), osTypes: list(fields[4]))
        let facts = SystemTypeFacts(
            icon: icon,
            thumbnail: SystemThumbnail(
                category: SystemThumbnailCategory(rawValue: text(fields[7])), iOS: iOS, macOS: macOS),
            isHardwareModel: text(fields[10]) == "hardware")
        return SystemType(declaration: declaration, facts: facts, introduced: introduced)
    }

    /// The pieces of `bytes` between `separator`s, empty ones included.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, on separator: UInt8) -> [UnsafeBufferPointer<UInt8>]
    {
        var pieces: [UnsafeBufferPointer<UInt8>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == separator {
            pieces.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            start = index + 1
        }
        return pieces
    }
}
