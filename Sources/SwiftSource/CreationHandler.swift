import PropertyList

/// A document-creation handler and how its body treats it: the document browser delegate's
/// `documentBrowser(_:didRequestDocumentCreationWithHandler:)` and its `importHandler` (under
/// whatever local name), or the continuation of `withCheckedContinuation` /
/// `withCheckedThrowingContinuation` in a SwiftUI `NewDocumentButton`'s document-preparing
/// closure. Either must be consumed exactly once on every path: a request whose handler is never
/// called blocks every later one.
///
/// Read by ``HandlerFlow``; what it does not model is said there. When unsure, it finds nothing.
public struct CreationHandler: Sendable, Hashable {
    /// Whose handler it is.
    public enum Kind: String, Sendable, Hashable {
        /// `documentBrowser(_:didRequestDocumentCreationWithHandler:)`.
        case browserDelegate
        /// A continuation inside `NewDocumentButton`'s closure.
        case newDocumentContinuation
    }

    /// Whose handler it is.
    public var kind: Kind
    /// Where the function (`func`) or the `withChecked…Continuation` call is written.
    public var location: SourceLocation
    /// The type the method is declared in (a class or an extension's type), if any.
    public var enclosingType: String?
    /// The handler's local name (`importHandler`, `handler`, `completion`, `continuation`…).
    public var handlerName: String
    /// Each place where a path through the body ends without consuming the handler.
    public var unconsumedEnds: [HandlerPathEnd]
    /// Each call of the handler on a path that has already called it (the second call).
    public var repeatedCalls: [SourceLocation]
    /// Whether every call of the handler passes `nil` as the URL (a `nil` literal, or a `let`
    /// in the body bound to `nil`) and the handler is never passed on: creation can only be
    /// cancelled (the Xcode template's stub). False when there is no call.
    public var canOnlyCancel: Bool
    /// Whether the whole body was modelled; false when a construct the reading does not model
    /// touches the handler (a loop, a nested function, `fallthrough`…), whose paths then give no
    /// finding.
    public var isFullyModelled: Bool

    /// Makes a handler reading.
    public init(
        kind: Kind, location: SourceLocation, enclosingType: String?, handlerName: String,
        unconsumedEnds: [HandlerPathEnd], repeatedCalls: [SourceLocation], canOnlyCancel: Bool, isFullyModelled: Bool
    ) {
        self.kind = kind
        self.location = location
        self.enclosingType = enclosingType
        self.handlerName = handlerName
        self.unconsumedEnds = unconsumedEnds
        self.repeatedCalls = repeatedCalls
        self.canOnlyCancel = canOnlyCancel
        self.isFullyModelled = isFullyModelled
    }
}

/// Where a path through a creation handler's body ends without consuming the handler.
public struct HandlerPathEnd: Sendable, Hashable {
    /// How the path ends.
    public enum Kind: String, Sendable, Hashable {
        /// At a `return`.
        case returnStatement = "return"
        /// At a `throw`.
        case throwStatement = "throw"
        /// At the closing brace of the body (or of a closure that mentions the handler).
        case fallThrough = "fall-through"
        /// The body never mentions the handler: reported where the function is declared.
        case neverMentioned = "never-mentioned"
    }

    /// How the path ends.
    public var kind: Kind
    /// Where: the `return`/`throw`, the closing brace, or the function.
    public var location: SourceLocation

    /// Makes a path end.
    public init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}
