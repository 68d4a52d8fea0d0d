/// Why a property list could not be read. Each case names one problem; the location is kept apart
/// in ``PropertyListError`` so that messages never repeat the position.
public enum PropertyListProblem: Error, Sendable, Hashable {
    // Input as a whole
    /// The file could not be opened or read (the system's reason).
    case unreadable(String)
    /// The file is larger than the reader's limit.
    case inputTooLarge(size: Int, limit: Int)
    /// The file holds no bytes (or only whitespace).
    case emptyInput
    /// The bytes are in no property-list format the reader knows.
    case unknownFormat
    /// Values nest deeper than the limit.
    case nestingTooDeep(limit: Int)

    // XML
    /// libxml2 reported a well-formedness error (its message, lower-cased, without position).
    case xmlSyntax(String)
    /// The document has an internal DTD subset (`<!DOCTYPE plist [ … ]>`), which is refused.
    case internalSubsetRefused
    /// An entity reference other than the five predefined ones.
    case entityReferenceRefused(String)
    /// An element that is not part of the plist grammar.
    case unknownElement(String)
    /// An element where the grammar does not allow it (`<key>` in an array, `<dict>` in a string…).
    case misplacedElement(String, context: String)
    /// The `<plist>` element holds no value.
    case missingRootValue
    /// More than one value at the top level.
    case multipleRootValues
    /// A dictionary key with no value after it.
    case keyWithoutValue(String)
    /// A value in a dictionary with no key before it.
    case valueWithoutKey(String)

    // Scalars (all text formats)
    /// An `<integer>` that is not a decimal or `0x` hexadecimal number.
    case invalidInteger(String)
    /// An integer outside Int64.min … UInt64.max.
    case integerOutOfRange(String)
    /// A `<real>` that is not a decimal number, `nan` or `inf`.
    case invalidReal(String)
    /// A `<date>` that is not `YYYY-MM-DDTHH:MM:SSZ`, or names a day that does not exist.
    case invalidDate(String)
    /// `<data>` that is not base64.
    case invalidBase64(String)

    // Binary
    /// The file ends before a structure that must be there.
    case truncated(String)
    /// The trailer's fields contradict each other or the file.
    case invalidTrailer(String)
    /// An offset-table entry points outside the object area.
    case invalidObjectOffset(object: Int, offset: Int)
    /// An object reference names an object that does not exist.
    case invalidObjectReference(Int, count: Int)
    /// An object marker byte that no object type uses.
    case unknownObjectMarker(UInt8)
    /// A container (directly or indirectly) contains itself.
    case referenceCycle(object: Int)
    /// An object's contents are malformed (bad length, bad string bytes…).
    case invalidObject(String)
    /// A dictionary key that is not a string.
    case nonStringKey(String)

    // OpenStep
    /// A character that cannot start or continue what the parser expected.
    case unexpectedCharacter(String, expected: String)
    /// The input ended where more was expected.
    case unexpectedEnd(expected: String)
    /// A quoted string that never closes.
    case unterminatedString
    /// A comment that never closes.
    case unterminatedComment
    /// A `\` escape that is not valid.
    case invalidEscape(String)
    /// `<…>` data that is not pairs of hexadecimal digits.
    case invalidHexData(String)
    /// Text that is not valid in the file's encoding.
    case invalidEncoding(String)

    /// The message, lower-case first, identifiers quoted, no trailing period, no position.
    public var message: String {
        switch self {
        case .inputTooLarge(let size, let limit):
            return "file is \(size) bytes, over the \(limit)-byte limit (raise it with --max-size)"
        case .unreadable(let reason): return "cannot read file: \(reason)"
        case .emptyInput: return "file is empty"
        case .unknownFormat:
            return "not a property list: expected XML, binary ('bplist00') or OpenStep text"
        case .nestingTooDeep(let limit): return "values nest deeper than \(limit) levels"
        case .xmlSyntax(let text): return "XML syntax error: \(text)"
        case .internalSubsetRefused:
            return "internal DTD subsets are refused: they can declare entities that expand without bound"
        case .entityReferenceRefused(let name):
            return "entity reference '&\(name);' is refused: only &lt; &gt; &amp; &quot; &apos; are allowed"
        case .unknownElement(let name): return "unknown element <\(name)>"
        case .misplacedElement(let name, let context): return "<\(name)> is not allowed \(context)"
        case .missingRootValue: return "<plist> holds no value"
        case .multipleRootValues: return "more than one value at the top level"
        case .keyWithoutValue(let key): return "key '\(key)' has no value"
        case .valueWithoutKey(let name): return "<\(name)> in a dictionary has no <key> before it"
        case .invalidInteger(let text): return "'\(text)' is not an integer"
        case .integerOutOfRange(let text):
            return "integer '\(text)' is outside the range -9223372036854775808…18446744073709551615"
        case .invalidReal(let text): return "'\(text)' is not a real number"
        case .invalidDate(let text): return "'\(text)' is not a date of the form YYYY-MM-DDTHH:MM:SSZ"
        case .invalidBase64(let why): return "data is not valid base64: \(why)"
        case .truncated(let what): return "file is truncated: \(what)"
        case .invalidTrailer(let why): return "invalid binary plist trailer: \(why)"
        case .invalidObjectOffset(let object, let offset):
            return "object \(object) has offset \(offset), outside the object area"
        case .invalidObjectReference(let reference, let count):
            return "reference to object \(reference), but the file has only \(count) objects"
        case .unknownObjectMarker(let marker):
            return "unknown object marker 0x\(String(marker, radix: 16, uppercase: true))"
        case .referenceCycle(let object): return "object \(object) contains itself (reference cycle)"
        case .invalidObject(let why): return why
        case .nonStringKey(let kind): return "dictionary key is \(kind), not a string"
        case .unexpectedCharacter(let found, let expected): return "unexpected \(found); expected \(expected)"
        case .unexpectedEnd(let expected): return "unexpected end of file; expected \(expected)"
        case .unterminatedString: return "quoted string is never closed"
        case .unterminatedComment: return "comment is never closed"
        case .invalidEscape(let text): return "invalid escape '\(text)'"
        case .invalidHexData(let why): return "invalid <hex> data: \(why)"
        case .invalidEncoding(let why): return "invalid text encoding: \(why)"
        }
    }
}

