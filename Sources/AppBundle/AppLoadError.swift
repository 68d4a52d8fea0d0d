import PropertyList
import Support

/// Why `--app PATH` did not give one app.
public enum AppLoadError: Error, Sendable, CustomStringConvertible {
    /// The Info.plist could not be read.
    case unreadable(PropertyListError)
    /// The path does not exist.
    case missing(path: String)
    /// The folder or project holds no app.
    case noApp(path: String)
    /// The folder or project holds several apps; the user must name one (their names are given).
    case severalApps(path: String, names: [String])
    /// `--target` names none of the apps found (their names are given).
    case noSuchTarget(path: String, target: String, names: [String])
    /// The file's top-level value is not a dictionary (its kind is given): it is no Info.plist.
    case notInfoPlist(location: SourceLocation, kind: PlistKind)

    /// `path: error: message`.
    public var description: String {
        switch self {
        case .unreadable(let error): return error.description
        case .missing(let path): return "\(path): error: no such file or folder"
        case .noApp(let path):
            return "\(path): error: no app found (no Xcode project app target, .app bundle or Info.plist)"
        case .severalApps(let path, let names):
            let list = names.map { "'\($0)'" }.joined(separator: ", ")
            return
                "\(path): error: \(names.count) apps found (\(list)); name one with --app PATH/TO/Info.plist or the .xcodeproj and --target NAME"
        case .noSuchTarget(let path, let target, let names):
            let list = names.map { "'\($0)'" }.joined(separator: ", ")
            let found =
                names.isEmpty
                ? "no app is there" : (names.count == 1 ? "the app there is " : "the apps there are ") + list
            return "\(path): error: no app named '\(OutputEscaping.escape(target))' (--target); \(found)"
        case .notInfoPlist(let location, let kind):
            return "\(location): error: \(Self.notDictionary(kind))"
        }
    }

    /// Why a file whose top-level value is of `kind` is no Info.plist: lint's PLIST-002 says the same.
    public static func notDictionary(_ kind: PlistKind) -> String {
        "top-level value is \(withArticle(kind.description)), not a dictionary of Info.plist keys"
    }
}
