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
    /// Every type, sorted by identifier. A type's declaration is made when it is first read (see
    /// ``init(parsing:release:)``).
    public var types: Types { Types(storage: storage) }
    /// The identifiers, facts and declarations of ``types``.
    private let storage: Storage
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

    /// The types of a catalog, by position: each made from the catalog's storage when read.
    public struct Types: RandomAccessCollection, Sendable {
        fileprivate let storage: Storage

        /// The first position.
        public var startIndex: Int { 0 }
        /// The position after the last type.
        public var endIndex: Int { storage.facts.count }

        /// The type at `position`.
        public subscript(position: Int) -> SystemType {
            SystemType(
                declaration: storage.declaration(at: position), facts: storage.facts[position],
                introduced: storage.introduced[position])
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
        let added = storage.introduced.contains { $0 != nil }
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
        let declarations = unique.map(\.declaration)
        self.storage = Storage(
            index: index, facts: unique.map(\.facts), introduced: unique.map(\.introduced),
            source: .given(declarations))
        self.layer = ConformanceGraph.Base(declarations: declarations, index: index).map {
            Layer(conformances: $0, tagIndex: TypeCatalog.tagIndex(of: declarations))
        }
    }

    /// A catalog of parsed text whose every line fits, in order and without repeats.
    private init(release: String, storage: Storage, layer: Layer) {
        self.release = release
        self.asOf = .newest
        self.storage = storage
        self.layer = layer
    }

    /// The position of `identifier` in ``types``.
    func position(of identifier: UniformTypeIdentifier) -> Int? {
        storage.index[identifier].map(Int.init)
    }

    /// The type with this identifier (compared case-insensitively).
    public func type(for identifier: UniformTypeIdentifier) -> SystemType? {
        position(of: identifier).map { types[$0] }
    }

    /// Whether the system declares `identifier`.
    public func contains(_ identifier: UniformTypeIdentifier) -> Bool {
        storage.index[identifier] != nil
    }

    /// The identifiers of ``types``, in order; none of their declarations is made.
    public var identifiers: [UniformTypeIdentifier] { storage.index.identifiers }

    /// The identifier of the type at `position` in ``types``.
    func identifier(at position: Int) -> UniformTypeIdentifier {
        storage.index.identifiers[position]
    }

    /// The facts of the type at `position` in ``types``; its declaration is not made.
    func facts(at position: Int) -> SystemTypeFacts {
        storage.facts[position]
    }

    /// The facts of the type with this identifier; its declaration is not made.
    public func facts(for identifier: UniformTypeIdentifier) -> SystemTypeFacts? {
        position(of: identifier).map { storage.facts[$0] }
    }

    /// The declaration of the type at `position` in ``types``.
    func declaration(at position: Int) -> TypeDeclaration {
        storage.declaration(at: position)
    }

    /// The types that describe files, folders and data, hardware models left out.
    public var userFacingTypes: [SystemType] {
        userFacingPositions.map { types[$0] }
    }

    /// The identifiers of ``userFacingTypes``, in order; none of their declarations is made.
    public var userFacingIdentifiers: [UniformTypeIdentifier] {
        userFacingPositions.map(identifier(at:))
    }

    /// The positions in ``types`` of the types that are not hardware models.
    private var userFacingPositions: [Int] {
        storage.facts.indices.filter { !storage.facts[$0].isHardwareModel }
    }

    /// The system's declarations, sorted by identifier.
    public var declarations: [TypeDeclaration] { types.map(\.declaration) }

    /// How many of the declarations have been made (all of them, for a catalog given its types).
    var madeDeclarationCount: Int { storage.madeCount }
}

