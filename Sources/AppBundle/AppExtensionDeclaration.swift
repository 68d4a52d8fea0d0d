import PropertyList
import UniformTypes

/// What an app extension's `NSExtension` dictionary declares (info-plist-rules §1.4).
public struct AppExtensionDeclaration: Sendable, Hashable {
    /// The kinds of extension the document questions care about.
    public enum Point: Sendable, Hashable {
        /// `com.apple.quicklook.thumbnail`: draws thumbnails in Files and Finder.
        case thumbnail
        /// `com.apple.quicklook.preview`: draws Quick Look previews.
        case preview
        /// Any other extension point, as declared.
        case other(String)

        /// The point for an `NSExtensionPointIdentifier`.
        public init(identifier: String) {
            switch identifier {
            case "com.apple.quicklook.thumbnail": self = .thumbnail
            case "com.apple.quicklook.preview": self = .preview
            default: self = .other(identifier)
            }
        }
    }

    /// Where `NSExtension` is.
    public var location: SourceLocation
    /// `NSExtensionPointIdentifier`, as written.
    public var pointIdentifier: Located<String>?
    /// `NSExtensionAttributes.QLSupportedContentTypes`: the exact types the extension handles.
    public var supportedContentTypes: [Located<UniformTypeIdentifier>]
    /// Where `QLSupportedContentTypes` is, when present.
    public var supportedContentTypesLocation: SourceLocation?
    /// `NSExtensionPrincipalClass`.
    public var principalClass: Located<String>?

    /// A declaration at `location` with nothing read yet.
    public init(location: SourceLocation) {
        self.location = location
        supportedContentTypes = []
    }

    /// The extension point, when `NSExtensionPointIdentifier` is present.
    public var point: Point? { pointIdentifier.map { Point(identifier: $0.value) } }
}
