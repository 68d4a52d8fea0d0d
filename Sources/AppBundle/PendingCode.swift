import Dispatch
import SwiftSource

/// An app's Swift code being read on a thread of its own, from when the app is loaded: its first
/// use waits for it. A lint reads the code this way while it reads the Info.plist, builds the type
/// catalog and runs the rules that do not need code, on a core that is otherwise mostly idle;
/// for a folder without a project, every Swift file the discovery walk met starts being read
/// before the Info.plists are (``SwiftFileBatch``), and each app takes its own from them
/// (the lint of `utiscope-bench swift`'s app with 300 Swift files, with the second core free:
/// 27–28 ms read this way against 31–34 ms with the same reading done in place, best of fifteen
/// each by turns; the lint without code 24–26 ms).
final class PendingCode: @unchecked Sendable {
    /// The reads of every app, one after another (each reads its files on all cores): a lint of a
    /// folder of many apps starts no more than one at a time.
    static let queue = DispatchQueue(label: "utiscope.swift-sources")

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

    /// The code of `paths`, taken from `batch` once it is read (the batch started earlier on the
    /// same queue, so it is done when this runs).
    init(from batch: SwiftFileBatch, paths: [String]) {
        done.enter()
        Self.queue.async {
            let read = batch.files(paths)
            self.result = (SwiftCodeFacts(files: read.compactMap(\.file)), read.compactMap(\.finding))
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

/// Swift files read ahead, before it is known which app each belongs to: every file a folder's
/// discovery walk met (``ProjectDiscovery/Result/swiftFolders``), read on ``PendingCode/queue``.
final class SwiftFileBatch: @unchecked Sendable {
    /// Written once on the queue; read only by tasks queued after it.
    private var read: [String: (file: SwiftFile?, finding: AppBundleFinding?)] = [:]

    /// Starts reading `paths`.
    init(reading paths: [String]) {
        PendingCode.queue.async {
            let files = SwiftSourceFiles.readFiles(paths)
            var read: [String: (file: SwiftFile?, finding: AppBundleFinding?)] = [:]
            read.reserveCapacity(paths.count)
            for (path, file) in zip(paths, files) { read[path] = file }
            self.read = read
        }
    }

    /// The files `paths` as read (on the queue, after the batch): read here when the batch did not
    /// hold one.
    func files(_ paths: [String]) -> [(file: SwiftFile?, finding: AppBundleFinding?)] {
        let missing = paths.filter { read[$0] == nil }
        var extra: [String: (file: SwiftFile?, finding: AppBundleFinding?)] = [:]
        for (path, file) in zip(missing, SwiftSourceFiles.readFiles(missing)) { extra[path] = file }
        return paths.map { read[$0] ?? extra[$0] ?? (nil, nil) }
    }
}