extension SystemTypeCatalog {
    /// A catalog's identifiers (its index), facts and releases, made at start, and its
    /// declarations: given, or made from the catalog's text when first read and kept. A lint of
    /// one app reads a few dozen of the embedded catalog's 1,365 declarations (measured by turns
    /// against making them all at start, static release builds: `lint` of gen.py's a_ios.plist
    /// −8%, of Sketchbook −10%, `type public.jpeg` −13%; c_huge.plist unchanged).
    fileprivate final class Storage: @unchecked Sendable {
        /// Each type's identifier, numbered by position.
        let index: IdentifierTable
        let facts: [SystemTypeFacts]
        let introduced: [SystemRelease?]
        private let source: Source
        /// Guards ``made``: catalogs are read on several threads.
        private let lock = Lock()
        /// The declarations made from ``source``'s text so far, by position.
        private var made: [TypeDeclaration?]

        /// Where the declarations come from.
        enum Source {
            /// Made already, by position.
            case given([TypeDeclaration])
            /// The text of a catalog and each type's line in it, and the parser that reads them.
            case text(String, lines: [Range<Int32>], parser: LineParser)
        }

        init(index: IdentifierTable, facts: [SystemTypeFacts], introduced: [SystemRelease?], source: Source) {
            self.index = index
            self.facts = facts
            self.introduced = introduced
            self.source = source
            if case .text = source {
                made = [TypeDeclaration?](repeating: nil, count: facts.count)
            } else {
                made = []
            }
        }

        /// How many declarations have been made.
        var madeCount: Int {
            switch source {
            case .given(let declarations): declarations.count
            case .text: lock.withLock { made.count { $0 != nil } }
            }
        }

        /// The declaration of the type at `position`.
        func declaration(at position: Int) -> TypeDeclaration {
            switch source {
            case .given(let declarations):
                return declarations[position]
            case .text(let text, let lines, let parser):
                return lock.withLock {
                    if let declaration = made[position] { return declaration }
                    var text = text
                    let declaration = text.withUTF8 { bytes in
                        let line = lines[position]
                        return parser.declaration(
                            of: UnsafeBufferPointer(rebasing: bytes[Int(line.lowerBound)..<Int(line.upperBound)]),
                            identifier: index.identifiers[position], lines: index.identifiers)
                    }
                    // Every line was checked when the catalog was parsed (see `init(parsing:release:)`).
                    guard let declaration else { preconditionFailure("a checked line no longer parses") }
                    made[position] = declaration
                    return declaration
                }
            }
        }
    }

    /// Parses the generator's format: one type per line, tab-separated columns (identifier,
    /// conformances as the numbers of the lines declaring them, extensions, MIME types, OSTypes,
    /// `bundle:kind`, icon, thumbnail category, iOS verdict, macOS verdict, `hardware` or `-`,
    /// the release that added the type or `-`), lists comma-separated. Works on bytes, field by
    /// field, without making a list of a line's fields or a string of a field that names a case
    /// (measured: `utiscope type public.jpeg` −5% processor time against splitting each line into
    /// arrays). Each line's identifier is made first, once: a conformance is its line's
    /// identifier, not another string made and hashed (measured by turns against conformances by
    /// name: `type public.jpeg` −2.4%, `lint` of gen.py's a_ios.plist −1.6%).
    ///
    /// When every line fits, in order and without repeats (as the generator writes them), the
    /// start reads only what layering needs — identifiers, facts, conformance numbers as graph
    /// edges, tags into the tag index — and each declaration is made when first read. Otherwise
    /// every declaration is made at once and lines that do not fit are skipped; a test checks
    /// that none are.
    init(parsing text: String, release: String) {
        var text = text
        let parser = LineParser(release: release)
        let parsed = text.withUTF8 { bytes -> (checked: Checked?, types: [SystemType]) in
            var identifiers: [UniformTypeIdentifier] = []
            identifiers.reserveCapacity(bytes.count / 100)  // a line is ~120 bytes: room for every type
            var lines = FieldCursor(bytes)
            while let line = lines.next(upTo: 0x0A) {
                var fields = FieldCursor(line)
                let identifier = fields.next(upTo: 0x09) ?? line
                identifiers.append(UniformTypeIdentifier(String(decoding: identifier, as: UTF8.self)))
            }
            // A newline at the end of the text ends the last line; no empty line follows it.
            if bytes.last == 0x0A, identifiers.last?.rawValue.isEmpty == true { identifiers.removeLast() }
            if let checked = Checked(bytes, identifiers: identifiers, parser: parser) { return (checked, []) }
            var types: [SystemType] = []
            types.reserveCapacity(identifiers.count)
            lines = FieldCursor(bytes)
            for identifier in identifiers {
                guard let line = lines.next(upTo: 0x0A) else { break }
                if let type = parser.parse(line, identifier: identifier, lines: identifiers) { types.append(type) }
            }
            return (nil, types)
        }
        guard let checked = parsed.checked else {
            self.init(release: release, types: parsed.types)
            return
        }
        let storage = Storage(
            index: checked.index, facts: checked.facts, introduced: checked.introduced,
            source: .text(text, lines: checked.lines, parser: parser))
        let conformances = ConformanceGraph.Base(
            index: checked.index, parentStart: checked.parentStart, parents: checked.parents)
        self.init(
            release: release, storage: storage, layer: Layer(conformances: conformances, tagIndex: checked.tagIndex))
    }

