import AppBundle
import PropertyList
import UniformTypes

/// An identifier an Info.plist names without declaring it: in a document type, a conformance
/// list, an exportable-types list, or a Quick Look extension's supported types.
public struct IdentifierReference: Sendable {
    /// Where the reference is written.
    public enum Place: Sendable {
        // Positions, not the entries themselves: a reference is made for every identifier an
        // app lists (hundreds of thousands in a large one), and a copy of its entry each would
        // cost more than everything else in it.
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
        case .documentType: "LSItemContentTypes"
        case .exportableType: "NSExportableTypes"
        case .conformance: "UTTypeConformsTo"
        case .quickLook: "QLSupportedContentTypes"
        }
    }
}

extension IdentifierReference {
    /// Every identifier referenced in `infoPlists`, in file order per key.
    static func all(in infoPlists: [InfoPlist]) -> [IdentifierReference] {
        var references: [IdentifierReference] = []
        for plist in infoPlists {
            for entry in plist.documentTypes {
                for type in entry.contentTypes {
                    references.append(
                        IdentifierReference(
                            identifier: type, place: .documentType(index: entry.index), file: plist.file))
                }
                for type in entry.exportableTypes {
                    references.append(
                        IdentifierReference(
                            identifier: type, place: .exportableType(index: entry.index), file: plist.file))
                }
            }
            // Exports, then imports (`plist.declarations`, without making that array).
            for declarations in [plist.exportedTypes, plist.importedTypes] {
                for declaration in declarations {
                    for supertype in declaration.conformances {
                        references.append(
                            IdentifierReference(
                                identifier: supertype, place: .conformance(of: declaration.identifier),
                                file: plist.file))
                    }
                }
            }
            for type in plist.appExtension?.supportedContentTypes ?? [] {
                references.append(IdentifierReference(identifier: type, place: .quickLook, file: plist.file))
            }
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
    /// Whether the text holds `$(` or `${`, found byte by byte.
    var hasBuildSettingReference: Bool {
        withUTF8Bytes(Self.holdsBuildSettingReference)
    }

    private static func holdsBuildSettingReference(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterDollar = false
        for byte in bytes {
            if afterDollar, byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") { return true }
            afterDollar = byte == UInt8(ascii: "$")
        }
        return false
    }
}
