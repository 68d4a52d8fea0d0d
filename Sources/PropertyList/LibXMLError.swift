/// An error libxml2 reported, as its numbers tell it, and what the reader makes of it.
///
/// libxml2's messages, the columns it gives and even the callback an error arrives through change
/// between releases: from 2.12 an encoding-conversion failure comes through the structured error
/// handler as `XML_ERR_INVALID_ENCODING` where 2.9–2.11 wrote "input conversion failed" on the
/// generic channel only; 2.13 reworded and merged messages and reports malformed UTF-8 from the
/// I/O domain where earlier releases call it an invalid character; an undeclared entity is an
/// error in 2.9, an error that lets the parse go on in 2.13 and a fatal one again from 2.14.3.
/// The values of `xmlErrorDomain` and `xmlParserErrors` in `xmlerror.h` do not change (new ones
/// are added at the end): the reader goes by them and words every message itself, so that a
/// document gets the same error from libxml2 2.9.14 (Debian's, tested here), the macOS SDK's
/// 2.9.13 and 2.10–2.15.
struct LibXMLError: Sendable, Hashable {
    /// Where in libxml2 the error arose: an `xmlErrorDomain` value.
    var domain: Int32
    /// What it is: an `xmlParserErrors` value.
    var code: Int32
    /// libxml2's first string argument (`str1`): for an undeclared entity its name in every
    /// release. The reader reads names from the document where it can and uses this otherwise.
    var name: String?

    /// An error from its numbers and, for the codes that have one, the name it is about.
    init(domain: Int32, code: Int32, name: String? = nil) {
        self.domain = domain
        self.code = code
        self.name = name
    }

    /// What an error means to the reader, whichever release and channel it came from.
    enum Kind: Sendable, Hashable {
        /// The bytes are not text in the document's encoding: a conversion that failed, or a
        /// malformed UTF-8 sequence (2.13 and later).
        case invalidText
        /// libxml2 has no converter for the encoding the document declares.
        case unsupportedEncoding
        /// A character XML does not allow; 2.9–2.12 say this of a malformed UTF-8 sequence too,
        /// which the reader tells apart by looking at the bytes.
        case invalidCharacter
        /// A reference to an entity other than the five predefined ones.
        case undeclaredEntity
        /// An end tag whose name is not the open element's.
        case mismatchedEndTag
        /// libxml2 was asked to load something the document refers to (nothing ever is loaded).
        case refusedLoad
        /// libxml2 itself gave up: out of memory, an internal error, one of its limits.
        case libxml2Failure(String)
        /// Any other well-formedness error, in the reader's words.
        case syntax(String)
    }

    /// The `xmlErrorDomain` values the reader tells apart.
    enum Domain {
        static let parser: Int32 = 1
        static let namespace: Int32 = 3
        static let io: Int32 = 8
        static let i18n: Int32 = 27
    }

    /// The `xmlParserErrors` values the reader words itself. The numbers are xmlerror.h's, the
    /// same in every release from 2.9.14 to 2.15.3 (compared name by name); 112–118 exist from
    /// 2.10 or 2.13 only. `LibXMLErrorTests` checks them against the headers compiled here.
    enum Code {
        static let internalError: Int32 = 1
        static let noMemory: Int32 = 2
        static let documentStart: Int32 = 3
        static let documentEmpty: Int32 = 4
        static let documentEnd: Int32 = 5
        static let invalidCharacterReferences: ClosedRange<Int32> = 6...8
        static let invalidCharacter: Int32 = 9
        static let misplacedCharacterReferences: ClosedRange<Int32> = 10...13
        static let misplacedEntityReferences: ClosedRange<Int32> = 14...17
        static let entityReferenceWithoutName: Int32 = 22
        static let entityReferenceWithoutSemicolon: Int32 = 23
        static let undeclaredEntity: Int32 = 26
        static let undeclaredEntityWarning: Int32 = 27
        static let unknownEncoding: Int32 = 31
        static let unsupportedEncoding: Int32 = 32
        static let quotedStrings: ClosedRange<Int32> = 33...34
        static let lessThanInAttribute: Int32 = 38
        static let attributeNotStarted: Int32 = 39
        static let attributeNotFinished: Int32 = 40
        static let attributeWithoutValue: Int32 = 41
        static let attributeRedefined: Int32 = 42
        static let literals: ClosedRange<Int32> = 43...44
        static let commentNotFinished: Int32 = 45
        static let processingInstructions: ClosedRange<Int32> = 46...47
        static let declarations: ClosedRange<Int32> = 48...55
        static let xmlDeclarations: ClosedRange<Int32> = 56...57
        static let doctypeNotFinished: Int32 = 61
        static let misplacedCDATAEnd: Int32 = 62
        static let cdataNotFinished: Int32 = 63
        static let reservedXMLName: Int32 = 64
        static let spaceRequired: Int32 = 65
        static let nameRequired: Int32 = 68
        static let identifiersRequired: ClosedRange<Int32> = 70...71
        static let lessThanRequired: Int32 = 72
        static let greaterThanRequired: Int32 = 73
        static let endTagRequired: Int32 = 74
        static let equalsRequired: Int32 = 75
        static let tagNameMismatch: Int32 = 76
        static let tagNotFinished: Int32 = 77
        static let encodingName: Int32 = 79
        static let hyphenInComment: Int32 = 80
        static let invalidEncoding: Int32 = 81
        static let notWellBalanced: Int32 = 85
        static let extraContent: Int32 = 86
        static let entityLoop: Int32 = 89
        static let versionMissing: Int32 = 96
        static let unknownVersion: Int32 = 108
        static let nameTooLong: Int32 = 110
        static let userStop: Int32 = 111
        static let commentAbruptlyEnded: Int32 = 112
        static let resourceLimit: Int32 = 114
        static let internalSubsetNotFinished: Int32 = 118
        static let namespaceErrors: ClosedRange<Int32> = 200...205
        static let undefinedNamespace: Int32 = 201
        /// The I/O domain's own codes (`XML_IO_*`).
        static let ioErrors: ClosedRange<Int32> = 1500...1599
        /// `XML_IO_ENCODER`: the I/O layer's word for a failed conversion (2.9–2.11).
        static let ioEncoder: Int32 = 1544
        /// `XML_I18N_NO_HANDLER`: no converter for an encoding.
        static let noHandler: Int32 = 6001
        /// `XML_I18N_CONV_FAILED`: 2.9–2.11's failed conversion, on the generic channel only.
        static let conversionFailed: Int32 = 6003
    }

