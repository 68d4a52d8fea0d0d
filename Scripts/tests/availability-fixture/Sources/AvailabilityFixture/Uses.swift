import Foundation
import Synchronization

// Uses of APIs newer than macOS 13, the package's target. Each line the check must report follows a
// comment line `expect:` with the message, less its "(the package targets 13.0)"; no other line may
// be reported.

/// One unguarded use of a macOS 15 API and the same use guarded in each way the check knows.
public enum Uses {
    /// Unguarded: a Mac build fails here.
    public static func unguarded(_ bytes: [UInt8]) -> String? {
        // expect: 'String.init(validating:as:)' needs macOS 15.0
        String(validating: bytes, as: UTF8.self)
    }

    /// Guarded by `if #available`; the else branch is not.
    public static func guardedByIf(_ bytes: [UInt8]) -> String? {
        if #available(macOS 15, *) {
            return String(validating: bytes, as: UTF8.self)
        } else {
            // expect: 'String.init(validating:as:)' needs macOS 15.0
            return String(validating: bytes, as: UTF8.self)
        }
    }

    /// Guarded by `guard #available` for the rest of the function.
    public static func guardedByGuard(_ bytes: [UInt8]) -> String? {
        guard #available(macOS 15, *) else { return nil }
        let text = "}"  // a brace in a string does not end the region
        return String(validating: bytes, as: UTF8.self).map { $0 + text }
    }

    /// A guard for a release before the one the API needs guards nothing.
    public static func guardTooLow(_ bytes: [UInt8]) -> String? {
        if #available(macOS 14, *) {
            // expect: 'String.init(validating:as:)' needs macOS 15.0
            return String(validating: bytes, as: UTF8.self)
        }
        return nil
    }

    /// A macOS 14 API of Foundation, unguarded.
    public static func fourteen(_ text: String) -> URL? {
        // expect: 'URL.init(string:encodingInvalidCharacters:)' needs macOS 14.0
        URL(string: text, encodingInvalidCharacters: false)
    }

    /// A macOS 13 API: the package's own target.
    public static func thirteen() -> Duration {
        Duration.seconds(1)
    }

    /// `&*` became a requirement of FixedWidthInteger in macOS 15, with a default implementation
    /// that every release has.
    public static func wrappingProduct(_ left: Int, _ right: Int) -> Int {
        left &* right
    }
}

/// Inside a declaration marked available from macOS 15.
@available(macOS 15, *)
public func insideAvailableFunction(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}

/// A type available from macOS 15: its members may use macOS 15 APIs.
@available(macOS 15, *)
public final class Counter: Sendable {
    let value = Mutex(0)

    /// Adds one.
    public func increment() -> Int {
        value.withLock { count in
            count += 1
            return count
        }
    }
}

/// A requirement without a body: the region of its attribute ends with it.
public protocol Source {
    /// Available from macOS 15.
    @available(macOS 15, *)
    func lock() -> Mutex<Int>

    /// Not marked: the requirement above does not cover it.
    // expect: 'Atomic' needs macOS 15.0
    func counter() -> Atomic<Int>
}

/* A comment saying if #available(macOS 15, *) { opens no region. */
/// After the comment above, an unguarded use is still reported.
public func afterComment(_ bytes: [UInt8]) -> String? {
    // expect: 'String.init(validating:as:)' needs macOS 15.0
    String(validating: bytes, as: UTF8.self)
}
