import UniformTypes

/// A folder as the document browser shows it: every item with its kind, whether it is selectable,
/// its type and its icon source, streamed folder by folder, and a summary.
///
/// Built for big trees: one thread reads folders (``DirectoryWalker``) while the calling thread
/// classifies and hands out rows, through a bounded queue, so both cores work and memory does not
/// grow with the tree. Items are classed by kind and extension, and each class is worked out once.
public struct FolderBrowser: Sendable {
    /// The browser whose questions are asked.
    public let browser: DocumentBrowser

    /// A folder browser for `browser`.
    public init(browser: DocumentBrowser) {
        self.browser = browser
    }

    /// What identifies a class: directory or not, and the extension as written.
    struct ClassKey: Hashable {
        var isDirectory: Bool
        var pathExtension: String
    }

    /// Browses `directory` (entering plain subfolders when `recursive`), calling `consume` on the
    /// calling thread with each folder's rows, in order, and the classes met so far.
    public func browse(
        _ directory: String, recursive: Bool, showsHidden: Bool = false, consume: (BrowseBatch, [BrowseClass]) -> Void
    ) throws(BrowseError) -> BrowseSummary {
        try browse(FolderWalk.start(directory, recursive: recursive, showsHidden: showsHidden), consume: consume)
    }

    /// Consumes `walk`, calling `consume` on the calling thread with each folder's rows, in order,
    /// and the classes met so far.
    public func browse(_ walk: FolderWalk, consume: (BrowseBatch, [BrowseClass]) -> Void) throws(BrowseError)
        -> BrowseSummary
    {
        walk.handoff.provide(browser.typer)
        let queue = walk.queue
        var classes: [BrowseClass] = []
        var counts: [Int] = []
        var index: [ClassKey: Int] = [:]
        var cache = ClassCache()
        var first = true
        var packageExtensions: [String: Bool] = [:]
        while let chunk = queue.pop() {
            for raw in chunk {
                if first, raw.entries.isEmpty, let problem = raw.problems.first {
                    walk.cancel()
                    throw .unreadable(path: walk.directory, reason: problem.reason)
                }
                first = false
                // Read below a folder with an extension before the app was loaded: dropped when
                // that folder is a package after all.
                let insidePackage = raw.unverified.contains { name in
                    let pathExtension = ItemTyper.pathExtension(of: name)
                    if let known = packageExtensions[pathExtension] { return known }
                    let isPackage = browser.typer.type(name: name, isDirectory: true).kind == .package
                    packageExtensions[pathExtension] = isPackage
                    return isPackage
                }
                if insidePackage { continue }
                var rows: [BrowseRow] = []
                rows.reserveCapacity(raw.entries.count)
                for entry in raw.entries {
                    let key = ClassKey(
                        isDirectory: entry.isDirectory, pathExtension: ItemTyper.pathExtension(of: entry.name))
                    let classIndex: Int
                    if let known = index[key] {
                        classIndex = known
                    } else {
                        classIndex = classes.count
                        classes.append(makeClass(entry, cache: &cache))
                        counts.append(0)
                        index[key] = classIndex
                    }
                    counts[classIndex] += 1
                    rows.append(BrowseRow(name: entry.name, classIndex: classIndex))
                }
                consume(BrowseBatch(directory: raw.directory, rows: rows, problems: raw.problems), classes)
            }
        }
        return BrowseSummary(classes: classes, counts: counts)
    }

    /// What is worked out per class, and shared by every unclaimed extension: they all become
    /// dynamic identifiers conforming to `public.data` only, so they open, or not, alike.
    struct ClassCache {
        var icons: [UniformTypeIdentifier: IconSource] = [:]
        var unclaimed: BrowseClass?
    }

    /// The class of items like `entry`: the verdict `opens` gives and the icon `icon` gives.
    func makeClass(_ entry: RawBatch.Entry, cache: inout ClassCache) -> BrowseClass {
        let typed = browser.type(ofName: entry.name, isDirectory: entry.isDirectory)
        if typed.typing == .unclaimedExtension, var shared = cache.unclaimed {
            shared.type = typed.type
            return shared
        }
        let verdict = browser.verdict(for: typed, path: entry.name, exists: true)
        var icon: IconSource
        var iconIsCertain = true
        if let type = typed.type, let known = cache.icons[type] {
            icon = known
        } else {
            let answer = browser.icon(for: typed, subject: entry.name)
            icon = answer.source
            iconIsCertain = answer.isCertain
            if let type = typed.type { cache.icons[type] = icon }
        }
        let made = BrowseClass(
            kind: typed.kind, type: typed.type, tied: typed.tied, opens: verdict.opens, isCertain: verdict.isCertain,
            outcome: verdict.outcome, icon: icon, iconIsCertain: iconIsCertain)
        if typed.typing == .unclaimedExtension { cache.unclaimed = made }
        return made
    }
}

/// Why a folder could not be browsed at all.
public enum BrowseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing is at the path.
    case missing(path: String)
    /// The path is not a folder.
    case notAFolder(path: String)
    /// The folder cannot be read.
    case unreadable(path: String, reason: String)

    /// `path: error: message`.
    public var description: String {
        switch self {
        case .missing(let path): "\(path): error: no such folder"
        case .notAFolder(let path): "\(path): error: not a folder"
        case .unreadable(let path, let reason): "\(path): error: cannot read the folder: \(reason)"
        }
    }
}
