/// What a bundle is, for which rules apply to it: an app (or an app's extension), a bundle that
/// only declares types (a framework, a plug-in, a vendored copy of a system bundle), or one of
/// Apple's own type bundles (CoreTypes and its kind), whose declarations are the system's.
public enum BundleKind: String, Sendable, Hashable {
    /// An app, or anything not shown to be otherwise.
    case app
    /// Declares types, lists no document types, and its package type is not an app's
    /// (`APPL`) or an extension's (`XPC!`).
    case typeDeclarations
    /// Declares types, lists no document types, and has an Apple bundle identifier (`com.apple.`).
    case systemTypeDeclarations

    /// The kind of the bundle `plist` describes.
    public init(of plist: InfoPlist) {
        guard !plist.exportedTypes.isEmpty || !plist.importedTypes.isEmpty, plist.documentTypes.isEmpty,
            plist.appExtension == nil
        else {
            self = .app
            return
        }
        if let identifier = plist.bundleIdentifier?.value, identifier.lowercased().hasPrefix("com.apple.") {
            self = .systemTypeDeclarations
            return
        }
        guard let packageType = plist.document?.root["CFBundlePackageType"]?.string, !packageType.contains("$"),
            packageType != "APPL", packageType != "XPC!"
        else {
            self = .app
            return
        }
        self = .typeDeclarations
    }
}
