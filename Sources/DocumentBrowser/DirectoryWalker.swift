import AppBundle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One folder's entries as read, before they are classified.
struct RawBatch: Sendable {
    /// One entry: its name, whether it is a directory (links followed), and whether it is a link.
    struct Entry: Sendable {
        var name: String
        var isDirectory: Bool
        var isLink = false
    }

    /// The folder, relative to the root (`""` for the root).
    var directory: String
    /// Its entries, sorted by name bytewise.
    var entries: [Entry]
    /// What could not be read.
    var problems: [BrowseProblem]
    /// Folders on the way to this one (itself included) that have an extension and were entered
    /// before the app was loaded, so before anyone could tell whether they are packages: the
    /// consumer drops the batch when one of them is a package. Empty for almost every batch.
    var unverified: [String] = []
}

/// Reads a folder tree with POSIX `opendir`/`readdir` (Foundation's enumerators were 45–80× slower
/// on Linux), depth first: a folder's entries, then each plain subfolder in name order. Packages
/// and links are listed but not entered. Memory is the pending folders' names, never the tree.
struct DirectoryWalker: Sendable {
    /// The folder browsed.
    let root: String
    /// Whether to enter subfolders.
    let recursive: Bool
    /// Whether names starting with '.' are listed (and, when recursive, entered); the Files app
    /// and the document browser hide them.
    var showsHidden = false
    /// Hands over the typer that tells packages (not entered) from plain folders by name.
    let handoff: TyperHandoff

    /// Folders are handed over in chunks of about this many entries, so that the threads wake
    /// each other a few hundred times rather than once per folder.
    static let chunkEntries = 1024

    /// Walks the tree, pushing chunks of folders; stops early when the consumer cancels.
    ///
    /// A folder with an extension may be a package, which is listed but not entered. Until the app
    /// is loaded nobody can tell, and the walk does not wait: it enters such folders anyway and
    /// marks what it reads below them as unverified (``RawBatch/unverified``), for the consumer
    /// to drop once it knows. The order of the batches is the same either way.
    func run(into queue: BatchQueue<[RawBatch]>) {
        var chunk: [RawBatch] = []
        var chunkWeight = 0
        var packageCache: [String: Bool] = [:]
        var typer: ItemTyper?
        var pending: [(relative: String, unverified: [String])] = [("", [])]
        while let (relative, unverified) = pending.popLast() {
            let path = relative.isEmpty ? root : root + "/" + relative
            var problems: [BrowseProblem] = []
            var entries = read(path, problems: &problems)
            if !showsHidden { entries.removeAll { $0.name.utf8.first == UInt8(ascii: ".") } }
            var subfolders: [(relative: String, unverified: [String])] = []
            if recursive {
                for entry in entries where entry.isDirectory && !entry.isLink {
                    let pathExtension = ItemTyper.pathExtension(of: entry.name)
                    let subfolder = relative.isEmpty ? entry.name : relative + "/" + entry.name
                    if pathExtension.isEmpty {
                        subfolders.append((subfolder, unverified))
                    } else if let known = packageCache[pathExtension] {
                        if !known { subfolders.append((subfolder, unverified)) }
                    } else if let known = typer ?? handoff.current() {
                        typer = known
                        let isPackage = known.type(name: entry.name, isDirectory: true).kind == .package
                        packageCache[pathExtension] = isPackage
                        if !isPackage { subfolders.append((subfolder, unverified)) }
                    } else {
                        subfolders.append((subfolder, unverified + [entry.name]))
                    }
                }
            }
            chunk.append(RawBatch(directory: relative, entries: entries, problems: problems, unverified: unverified))
            chunkWeight += max(1, entries.count)
            if chunkWeight >= Self.chunkEntries || pending.isEmpty && subfolders.isEmpty {
                guard queue.push(chunk, weight: chunkWeight) else { return }
                chunk = []
                chunkWeight = 0
            }
            pending += subfolders.reversed()
        }
        if !chunk.isEmpty { _ = queue.push(chunk, weight: chunkWeight) }
    }

    /// The entries of the folder at `path`, sorted.
    func read(_ path: String, problems: inout [BrowseProblem]) -> [RawBatch.Entry] {
        guard let directory = opendir(path) else {
            problems.append(BrowseProblem(path: path, reason: String(cString: strerror(errno))))
            return []
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        // Sorted by a 16-byte big-endian prefix of each name first (two integer comparisons),
        // by the whole name only on a tie: comparing strings was a sixth of the walk.
        var keyed: [(high: UInt64, low: UInt64, entry: RawBatch.Entry)] = []
        while let pointer = readdir(directory) {
            var high: UInt64 = 0
            var low: UInt64 = 0
            let name = DirectoryEntryName.withBytes(of: pointer) { bytes -> String in
                for index in 0..<min(bytes.count, 16) {
                    let shift = UInt64(56 - 8 * (index % 8))
                    if index < 8 { high |= UInt64(bytes[index]) << shift } else { low |= UInt64(bytes[index]) << shift }
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let type = Int32(pointer.pointee.d_type)
            var isDirectory = type == Int32(DT_DIR)
            let isLink = type == Int32(DT_LNK)
            if isLink || type == Int32(DT_UNKNOWN) {
                var info = stat()
                if fstatat(descriptor, name, &info, 0) == 0 {
                    isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
                }
            }
            keyed.append((high, low, RawBatch.Entry(name: name, isDirectory: isDirectory, isLink: isLink)))
        }
        keyed.sort { left, right in
            if left.high != right.high { return left.high < right.high }
            if left.low != right.low { return left.low < right.low }
            return Self.precedes(left.entry.name, right.entry.name)
        }
        return keyed.map(\.entry)
    }

    /// Byte order of the UTF-8 names, by `memcmp` on their storage: the generic comparison of
    /// UTF-8 views was a tenth of the whole walk.
    static func precedes(_ left: String, _ right: String) -> Bool {
        let fast = left.utf8.withContiguousStorageIfAvailable { a in
            right.utf8.withContiguousStorageIfAvailable { b in
                let common = min(a.count, b.count)
                if common > 0, let x = a.baseAddress, let y = b.baseAddress {
                    let order = memcmp(x, y, common)
                    if order != 0 { return order < 0 }
                }
                return a.count < b.count
            }
        }
        return (fast ?? nil) ?? left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
