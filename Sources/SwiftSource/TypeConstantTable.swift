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
    /// not fit are skipped; a test checks that none are. Read as bytes: splitting the text as
    /// `Substring`s took a millisecond of every lint that reads code, ten times this loop (1.2 ms against 0.12 ms, best of 50).
    init(parsing text: String) {
        var constants: [String: String] = [:]
        var legacy: [String: String] = [:]
        constants.reserveCapacity(160)
        legacy.reserveCapacity(128)
        var text = text
        text.withUTF8 { bytes in
            var fields: [Range<Int>] = []
            var start = 0
            func field(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            func endLine(at end: Int) {
                fields.append(start..<end)
                defer { fields.removeAll(keepingCapacity: true) }
                guard fields.count == 3 else { return }
                let form = bytes[fields[0]]
                if form.elementsEqual("UTType".utf8) {
                    constants[field(fields[1])] = field(fields[2])
                } else if form.elementsEqual("kUTType".utf8) {
                    legacy[field(fields[1])] = field(fields[2])
                }
            }
            for index in bytes.indices {
                switch bytes[index] {
                case 0x09:
                    fields.append(start..<index)
                    start = index + 1
                case 0x0A:
                    endLine(at: index)
                    start = index + 1
                default: continue
                }
            }
            if start < bytes.count { endLine(at: bytes.count) }
        }
        self.init(constants: constants, legacyConstants: legacy)
    }
}