    /// What the error means to the reader.
    var kind: Kind {
        switch code {
        case Code.invalidEncoding, Code.ioEncoder, Code.conversionFailed: return .invalidText
        case Code.unsupportedEncoding, Code.unknownEncoding, Code.noHandler: return .unsupportedEncoding
        case Code.invalidCharacter: return .invalidCharacter
        case Code.undeclaredEntity, Code.undeclaredEntityWarning: return .undeclaredEntity
        case Code.tagNameMismatch: return .mismatchedEndTag
        case Code.ioErrors: return .refusedLoad
        case Code.internalError: return .libxml2Failure("libxml2 stopped with an internal error")
        case Code.noMemory: return .libxml2Failure("libxml2 ran out of memory")
        case Code.resourceLimit, Code.nameTooLong: return .libxml2Failure("a libxml2 limit was reached")
        default: return .syntax(syntaxMessage)
        }
    }

    /// The message of a ``Kind/invalidCharacter`` error that is not a malformed UTF-8 sequence.
    static let disallowedCharacter = "a character XML does not allow"

    /// The message of a ``Kind/syntax(_:)`` error.
    private var syntaxMessage: String {
        switch code {
        case Code.documentStart, Code.documentEmpty: return "no root element: the document has no start tag"
        case Code.documentEnd, Code.extraContent: return "content after the root element"
        case Code.invalidCharacterReferences: return "invalid character reference"
        case Code.misplacedCharacterReferences: return "character reference outside the root element"
        case Code.misplacedEntityReferences: return "entity reference outside the root element"
        case Code.entityReferenceWithoutName: return "'&' not followed by an entity name (write '&amp;')"
        case Code.entityReferenceWithoutSemicolon: return "entity reference without its ';'"
        case Code.quotedStrings, Code.literals: return "quoted string not started or not closed"
        case Code.lessThanInAttribute: return "'<' in an attribute value"
        case Code.attributeNotStarted: return "attribute value without quotes"
        case Code.attributeNotFinished: return "attribute value never closed"
        case Code.attributeWithoutValue: return "attribute without a value"
        case Code.attributeRedefined: return "attribute given twice in one tag"
        case Code.commentNotFinished: return "comment never closed"
        case Code.hyphenInComment: return "'--' inside a comment"
        case Code.commentAbruptlyEnded: return "comment ends before it starts ('<!-->')"
        case Code.processingInstructions: return "malformed processing instruction"
        case Code.declarations: return "malformed declaration in the DTD"
        case Code.xmlDeclarations, Code.versionMissing, Code.encodingName: return "malformed XML declaration"
        case Code.unknownVersion: return "XML version other than 1.0"
        case Code.reservedXMLName: return "XML declaration not at the very start of the document"
        case Code.doctypeNotFinished, Code.internalSubsetNotFinished: return "DOCTYPE never closed"
        case Code.identifiersRequired: return "DOCTYPE without its public or system identifier"
        case Code.misplacedCDATAEnd: return "']]>' in text"
        case Code.cdataNotFinished: return "CDATA section never closed"
        case Code.spaceRequired: return "a space is missing between names or attributes"
        // libxml2 uses this code after a '<' and after a '&' alike.
        case Code.nameRequired: return "'<' or '&' not followed by a name (write '&lt;' or '&amp;' in text)"
        case Code.lessThanRequired, Code.greaterThanRequired: return "tag without its '>'"
        case Code.endTagRequired: return "end tag missing"
        case Code.equalsRequired: return "attribute without '='"
        case Code.tagNotFinished: return "the document ends inside an element"
        case Code.notWellBalanced: return "elements not properly nested"
        case Code.entityLoop: return "entity refers to itself"
        case Code.userStop: return "parsing stopped"
        case Code.undefinedNamespace: return "namespace prefix not declared"
        case Code.namespaceErrors: return "malformed namespace name or declaration"
        default: return "not well-formed XML (libxml2 error \(code))"
        }
    }
}