/// A property list that could not be read: the problem and where it is.
public struct PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var problem: PropertyListProblem
    /// Where it is.
    public var location: SourceLocation

    /// Creates an error.
    public init(_ problem: PropertyListProblem, at location: SourceLocation) {
        self.problem = problem
        self.location = location
    }

    /// `path:line:col: error: message`, or with `(object N at byte M)` for binary positions.
    public var description: String {
        var text = "\(location): error: \(problem.message)"
        if location.line == nil, let position = location.binaryPosition {
            text += " (\(position))"
        }
        return text
    }
}

/// A warning found while reading: the input was read, but something in it deserves attention.
public struct PropertyListWarning: Sendable, Hashable, CustomStringConvertible {
    /// What the warning is about.
    public enum Kind: Sendable, Hashable {
        /// A key appears twice in one dictionary; the last value wins where one is needed.
        case duplicateKey(String, firstLine: Int?)
        /// The root value has no `<plist>` element around it.
        case missingPlistElement
        /// A real number beyond Double's range was read as infinity.
        case realOverflow(String)
        /// Text between elements, which Apple's parser refuses and this reader skips (as Python's
        /// plistlib does): typically a preprocessor line in an Info.plist that Xcode preprocesses.
        case textBetweenElements(String)
        /// A 16-byte binary integer whose value does not fit in 64 bits was read from its low bits.
        case integerTruncated
        /// An OpenStep `\U` escape with fewer than four hexadecimal digits (the escape as written),
        /// read as Apple's parser reads it: the digits there are.
        case shortUnicodeEscape(String)
        /// A NUL character inside an OpenStep quoted string: kept, as Apple's parser keeps it.
        case nulInString
        /// A binary date outside the years 0000 to 9999, which an XML plist cannot write (its
        /// seconds from 2001-01-01).
        case dateOutOfRange(Double)
    }

    /// What the warning is about.
    public var kind: Kind
    /// Where it is.
    public var location: SourceLocation

    /// Creates a warning.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The message, without the position.
    public var message: String {
        switch kind {
        case .duplicateKey(let key, let firstLine):
            let first = firstLine.map { " (first at line \($0))" } ?? ""
            return "duplicate key '\(key)'\(first); the last value wins"
        case .missingPlistElement:
            return "root value has no <plist> element around it; read as Apple's parser reads it"
        case .realOverflow(let text): return "real '\(text)' is beyond the range of a double; read as infinity"
        case .textBetweenElements(let text):
            return
                "text '\(text)' between elements is ignored; Apple's parser refuses it unless Xcode preprocesses the file first"
        case .integerTruncated:
            return "128-bit integer does not fit in 64 bits; only its low 64 bits were kept"
        case .shortUnicodeEscape(let escape):
            return
                "'\(escape)' has fewer than four hexadecimal digits; read as Apple's parser reads it, from the digits there are"
        case .nulInString:
            return "quoted string holds a NUL character; Apple's parser keeps it, but many tools cut the string there"
        case .dateOutOfRange(let seconds):
            return
                "date is outside the years 0000 to 9999 (\(PlistDate.secondsText(seconds)) seconds from 2001-01-01), which an XML plist cannot write"
        }
    }

    /// `path:line:col: warning: message`.
    public var description: String {
        var text = "\(location): warning: \(message)"
        if location.line == nil, let position = location.binaryPosition {
            text += " (\(position))"
        }
        return text
    }
}
