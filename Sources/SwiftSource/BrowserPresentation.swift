import PropertyList

/// A document browser that code creates and then presents modally (`present(browser, …)`):
/// Apple requires the browser to be the app's root view controller.
public struct BrowserPresentation: Sendable, Hashable {
    /// Where `present(` is written.
    public var location: SourceLocation
    /// The browser class created (`UIDocumentBrowserViewController` or a subclass).
    public var browserType: String
    /// Where the presented browser is created, when that is in the same file.
    public var creationLocation: SourceLocation?

    /// Makes a presentation.
    public init(location: SourceLocation, browserType: String, creationLocation: SourceLocation?) {
        self.location = location
        self.browserType = browserType
        self.creationLocation = creationLocation
    }
}
