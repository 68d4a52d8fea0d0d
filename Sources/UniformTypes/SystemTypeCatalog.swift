import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// The position of each type in ``types``; also the nodes of ``layer``'s conformances.
    private let index: IdentifierTable
    /// The system's own conformances and tag index, made once for every ``TypeCatalog`` layered
    /// over this catalog; nil when the types reference a supertype none of them declares
    /// (catalogs are then built whole).
    let layer: Layer?

    /// What every catalog over these types shares: node `n` of the conformances and tag
    /// position `n` are `types[n]`.
    final class Layer: Sendable {
        let conformances: ConformanceGraph.Base
        let tagIndex: [TypeCatalog.TagKey: [Int32]]

        init(conformances: ConformanceGraph.Base, tagIndex: [TypeCatalog.TagKey: [Int32]]) {
            self.conformances = conformances
            self.tagIndex = tagIndex
        }
    }

    /// The catalog embedded in the library for the newest release it knows, parsed at first use:
    /// macOS 12.7's types and those added since.
    public static let embedded = SystemTypeCatalog(parsing: embeddedText, release: embeddedRelease)

    /// The embedded catalog as of `release`: the types it had declared by then.
    public static func embedded(as release: SystemRelease) -> SystemTypeCatalog {
        release == .newest ? embedded : olderReleases.catalog(as: release)
    }

    /// The embedded catalog as of each release before the newest, each made when first asked for
    /// (a lint with `--system-release` needs one of them, not all: making all three took a lint
    /// of gen.py's a_ios.plist with `--system-release macos12` from 14.3 to 17.4 ms, 60 runs by
    /// turns).
    private static let olderReleases = OlderReleases()

    /// Catalogs of the embedded types as of older releases, made on request and kept.
    private final class OlderReleases: @unchecked Sendable {
        /// Guards ``catalogs``: contexts are made on several threads.
        private let lock = Lock()
        private var catalogs: [SystemRelease: SystemTypeCatalog] = [:]

        /// The embedded types as of `release`, made at the first request for it.
        func catalog(as release: SystemRelease) -> SystemTypeCatalog {
            lock.withLock {
                if let made = catalogs[release] { return made }
                let types = embedded.types.filter { type in type.introduced.map { $0 <= release } ?? true }
                let made = SystemTypeCatalog(release: embedded.release, types: types, asOf: release)
                catalogs[release] = made
                return made
            }
        }
    }

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
        var index = IdentifierTable()
        unique.reserveCapacity(types.count)
        index.reserveCapacity(types.count)
        // The generator writes its lines in this order, and an older release's types are filtered
        // from them: checking takes one comparison per type, where sorting also moved them all
        // (measured by turns: `lint` of gen.py's a_ios.plist −1.2%, `type public.jpeg` −1%).
        let inOrder = zip(types, types.dropFirst()).allSatisfy { !($1.identifier < $0.identifier) }
        for type in inOrder ? types : types.sorted(by: { $0.identifier < $1.identifier }) {
            // One probe: a repeated identifier finds its first entry's position instead.
            let position = Int32(unique.count)
            guard index.value(for: type.identifier, inserting: position) == position else { continue }
            unique.append(type)
        }
        self.release = release
        self.types = unique
        self.index = index
        let declarations = unique.map(\.declaration)
        self.layer = ConformanceGraph.Base(declarations: declarations, index: index).map {
            Layer(conformances: $0, tagIndex: TypeCatalog.tagIndex(of: declarations))
        }
    }

    /// The position of `identifier` in ``types``.
    func position(of identifier: UniformTypeIdentifier) -> Int? {
        index[identifier].map(Int.init)
    }

    /// The type with this identifier (compared case-insensitively).
    public func type(for identifier: UniformTypeIdentifier) -> SystemType? {
        index[identifier].map { types[Int($0)] }
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
    /// conformances as the numbers of the lines declaring them, extensions, MIME types, OSTypes,
    /// `bundle:kind`, icon, thumbnail category, iOS verdict, macOS verdict, `hardware` or `-`,
    /// the release that added the type or `-`), lists comma-separated. Works on bytes, field by
    /// field, without making a list of a line's fields or a string of a field that names a case:
    /// every command that answers with system types parses the catalog at start (measured:
    /// `utiscope type public.jpeg` −5% processor time against splitting each line into arrays).
    /// Each line's identifier is made first, once: a conformance is its line's identifier, not
    /// another string made and hashed (measured by turns against conformances by name: `type
    /// public.jpeg` −2.4%, `lint` of gen.py's a_ios.plist −1.6%). Lines that do not fit are
    /// skipped; a test checks that none are.
    init(parsing text: String, release: String) {
        var text = text
        let parser = LineParser(release: release)
        let types = text.withUTF8 { bytes in
            var identifiers: [UniformTypeIdentifier] = []
            identifiers.reserveCapacity(bytes.count / 100)  // a line is ~120 bytes: room for every type
            var lines = FieldCursor(bytes)
            while let line = lines.next(upTo: 0x0A) {
                var fields = FieldCursor(line)
                let identifier = fields.next(upTo: 0x09) ?? line
                identifiers.append(UniformTypeIdentifier(String(decoding: identifier, as: UTF8.self)))
            }
            var types: [SystemType] = []
            types.reserveCapacity(identifiers.count)
            lines = FieldCursor(bytes)
            for identifier in identifiers {
                guard let line = lines.next(upTo: 0x0A) else { break }
                if let type = parser.parse(line, identifier: identifier, lines: identifiers) { types.append(type) }
            }
            return types
        }
        self.init(release: release, types: types)
    }
}

