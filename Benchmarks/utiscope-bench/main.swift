import CLibXML2
import Foundation

// utiscope-bench: speed and memory of utiscope's readers as ratios against baselines measured
// side by side in the same run (never absolute timings in tests).
//
//   utiscope-bench parse DIR    DIR from `python3 ../shared/bench/gen.py` (c_huge.plist and its binary twin)
//   utiscope-bench types DIR    type catalog and conformance graph on DIR/c_huge.plist, against parsing and a BFS
//   utiscope-bench hostile      generated attack inputs through the release `utiscope`, against budgets
//   utiscope-bench lint DIR [--rounds N]
//                               `utiscope lint` on DIR/c_huge.plist against `plutil -lint` on the same file
//                               (N times in a row, the ratios summarised, with --rounds)
//   utiscope-bench small DIR [--rounds N]
//                               `utiscope lint` of a typical app (DIR/a_ios.plist, Fixtures/apps/Sketchbook) against
//                               `plutil -lint` on the same plists, whole processes by turns, N rounds (default 20)
//   utiscope-bench browse DIR [--rounds N]
//                               the release `utiscope browse -r` on DIR/tree (gen.py's e) for DIR/b_macos.plist, against
//                               find, by turns, N rounds (default 9)
//   utiscope-bench swift DIR    reading the Swift files of DIR/App (Scripts/generate-swift-tree.py DIR) against
//                               `grep -rc UTType` on the same files

let arguments = Array(CommandLine.arguments.dropFirst())

// The in-process tasks and phases keep freed memory as the `utiscope` executable does.
utiscope_keep_freed_memory()

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            "usage: utiscope-bench parse DIR | types DIR | hostile | lint DIR [--rounds N] | small DIR [--rounds N] | browse DIR [--rounds N] | swift DIR\n"
                .utf8))
    exit(64)
}

/// The `--rounds N` after a command's folder (`default` without it); nil when the arguments are
/// not `COMMAND DIR [--rounds N]`. Exits with a message when N is not a count.
func rounds(default count: Int) -> Int? {
    if arguments.count == 2 { return count }
    guard arguments.count == 4, arguments[2] == "--rounds" else { return nil }
    guard let rounds = Int(arguments[3]), (1...1000).contains(rounds) else {
        FileHandle.standardError.write(
            Data("utiscope-bench: --rounds wants a whole number from 1 to 1000, not '\(arguments[3])'\n".utf8))
        exit(64)
    }
    return rounds
}

do {
    switch arguments.first {
    case "_task":
        guard arguments.count == 3 else { usage() }
        let path = arguments[2]
        switch arguments[1] {
        case "ours": print(try ParseTasks.ours(path))
        case "foundation": print(try ParseTasks.foundation(path))
        case "sax": print(try ParseTasks.saxWalk(path))
        case "swift": print(try SwiftSourceBenchmark.task(tree: path))
        case "swift-all": print(try SwiftSourceBenchmark.taskOnAllCores(tree: path))
        default: usage()
        }
    case "_generate-hostile":
        guard arguments.count == 2 else { usage() }
        try HostileBenchmark.generate(into: arguments[1])
    case "types":
        guard arguments.count == 2 else { usage() }
        try TypesBenchmark.run(directory: arguments[1])
    case "hostile":
        try HostileBenchmark.run()
    case "lint":
        guard let rounds = rounds(default: 1) else { usage() }
        try LintBenchmark.run(directory: arguments[1], rounds: rounds)
    case "small":
        guard let rounds = rounds(default: 20) else { usage() }
        try SmallBenchmark.run(directory: arguments[1], rounds: rounds)
    case "browse":
        guard let rounds = rounds(default: 9) else { usage() }
        try BrowseBenchmark.run(directory: arguments[1], rounds: rounds)
    case "swift":
        guard arguments.count == 2 else { usage() }
        try SwiftSourceBenchmark.run(directory: arguments[1])
    case "parse":
        guard arguments.count == 2 else { usage() }
        try ParseBenchmark.run(directory: arguments[1])
    default:
        usage()
    }
} catch {
    FileHandle.standardError.write(Data("utiscope-bench: \(error)\n".utf8))
    exit(1)
}
