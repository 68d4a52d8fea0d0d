import Dispatch
import SwiftSource

/// An app's Swift code being read on a thread of its own, from when the app is loaded: its first
/// use waits for it. A lint reads the code this way while it reads the Info.plist, builds the type
/// catalog and runs the rules that do not need code, on a core that is otherwise mostly idle
/// (`utiscope-bench swift` compares the lint of an app with 300 Swift files to the same lint
/// without its code; Documentation/Performance.md has the figures).
final class PendingCode: @unchecked Sendable {
    /// The reads of every app, one after another (each reads its files on all cores): a lint of a
    /// folder of many apps starts no more than one.
    private static let queue = DispatchQueue(label: "utiscope.swift-sources")

    private let done = DispatchGroup()
    /// Written once, before `done` is left; read only after waiting on `done`.
    private var result: (facts: SwiftCodeFacts, findings: [AppBundleFinding])?

    /// Code already read.
    init(facts: SwiftCodeFacts, findings: [AppBundleFinding] = []) {
        result = (facts, findings)
    }

    /// Starts reading `paths` (``SwiftSourceFiles/read(_:)``).
    init(reading paths: [String]) {
        done.enter()
        Self.queue.async {
            let read = SwiftSourceFiles.read(paths)
            self.result = (read.code, read.findings)
            self.done.leave()
        }
    }

    /// What the code says, once read.
    var facts: SwiftCodeFacts {
        done.wait()
        return result?.facts ?? SwiftCodeFacts(files: [])
    }

    /// The files that could not be read, once read.
    var findings: [AppBundleFinding] {
        done.wait()
        return result?.findings ?? []
    }
}
