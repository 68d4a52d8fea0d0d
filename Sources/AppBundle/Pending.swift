import Dispatch
import SwiftSource

/// A value being made on a queue from when it is started; its first read waits for it. An app's
/// Swift code and its resource walk are made this way while the Info.plist is read, the type
/// catalog built and the rules that need neither run, on a core that is otherwise mostly idle.
final class Pending<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once, before `done` is left; read only after waiting on `done`.
    private var made: Value?

    /// A value already made.
    init(_ value: Value) {
        made = value
    }

    /// Starts making the value with `make` on `queue`.
    init(on queue: DispatchQueue, _ make: @escaping @Sendable () -> Value) {
        done.enter()
        queue.async {
            self.made = make()
            self.done.leave()
        }
    }

    /// The value, once made.
    var value: Value {
        done.wait()
        guard let made else { preconditionFailure("a pending value is read only once it is made") }
        return made
    }
}

/// An app's Swift code as read: what it says, and the files that could not be read.
struct CodeRead: Sendable {
    /// What the code says.
    var facts: SwiftCodeFacts
    /// The files that could not be read.
    var findings: [AppBundleFinding]
}

/// An app's Swift code, read on a thread of its own from when the app is loaded. For a folder
/// without a project, every Swift file the discovery walk met starts being read before the
/// Info.plists are (``SwiftFileBatch``), and each app takes its own from them (the lint of
/// `utiscope-bench swift`'s app with 300 Swift files, with the second core free: 27–28 ms read
/// this way against 31–34 ms with the same reading done in place, best of fifteen each by turns;
/// the lint without code 24–26 ms).
typealias PendingCode = Pending<CodeRead>

extension Pending where Value == CodeRead {
    /// Starts reading `paths` (``SwiftSourceFiles/read(_:)``).
    convenience init(reading paths: [String]) {
        self.init(on: swiftSourcesQueue) {
            let read = SwiftSourceFiles.read(paths)
            return CodeRead(facts: read.code, findings: read.findings)
        }
    }

    /// The code of `paths`, taken from `batch` once it is read (the batch started earlier on the
    /// same queue, so it is done when this runs).
    convenience init(from batch: SwiftFileBatch, paths: [String]) {
        self.init(on: swiftSourcesQueue) {
            let read = batch.files(paths)
            return CodeRead(facts: SwiftCodeFacts(files: read.compactMap(\.file)), findings: read.compactMap(\.finding))
        }
    }
}

/// The queue apps' Swift code is read on, one app after another (each reads its files on all
/// cores): a lint of a folder of many apps starts no more than one read at a time.
private let swiftSourcesQueue = DispatchQueue(label: "utiscope.swift-sources")

/// Swift files read ahead, before it is known which app each belongs to: every file a folder's
/// discovery walk met (``ProjectDiscovery/Result/swiftFolders``), read on the queue of the apps'
/// code.
final class SwiftFileBatch: @unchecked Sendable {
    /// Written once on the queue; read only by tasks queued after it.
    private var read: [String: (file: SwiftFile?, finding: AppBundleFinding?)] = [:]

    /// Starts reading `paths`.
    init(reading paths: [String]) {
        swiftSourcesQueue.async {
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
