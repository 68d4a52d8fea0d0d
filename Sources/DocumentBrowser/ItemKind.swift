/// What an item on disk is to the document browser.
public enum ItemKind: String, Sendable, Hashable, CaseIterable {
    /// A file: its type comes from its extension, among types conforming to `public.data`.
    case file
    /// A plain folder: the browser navigates into it.
    case folder
    /// A folder whose extension names a type conforming to `com.apple.package`: shown and opened
    /// as one document.
    case package
}
