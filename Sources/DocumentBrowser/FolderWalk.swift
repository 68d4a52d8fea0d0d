import Dispatch

/// A walk of a folder tree under way on its own thread: started before the app is loaded so the
/// two overlap, then consumed by ``FolderBrowser/browse(_:consume:)``.
public final class FolderWalk: Sendable {
    /// The folder walked.
    public let directory: String
    /// Whether plain subfolders are entered.
    public let recursive: Bool
    let queue: BatchQueue<[RawBatch]>
    let handoff: TyperHandoff

    /// Most entries queued ahead of the consumer: enough for the walk to run on while a big app
    /// loads (about 170 ms of reading; a 2 MB Info.plist loads in about 120), a bound on memory
    /// (about 10 MB) whatever the tree's size.
    static let queuedEntries = 1 << 17

    private init(directory: String, recursive: Bool) {
        self.directory = directory
        self.recursive = recursive
        queue = BatchQueue(capacity: Self.queuedEntries)
        handoff = TyperHandoff()
    }

    /// Starts walking `directory`; an error when it is not a folder. Items whose name starts with
    /// '.' are left out, as the Files app hides them, unless `showsHidden`.
    public static func start(_ directory: String, recursive: Bool, showsHidden: Bool = false) throws(BrowseError)
        -> FolderWalk
    {
        switch FileStatus(path: directory) {
        case .missing: throw .missing(path: directory)
        case .file: throw .notAFolder(path: directory)
        case .directory: break
        }
        let walk = FolderWalk(directory: directory, recursive: recursive)
        var configured = DirectoryWalker(root: directory, recursive: recursive, handoff: walk.handoff)
        configured.showsHidden = showsHidden
        let walker = configured
        let queue = walk.queue
        // A queue of its own runs on a thread of its own (not one of the shared workers the
        // loading and the classification use): the walk may wait there for the consumer.
        DispatchQueue(label: "utiscope.folder-walk").async {
            walker.run(into: queue)
            queue.finish()
        }
        return walk
    }

    /// Stops the walk (when the app could not be loaded, or the consumer gives up).
    public func cancel() {
        queue.cancel()
    }
}
