import PropertyList

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
        }
    }
}