    /// What the start of a lazily made catalog reads from the text, when every line fits, in
    /// order and without repeats: the identifier index, facts, releases, each line's bytes,
    /// the conformances as graph edges (line `n` is node `n`) and the tag index.
    private struct Checked {
        var index = IdentifierTable()
        var facts: [SystemTypeFacts] = []
        var introduced: [SystemRelease?] = []
        var lines: [Range<Int32>] = []
        var parentStart: [Int32] = [0]
        var parents: [Int32] = []
        var tagIndex: [TypeCatalog.TagKey: [Int32]] = [:]

        /// Nil when a line does not fit, or the identifiers are out of order or repeated.
        init?(_ bytes: UnsafeBufferPointer<UInt8>, identifiers: [UniformTypeIdentifier], parser: LineParser) {
            guard bytes.count < Int(Int32.max),
                zip(identifiers, identifiers.dropFirst()).allSatisfy({ $0 < $1 })
            else { return nil }
            let count = identifiers.count
            index.reserveCapacity(count)
            facts.reserveCapacity(count)
            introduced.reserveCapacity(count)
            lines.reserveCapacity(count)
            parentStart.reserveCapacity(count + 1)
            tagIndex.reserveCapacity(count)  // most types claim a tag or two
            var cursor = FieldCursor(bytes)
            for (position, identifier) in identifiers.enumerated() {
                guard let line = cursor.next(upTo: 0x0A), let fields = parser.fields(of: line) else { return nil }
                index.insert(Int32(position), for: identifier)
                facts.append(fields.facts)
                introduced.append(fields.introduced)
                guard let base = bytes.baseAddress, let lineStart = line.baseAddress else { return nil }
                let start = base.distance(to: lineStart)
                lines.append(Int32(start)..<Int32(start + line.count))
                let first = parents.count
                let fits = fields.forEachConformance(below: count) { number in
                    // Deduplicated as a graph's edges are.
                    if !parents[first...].contains(Int32(number)) { parents.append(Int32(number)) }
                }
                guard fits else { return nil }
                parentStart.append(Int32(parents.count))
                fields.forEachTag { tagClass, tag in
                    let key = TypeCatalog.TagKey(String(decoding: tag, as: UTF8.self), in: tagClass)
                    TypeCatalog.addClaim(of: key, at: position, to: &tagIndex)
                }
            }
            // Nothing after the lines but the newline that ends the last.
            guard cursor.isAtEnd || (cursor.next(upTo: 0x0A)?.isEmpty == true && cursor.isAtEnd) else { return nil }
        }
    }
}

