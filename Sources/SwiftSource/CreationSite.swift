import PropertyList

/// A place in code that creates a document browser, picker or launch view, or configures
/// document creation, with the list of types it passes.
public struct CreationSite: Sendable, Hashable {
    /// What the code creates.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `UIDocumentBrowserViewController(forOpening:)` (also `super.init(forOpening:)` in a
        /// subclass): a list of `UTType`, or nil for the Info.plist's document types.
        case documentBrowser
        /// `UIDocumentBrowserViewController(forOpeningFilesWithContentTypes:)`: identifiers as
        /// strings, or nil.
        case documentBrowserByIdentifiers
        /// `UIDocumentPickerViewController(forOpeningContentTypes:…)`.
        case documentPicker
        /// `UIDocumentPickerViewController(documentTypes:in:)`: identifiers as strings.
        case documentPickerByIdentifiers
        /// SwiftUI's `.fileImporter(…allowedContentTypes:…)`.
        case fileImporter
        /// SwiftUI's `DocumentLaunchView(…for:…)`.
        case documentLaunchView
        /// SwiftUI's `NewDocumentButton(…contentType:…)`; the list holds the one type, absent
        /// when the document's own type is used.
        case newDocumentButton
        /// SwiftUI's `DocumentGroupLaunchScene`: the launch scene of the app's document groups
        /// (no list of its own).
        case documentGroupLaunchScene
        /// A class inheriting from `UIDocumentViewController` (iOS 18's launch experience; its
        /// browser reads the Info.plist's document types, so no list).
        case documentViewController
        /// `createDocumentAction(with:)` / `createDocumentAction(withIntent:)` of
        /// `UIDocumentViewController.LaunchOptions`: ``CreationSite/intent`` says which intent.
        case createDocumentAction

        /// Whether the site is a document browser's (its list is the browser's allowed types).
        public var isDocumentBrowser: Bool { self == .documentBrowser || self == .documentBrowserByIdentifiers }

        /// Whether the list holds identifiers as strings rather than `UTType`s.
        public var takesIdentifierStrings: Bool {
            self == .documentBrowserByIdentifiers || self == .documentPickerByIdentifiers
        }

        /// Whether the site shows the user files to open: a browser, a picker, the file importer,
        /// a launch view or scene, a `UIDocumentViewController` (whose launch browser reads the
        /// Info.plist's document types). A new-document button or creation action does not.
        public var showsFilesToOpen: Bool {
            self != .newDocumentButton && self != .createDocumentAction
        }

        /// The API as code writes it: `UIDocumentBrowserViewController(forOpening:)`, `.fileImporter`…
        public var apiName: String {
            switch self {
            case .documentBrowser: "UIDocumentBrowserViewController(forOpening:)"
            case .documentBrowserByIdentifiers: "UIDocumentBrowserViewController(forOpeningFilesWithContentTypes:)"
            case .documentPicker: "UIDocumentPickerViewController(forOpeningContentTypes:)"
            case .documentPickerByIdentifiers: "UIDocumentPickerViewController(documentTypes:in:)"
            case .fileImporter: ".fileImporter(allowedContentTypes:)"
            case .documentLaunchView: "DocumentLaunchView(for:)"
            case .newDocumentButton: "NewDocumentButton(contentType:)"
            case .documentGroupLaunchScene: "DocumentGroupLaunchScene"
            case .documentViewController: "UIDocumentViewController"
            case .createDocumentAction: "createDocumentAction(with:)"
            }
        }
    }

    /// What the code creates.
    public var kind: Kind
    /// Where the creating expression starts (the type name, or `.fileImporter`'s name).
    public var location: SourceLocation
    /// The list of types passed (``TypeList/absent`` when the API takes none or none is passed).
    public var list: TypeList
    /// For ``Kind/createDocumentAction``, the intent as written (`.template`); for
    /// ``Kind/newDocumentButton``, the document type of `for:` when written (`Doc.self` gives
    /// `Doc`); nil otherwise.
    public var detail: String?
    /// The name the created browser is bound to (`let browser = UIDocumentBrowserViewController(…)`).
    public var boundName: String?

    /// Makes a site.
    public init(kind: Kind, location: SourceLocation, list: TypeList, detail: String? = nil, boundName: String? = nil) {
        self.kind = kind
        self.location = location
        self.list = list
        self.detail = detail
        self.boundName = boundName
    }
}
