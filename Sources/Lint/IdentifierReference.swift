import AppBundle
import PropertyList
import Support
import UniformTypes

/// An identifier an Info.plist names without declaring it: in a document type, a conformance
/// list, an exportable-types list, or a Quick Look extension's supported types.
public struct IdentifierReference: Sendable {
    /// Where the reference is written.
    public enum Place: Sendable {
        // Positions, not the entries themselves: a large app lists hundreds of thousands of
        // identifiers, and a copy of its entry for each would cost more than the rest of it.
        /// `LSItemContentTypes` of the document type at `index` in `CFBundleDocumentTypes`.
        case documentType(index: Int)
        /// `NSExportableTypes` of the document type at `index` in `CFBundleDocumentTypes`.
        case exportableType(index: Int)
        /// `UTTypeConformsTo` of the declaration of `identifier`.
        case conformance(of: UniformTypeIdentifier)
        /// `QLSupportedContentTypes` of an app extension.
        case quickLook
    }

    /// The identifier, as written, with its location.
    public var identifier: Located<UniformTypeIdentifier>
    /// Where it is written.
    public var place: Place
    /// The Info.plist it is in.
    public var file: String

    /// The key the reference is listed under.
    public var key: String {
        switch place {
        case .documentType(let index): Site.documentType(index: index).key
        case .exportableType(let index): Site.exportableType(index: index).key
        case .conformance: Site.conformance(declaration: 0).key
        case .quickLook: Site.quickLook.key
        }
    }
}

extension IdentifierReference {
    /// Where a reference is listed, as ``forEach(in:sections:_:)`` gives it: positions only, so
    /// that no identifier or entry is copied for it.
    enum Site {
        /// `LSItemContentTypes` of the document type at `index` in `CFBundleDocumentTypes`.
        case documentType(index: Int)
        /// `NSExportableTypes` of the document type at `index` in `CFBundleDocumentTypes`.
        case exportableType(index: Int)
        /// `UTTypeConformsTo` of the declaration at `declaration` in the Info.plist's exports,
        /// then imports.
        case conformance(declaration: Int)
        /// `QLSupportedContentTypes` of an app extension.
        case quickLook

        /// The key the reference is listed under.
        var key: String {
            switch self {
            case .documentType: "LSItemContentTypes"
            case .exportableType: "NSExportableTypes"
            case .conformance: "UTTypeConformsTo"
            case .quickLook: "QLSupportedContentTypes"
            }
        }
    }

    /// Which references of each Info.plist ``forEach(in:sections:_:)`` reads.
    enum Sections {
        /// Every reference.
        case all
        /// Those of the document types (`LSItemContentTypes`, `NSExportableTypes`), listed first.
        case documentTypes
        /// Those of the type declarations and the app extension (`UTTypeConformsTo`,
        /// `QLSupportedContentTypes`), listed after the document types'.
        case declarations
    }

    /// Calls `body` with every identifier referenced in `infoPlists` (in `sections` of each) — the
    /// position of its Info.plist, the identifier as written, where it is listed — in file order
    /// per key. Each is read where the model holds it: a large app lists hundreds of thousands,
    /// and an array of references made for the rules that read them all cost more than those rules.
    static func forEach(
        in infoPlists: [InfoPlist], sections: Sections = .all,
        _ body: (_ plist: Int, _ identifier: Located<UniformTypeIdentifier>, Site) -> Void
    ) {
        for (position, plist) in infoPlists.enumerated() {
            if sections != .declarations {
                plist.documentTypes.withUnsafeBufferPointer { entries in
                    for entry in entries.indices {
                        let index = entries[entry].index
                        entries[entry].contentTypes.withUnsafeBufferPointer { types in
                            for type in types.indices { body(position, types[type], .documentType(index: index)) }
                        }
                        entries[entry].exportableTypes.withUnsafeBufferPointer { types in
                            for type in types.indices { body(position, types[type], .exportableType(index: index)) }
                        }
                    }
                }
            }
            guard sections != .documentTypes else { continue }
            // Exports, then imports (`plist.declarations`, without making that array).
            var declaration = 0
            LintContext.forEachDeclaration(of: plist) { given in
                given.conformances.withUnsafeBufferPointer { supertypes in
                    for supertype in supertypes.indices {
                        body(position, supertypes[supertype], .conformance(declaration: declaration))
                    }
                }
                declaration += 1
            }
            plist.appExtension?.supportedContentTypes.withUnsafeBufferPointer { types in
                for type in types.indices { body(position, types[type], .quickLook) }
            }
        }
    }

    /// A reference that a rule looks at more closely (see ``unusual(in:sections:capitalised:)``),
    /// with the position of its Info.plist.
    typealias Unusual = (plist: Int, identifier: Located<UniformTypeIdentifier>, site: Site)