/// Parses the lines of the generator's format into types, matching the fields that name a case
/// against tables made once per catalog (not against a fresh `allCases` per field) and building
/// each list in place (measured by turns against the parse before, static release builds:
/// `lint` of gen.py's a_ios.plist −8%, `type public.jpeg` −10%).
private struct LineParser {
    let release: String
    let icons = CaseNames<SystemIconSource>()
    let categories = CaseNames<SystemThumbnailCategory>()
    let verdicts = CaseNames<SystemThumbnail.Verdict>()
    let kinds = CaseNames<DeclarationKind>()
    let releases = CaseNames<SystemRelease>()

    /// The type on `line`, whose identifier is already made, or nil when the line does not fit
    /// the format. `lines` holds every line's identifier, which conformances name by number.
    func parse(
        _ line: UnsafeBufferPointer<UInt8>, identifier: UniformTypeIdentifier, lines: [UniformTypeIdentifier]
    ) -> SystemType? {
        var fields = FieldCursor(line)
        func text(_ field: UnsafeBufferPointer<UInt8>) -> String { String(decoding: field, as: UTF8.self) }
        /// Calls `body` with each comma-separated item of `field`.
        func forEachItem(_ field: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
            var cursor = FieldCursor(field)
            while let item = cursor.next(upTo: 0x2C) { body(text(item)) }
        }
        guard fields.next(upTo: 0x09) != nil, let conformances = fields.next(upTo: 0x09),
            let extensions = fields.next(upTo: 0x09), let mimeTypes = fields.next(upTo: 0x09),
            let osTypes = fields.next(upTo: 0x09), let source = fields.next(upTo: 0x09),
            let icon = fields.next(upTo: 0x09).flatMap(icons.value(named:)),
            let category = fields.next(upTo: 0x09),
            let iOS = fields.next(upTo: 0x09).flatMap(verdicts.value(named:)),
            let macOS = fields.next(upTo: 0x09).flatMap(verdicts.value(named:)),
            let hardware = fields.next(upTo: 0x09), let since = fields.next(upTo: 0x09), fields.isAtEnd
        else { return nil }
        var sourceParts = FieldCursor(source)
        guard let bundle = sourceParts.next(upTo: 0x3A),
            let kind = sourceParts.next(upTo: 0x3A).flatMap(kinds.value(named:)), sourceParts.isAtEnd
        else { return nil }
        let introduced = releases.value(named: since)
        guard introduced != nil || since.elementsEqual("-".utf8) else { return nil }
        var tags: [TypeTag] = []
        forEachItem(extensions) { tags.append(TypeTag(.filenameExtension, $0)) }
        forEachItem(mimeTypes) { tags.append(TypeTag(.mimeType, $0)) }
        forEachItem(osTypes) { tags.append(TypeTag(.osType, $0)) }
        var supertypes: [Located<UniformTypeIdentifier>] = []
        var numbers = FieldCursor(conformances)
        while let item = numbers.next(upTo: 0x2C) {
            guard let number = Self.number(item), number < lines.count else { return nil }
            supertypes.append(Located(lines[number]))
        }
        let declaration = TypeDeclaration(
            identifier: identifier,
            origin: .system(release: introduced?.macOSName ?? release, bundle: text(bundle), kind: kind),
            conformances: supertypes, tags: tags)
        let facts = SystemTypeFacts(
            icon: icon,
            thumbnail: SystemThumbnail(category: categories.value(named: category), iOS: iOS, macOS: macOS),
            isHardwareModel: hardware.elementsEqual("hardware".utf8))
        return SystemType(declaration: declaration, facts: facts, introduced: introduced)
    }
}

extension LineParser {
    /// The decimal number `bytes` spell (one to nine digits), or nil.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}

/// The cases of an enumeration by the bytes of their names (raw values), to match a field
/// without making a string of it.
private struct CaseNames<Value: CaseIterable & RawRepresentable> where Value.RawValue == String {
    private let cases = Value.allCases.map { (name: Array($0.rawValue.utf8), value: $0) }

    /// The case whose name is spelt by `bytes`.
    func value(named bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        cases.first { $0.name.count == bytes.count && $0.name.elementsEqual(bytes) }?.value
    }
}

/// Reads the pieces of a byte buffer one at a time, each up to the next separator.
private struct FieldCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Whether the buffer ended in a separator: the empty piece after it is still to come.
    private var pendingEmpty = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every piece has been read.
    var isAtEnd: Bool { position >= bytes.count && !pendingEmpty }

    /// The bytes up to the next `separator` (or the end), which is skipped; empty pieces between
    /// separators count. Nil when every piece has been read; an empty buffer has no piece.
    mutating func next(upTo separator: UInt8) -> UnsafeBufferPointer<UInt8>? {
        guard !isAtEnd else { return nil }
        if position >= bytes.count {
            pendingEmpty = false
            return UnsafeBufferPointer(rebasing: bytes[bytes.count..<bytes.count])
        }
        let start = position
        // `memchr` rather than a loop over the bytes: the catalog's 160 KB are split into lines,
        // then fields, at every start (measured by turns, static release builds: `type
        // public.jpeg` −5%, `lint` of gen.py's a_ios.plist −4%).
        var end = bytes.count
        if let base = bytes.baseAddress, let found = memchr(base + start, Int32(separator), bytes.count - start) {
            end = UnsafeRawPointer(base).distance(to: found)
        }
        position = end + 1
        pendingEmpty = end < bytes.count && position == bytes.count
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