/// Parses the lines of the generator's format into types, matching the fields that name a case
/// against tables made once per catalog (not against a fresh `allCases` per field) and building
/// each list in place (measured by turns against the parse before, static release builds:
/// `lint` of gen.py's a_ios.plist −8%, `type public.jpeg` −10%).
fileprivate struct LineParser: Sendable {
    let release: String
    let icons = CaseNames<SystemIconSource>()
    let categories = CaseNames<SystemThumbnailCategory>()
    let verdicts = CaseNames<SystemThumbnail.Verdict>()
    let kinds = CaseNames<DeclarationKind>()
    let releases = CaseNames<SystemRelease>()

    /// One line's columns, split and checked; the lists still as bytes.
    struct Fields {
        var conformances: UnsafeBufferPointer<UInt8>
        var extensions: UnsafeBufferPointer<UInt8>
        var mimeTypes: UnsafeBufferPointer<UInt8>
        var osTypes: UnsafeBufferPointer<UInt8>
        var bundle: UnsafeBufferPointer<UInt8>
        var kind: DeclarationKind
        var facts: SystemTypeFacts
        var introduced: SystemRelease?

        /// Calls `body` with the number of each line the type conforms to, in order; false (after
        /// the numbers before it) at one that is not a number below `count`.
        func forEachConformance(below count: Int, _ body: (Int) -> Void) -> Bool {
            var numbers = FieldCursor(conformances)
            while let item = numbers.next(upTo: 0x2C) {
                guard let number = LineParser.number(item), number < count else { return false }
                body(number)
            }
            return true
        }

        /// Calls `body` with each tag, by class, in the order a declaration lists them.
        func forEachTag(_ body: (TagClass, UnsafeBufferPointer<UInt8>) -> Void) {
            func each(_ field: UnsafeBufferPointer<UInt8>, _ tagClass: TagClass) {
                var cursor = FieldCursor(field)
                while let item = cursor.next(upTo: 0x2C) { body(tagClass, item) }
            }
            each(extensions, .filenameExtension)
            each(mimeTypes, .mimeType)
            each(osTypes, .osType)
        }
    }

    /// The columns of `line`, or nil when it does not fit the format.
    func fields(of line: UnsafeBufferPointer<UInt8>) -> Fields? {
        var fields = FieldCursor(line)
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
        let introduced = since.matches("-") ? nil : releases.value(named: since)
        guard introduced != nil || since.matches("-") else { return nil }
        let facts = SystemTypeFacts(
            icon: icon,
            thumbnail: SystemThumbnail(category: categories.value(named: category), iOS: iOS, macOS: macOS),
            isHardwareModel: hardware.matches("hardware"))
        return Fields(
            conformances: conformances, extensions: extensions, mimeTypes: mimeTypes, osTypes: osTypes, bundle: bundle,
            kind: kind, facts: facts, introduced: introduced)
    }

    /// The declaration on `line`, whose identifier is already made, or nil when the line does
    /// not fit the format. `lines` holds every line's identifier, which conformances name by
    /// number.
    func declaration(
        of line: UnsafeBufferPointer<UInt8>, identifier: UniformTypeIdentifier, lines: [UniformTypeIdentifier]
    ) -> TypeDeclaration? {
        fields(of: line).flatMap { declaration(of: $0, identifier: identifier, lines: lines) }
    }

    /// The type on `line`, whose identifier is already made, or nil when the line does not fit
    /// the format; see ``declaration(of:identifier:lines:)``.
    func parse(
        _ line: UnsafeBufferPointer<UInt8>, identifier: UniformTypeIdentifier, lines: [UniformTypeIdentifier]
    ) -> SystemType? {
        guard let fields = fields(of: line),
            let declaration = declaration(of: fields, identifier: identifier, lines: lines)
        else { return nil }
        return SystemType(declaration: declaration, facts: fields.facts, introduced: fields.introduced)
    }

    /// The declaration of checked columns, or nil when a conformance names no line.
    private func declaration(
        of fields: Fields, identifier: UniformTypeIdentifier, lines: [UniformTypeIdentifier]
    ) -> TypeDeclaration? {
        var tags: [TypeTag] = []
        fields.forEachTag { tagClass, tag in tags.append(TypeTag(tagClass, String(decoding: tag, as: UTF8.self))) }
        var supertypes: [Located<UniformTypeIdentifier>] = []
        guard fields.forEachConformance(below: lines.count, { supertypes.append(Located(lines[$0])) }) else {
            return nil
        }
        return TypeDeclaration(
            identifier: identifier,
            origin: .system(
                release: fields.introduced?.macOSName ?? release,
                bundle: String(decoding: fields.bundle, as: UTF8.self),
                kind: fields.kind),
            conformances: supertypes, tags: tags)
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
/// without making a string of it. The names are kept one after another in one array, compared
/// with `memcmp`: no array per name to retain and release at each comparison.
fileprivate struct CaseNames<Value: CaseIterable & RawRepresentable & Sendable>: Sendable
where Value.RawValue == String {
    private let values = Array(Value.allCases)
    /// Every case's name, in ``values``' order, one after another.
    private let names: [UInt8]
    /// Where each name ends in ``names``.
    private let ends: [Int]

    init() {
        var names: [UInt8] = []
        var ends: [Int] = []
        for value in values {
            names += value.rawValue.utf8
            ends.append(names.count)
        }
        self.names = names
        self.ends = ends
    }

    /// The case whose name is spelt by `bytes`.
    func value(named bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        names.withUnsafeBufferPointer { names in
            var start = 0
            for (index, end) in ends.enumerated() {
                if end - start == bytes.count, bytes.matches(UnsafeBufferPointer(rebasing: names[start..<end])) {
                    return values[index]
                }
                start = end
            }
            return nil
        }
    }
}

/// Reads the pieces of a byte buffer one at a time, each up to the next separator.
fileprivate struct FieldCursor {
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