    /// The references in `sections` that a rule looks at more closely, in the order of
    /// ``forEach(in:sections:_:)``: those not plainly spelled (UTI-001), those not written in their
    /// case-folded form or naming an identifier of `capitalised` (UTI-016: the declared
    /// identifiers written with a capital, or more), and those naming `public.package` (DOC-015).
    /// Nearly every reference is none of these: the rules that would read every reference read
    /// these only, and every reference is read once, for all of them.
    static func unusual(
        in infoPlists: [InfoPlist], sections: Sections, capitalised: Set<UniformTypeIdentifier>
    ) -> [Unusual] {
        let typo = PublicPackageTypo.typo
        var unusual: [Unusual] = []
        forEach(in: infoPlists, sections: sections) { plist, identifier, site in
            let value = identifier.value
            if !value.isPlainlySpelled || !value.isCaseFolded || value == typo || capitalised.contains(value) {
                unusual.append((plist, identifier, site))
            }
        }
        return unusual
    }

    /// The unusual references of the document types and of the declarations, merged in the
    /// order of ``forEach(in:sections:_:)`` (each Info.plist's document types' first).
    static func merged(documentTypes: [Unusual], declarations: [Unusual]) -> [Unusual] {
        var merged: [Unusual] = []
        merged.reserveCapacity(documentTypes.count + declarations.count)
        var next = 0
        for reference in declarations {
            while next < documentTypes.count, documentTypes[next].plist <= reference.plist {
                merged.append(documentTypes[next])
                next += 1
            }
            merged.append(reference)
        }
        merged += documentTypes[next...]
        return merged
    }

    /// The identifiers of `declarations` and of the system's types that are written with a
    /// capital letter: each identifier the graph may spell with one (it keeps one declaration's
    /// spelling), and perhaps more.
    static func capitalised(_ declarations: [TypeDeclaration], system: SystemTypeCatalog) -> Set<UniformTypeIdentifier>
    {
        var capitalised: Set<UniformTypeIdentifier> = []
        for identifier in system.identifiers where !identifier.isCaseFolded { capitalised.insert(identifier) }
        declarations.withUnsafeBufferPointer { declarations in
            for index in declarations.indices where !declarations[index].identifier.isCaseFolded {
                capitalised.insert(declarations[index].identifier)
            }
        }
        return capitalised
    }

    /// Every identifier referenced in `infoPlists`, in file order per key.
    static func all(in infoPlists: [InfoPlist]) -> [IdentifierReference] {
        var references: [IdentifierReference] = []
        forEach(in: infoPlists) { position, identifier, site in
            let plist = infoPlists[position]
            let place: Place
            switch site {
            case .documentType(let index): place = .documentType(index: index)
            case .exportableType(let index): place = .exportableType(index: index)
            case .conformance(let declaration):
                let exported = plist.exportedTypes.count
                place = .conformance(
                    of: declaration < exported
                        ? plist.exportedTypes[declaration].identifier
                        : plist.importedTypes[declaration - exported].identifier)
            case .quickLook: place = .quickLook
            }
            references.append(IdentifierReference(identifier: identifier, place: place, file: plist.file))
        }
        return references
    }
}

extension UniformTypeIdentifier {
    /// Whether the identifier holds a build-setting reference (`$(…)`, `${…}`), left to PLIST-004.
    var hasBuildSettingReference: Bool { rawValue.hasBuildSettingReference }

    /// Whether the identifier has a spelling problem other than its domain (UTI-001's business).
    var hasSyntaxProblem: Bool {
        if isPlainlySpelled { return false }
        return syntaxFindings().contains { finding in
            switch finding.problem {
            case .reservedDomain, .publicPackage, .nonASCIICharacter: false
            default: true
            }
        }
    }

    /// The fast answer for the usual case: only ASCII letters, digits, `-` and `.`, no empty
    /// component. Such an identifier has no syntax problem but (perhaps) its domain.
    var isPlainlySpelled: Bool {
        rawValue.withUTF8Bytes(Self.isPlainlySpelled)
    }

    private static func isPlainlySpelled(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = UInt8(ascii: ".")
        var count = 0
        for byte in bytes {
            count += 1
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                break
            case UInt8(ascii: "."):
                if previous == UInt8(ascii: ".") { return false }
            default:
                return false
            }
            previous = byte
        }
        return count > 0 && previous != UInt8(ascii: ".")
    }
}

extension String {
    /// Whether the text holds a reference the build replaces: `$(` or `${` (a build setting), or
    /// a template's `@NAME@` placeholder (CMake's `configure_file`, autotools), found byte by byte.
    var hasBuildSettingReference: Bool {
        withUTF8Bytes(Self.holdsBuildSettingReference)
    }

    private static func holdsBuildSettingReference(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterDollar = false
        // The offset after an '@' that may open a placeholder, while only name characters follow.
        var placeholderStart: Int?
        for (offset, byte) in bytes.enumerated() {
            if afterDollar, byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") { return true }
            afterDollar = byte == UInt8(ascii: "$")
            if byte == UInt8(ascii: "@") {
                if let start = placeholderStart, offset > start { return true }
                placeholderStart = offset + 1
            } else if placeholderStart != nil, !isPlaceholderNameByte(byte) {
                placeholderStart = nil
            }
        }
        return false
    }

    /// A letter, digit or underscore: what a CMake or autoconf variable name is made of.
    private static func isPlaceholderNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
}
