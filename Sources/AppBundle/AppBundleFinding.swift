import PropertyList

/// A problem met while reading an app's project, settings or files. Reading goes on past every
/// finding; what could not be read is left out or keeps its unexpanded text.
public struct AppBundleFinding: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// `$(NAME)` names a setting no layer defines; the value keeps the reference's text.
        case unresolvedBuildSetting(name: String)
        /// A setting refers to itself, directly or through others; the cycle is cut there.
        case buildSettingCycle(name: String)
        /// Expanding `NAME` followed too many references or produced too much text; the rest of
        /// the value keeps its references as written.
        case expansionLimit(name: String)
        /// A `$(NAME:op)` operator that Xcode does not know; the value is used without it.
        case unknownOperator(name: String)
        /// A malformed reference such as `$(NAME` without its closing parenthesis.
        case malformedReference(text: String)
        /// A target's `productType` is not one this module knows.
        case unknownProductType(identifier: String)
        /// A target names an `INFOPLIST_FILE` that does not exist or cannot be read.
        case missingInfoPlistFile(path: String)
        /// A file or folder a project or bundle names exists only in another letter case
        /// (`info.plist` for `Info.plist`): a Mac's file system finds it, as it ignores case by
        /// default, while iOS devices, Linux and case-sensitive volumes do not. It is read from
        /// `onDisk` all the same, on every system.
        case caseMismatch(path: String, onDisk: String)
        /// A target neither names an `INFOPLIST_FILE` nor generates one.
        case noInfoPlist(target: String)
        /// The chosen build configuration does not exist; the project's default was used.
        case unknownConfiguration(name: String, used: String?)
        /// An xcconfig file could not be read.
        case unreadableXCConfig(path: String, reason: String)
        /// An `#include` leads back to a file already being read.
        case includeCycle(path: String)
        /// An xcconfig line that is neither an assignment, an include nor a comment.
        case malformedXCConfigLine(text: String)
        /// A project object is missing or of an unexpected shape (a dangling reference, say).
        case malformedProject(detail: String)
        /// A file referenced through a group could not be placed on disk (its source tree is a
        /// build directory or an SDK, say).
        case unresolvableFileReference(name: String, sourceTree: String)
        /// A property list could not be read.
        case unreadablePropertyList(path: String, reason: String)
        /// Two values of different kinds for one generated Info.plist key; the file's value stays.
        case incompatibleGeneratedValue(key: String)
        /// A directory could not be listed during discovery.
        case unreadableDirectory(path: String)
        /// An Info.plist value of the wrong kind (a string where an array belongs, say).
        case wrongValueType(key: String, expected: String, found: String)
        /// The integer 0 or 1 where a boolean belongs, read as false or true: the form Xcode's
        /// document-type editor writes for `CFBundleTypeIconSystemGenerated`.
        case integerForBoolean(key: String, value: Bool)
        /// An empty string where a name or identifier belongs.
        case emptyValue(key: String)
        /// A string where an array belongs; read as a one-element array, as Apple reads it.
        case stringForArray(key: String)
        /// A dictionary where an array of dictionaries belongs; read as a one-element array.
        case dictionaryForArray(key: String)
        /// A key this reader does not know, close to one it does (`UTTypeConformTo`).
        case unknownKey(key: String, suggestion: String?)
        /// A type declaration without `UTTypeIdentifier`; it is left out.
        case missingIdentifier
        /// A Swift file of the app could not be read; its code is left out.
        case unreadableSource(path: String, reason: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where: the file, and the line and key path when known.
    public var location: SourceLocation

    /// A finding of `kind` at `location`.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The message, lower-case, quoting names in single quotes, without the position.
    public var message: String {
        switch kind {
        case .unresolvedBuildSetting(let name):
            return "build setting '\(name)' is not defined; the reference stays unexpanded"
        case .buildSettingCycle(let name):
            return "build setting '\(name)' refers to itself"
        case .expansionLimit(let name):
            return "expansion of build setting '\(name)' stops: it grows past the limit"
        case .unknownOperator(let name):
            return "unknown build setting operator '\(name)'"
        case .malformedReference(let text):
            return "malformed build setting reference '\(text)'"
        case .unknownProductType(let identifier):
            return "unknown product type '\(identifier)'"
        case .missingInfoPlistFile(let path):
            return "INFOPLIST_FILE '\(path)' does not exist"
        case .caseMismatch(let path, let onDisk):
            return
                "'\(path)' exists only as '\(onDisk)', in another letter case: a Mac finds it, an iOS device or a case-sensitive file system does not"
        case .noInfoPlist(let target):
            return "target '\(target)' has no INFOPLIST_FILE and does not generate one"
        case .unknownConfiguration(let name, let used):
            if let used { return "no build configuration named '\(name)'; using '\(used)'" }
            return "no build configuration named '\(name)'"
        case .unreadableXCConfig(let path, let reason):
            return "cannot read xcconfig file '\(path)': \(reason)"
        case .includeCycle(let path):
            return "'#include' of '\(path)' leads back to a file being read"
        case .malformedXCConfigLine(let text):
            return "cannot read xcconfig line '\(text)'"
        case .malformedProject(let detail):
            return "malformed project: \(detail)"
        case .unresolvableFileReference(let name, let sourceTree):
            return "cannot place '\(name)' (source tree '\(sourceTree)') on disk"
        case .unreadablePropertyList(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .incompatibleGeneratedValue(let key):
            return "generated value for '\(key)' has a different type than the Info.plist's; the file's value stays"
        case .unreadableDirectory(let path):
            return "cannot list directory '\(path)'"
        case .wrongValueType(let key, let expected, let found):
            return "'\(key)' should be \(Self.article(expected)) \(expected), not \(Self.article(found)) \(found)"
        case .integerForBoolean(let key, let value):
            return
                "'\(key)' is the integer \(value ? 1 : 0), which the system reads as \(value); <\(value)/> is the documented form"
        case .emptyValue(let key):
            return "'\(key)' is an empty string"
        case .stringForArray(let key):
            return "'\(key)' should be an array; its string is read as a one-element array"
        case .dictionaryForArray(let key):
            return "'\(key)' should be an array of dictionaries; its dictionary is read as a one-element array"
        case .unknownKey(let key, let suggestion):
            if let suggestion { return "unknown key '\(key)'; did you mean '\(suggestion)'?" }
            return "unknown key '\(key)'"
        case .missingIdentifier:
            return "type declaration has no 'UTTypeIdentifier'; it is ignored"
        case .unreadableSource(let path, let reason):
            return "cannot read the Swift file '\(path)': \(reason); its code is left out"
        }
    }

    private static func article(_ noun: String) -> String {
        ["a", "e", "i", "o", "u"].contains(noun.first.map(String.init) ?? "") ? "an" : "a"
    }

    /// `location: message`.
    public var description: String { "\(location): \(message)" }
}

extension Array where Element == AppBundleFinding {
    /// The findings in a stable order: by file, line, column, then message.
    func sortedForReport() -> [AppBundleFinding] {
        sorted { left, right in
            if left.location.file != right.location.file { return left.location.file < right.location.file }
            let leftLine = left.location.line ?? 0
            let rightLine = right.location.line ?? 0
            if leftLine != rightLine { return leftLine < rightLine }
            let leftColumn = left.location.column ?? 0
            let rightColumn = right.location.column ?? 0
            if leftColumn != rightColumn { return leftColumn < rightColumn }
            return left.message < right.message
        }
    }
}
