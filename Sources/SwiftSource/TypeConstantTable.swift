import UniformTypes

/// The system's named types as Swift code names them: `UTType` static properties (`.pdf`,
/// `UTType.plainText`) and the older CoreServices `kUTType…` constants, each with its identifier.
///
/// ``embedded`` is built from the SDK headers' facts (`Scripts/generate-type-constants.py`);
/// it needs no file at run time.
public struct TypeConstantTable: Sendable {
    /// `UTType` static property name → identifier.
    public let constants: [String: String]
    /// `kUTType…` name → identifier.
    public let legacyConstants: [String: String]

    /// The table embedded in the library, parsed at first use.
    public static let embedded = TypeConstantTable(parsing: embeddedText)

    /// A table of the given constants.
    public init(constants: [String: String], legacyConstants: [String: String]) {
        self.constants = constants
        self.legacyConstants = legacyConstants
    }

    /// Parses the generator's format: `form <TAB> name <TAB> identifier` per line. Lines that do
    /// not fit are skipped; a test checks that none are.
    init(parsing text: String) {
        var constants: [String: String] = [:]
        var legacy: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            switch fields[0] {
            case "UTType": constants[String(fields[1])] = String(fields[2])
            case "kUTType": legacy[String(fields[1])] = String(fields[2])
            default: continue
            }
        }
        self.init(constants: constants, legacyConstants: legacy)
    }
}
