import Foundation
import Testing
import UTIScopeCLI

@Suite struct CompletionsCommandTests {
    /// What bash's completion offers for `words`, the last being the word under the cursor.
    /// `prelude` runs first (`enable -n compopt` makes a bash without `compopt`, as bash 3.2 is).
    func bashCompletes(
        _ words: [String], script: String, in directory: String = fixturesDirectory, prelude: String = ""
    ) throws -> [String] {
        let bash = try #require(executableOnPath("bash"))
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = """
            \(prelude)
            cd '\(directory)' || exit 3
            source '\(script)' || exit 4
            COMP_WORDS=(\(quoted))
            COMP_CWORD=\(words.count - 1)
            _utiscope
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try runTool(bash, ["--norc", "--noprofile", "-c", program])
        #expect(result.status == 0, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: executableOnPath("bash") != nil, "needs bash"))
    func bashCompletesCommandsOptionsAndValues() throws {
        let script = try temporaryFile(utiscope("completions", "bash").output, name: "utiscope.bash")
        #expect(try bashCompletes(["utiscope", "li"], script: script) == ["lint"])
        #expect(try bashCompletes(["utiscope", "lint", "--form"], script: script) == ["--format"])
        #expect(
            try bashCompletes(["utiscope", "lint", "--format", ""], script: script) == [
                "text", "json", "sarif", "github",
            ])
        // bash splits `--format=j` into `--format`, `=`, `j`.
        #expect(try bashCompletes(["utiscope", "lint", "--format", "=", "j"], script: script) == ["json"])
        #expect(try bashCompletes(["utiscope", "opens", "--platform", ""], script: script) == ["ios", "macos"])
        #expect(try bashCompletes(["utiscope", "rules", "QL-"], script: script) == ["QL-001", "QL-002"])
        #expect(try bashCompletes(["utiscope", "completions", "z"], script: script) == ["zsh"])
        #expect(try bashCompletes(["utiscope", "help", "bro"], script: script) == ["browse"])
        #expect(try bashCompletes(["utiscope", "-"], script: script) == ["-h", "--help", "--version"])
        // Paths: a positional path, an option's file, a folder; nothing for a free-text value.
        #expect(try bashCompletes(["utiscope", "lint", "--strict", "app"], script: script) == ["apps"])
        #expect(
            try bashCompletes(["utiscope", "dump", "--format", "json", "plists/x"], script: script) == ["plists/xml"])
        #expect(try bashCompletes(["utiscope", "lint", "--config", "proj"], script: script) == ["projects"])
        #expect(try bashCompletes(["utiscope", "browse", "apps/Sk"], script: script) == ["apps/Sketchbook"])
        #expect(try bashCompletes(["utiscope", "lint", "--setting", ""], script: script) == [])
    }

    @Test(.enabled(if: executableOnPath("bash") != nil, "needs bash"))
    func bashReadsTheScript() throws {
        let path = try temporaryFile(utiscope("completions", "bash").output, name: "utiscope.bash")
        let check = try runTool(try #require(executableOnPath("bash")), ["-n", path])
        #expect(check.status == 0, "\(check.errors)")
    }

    @Test func bashScriptCoversEveryOption() throws {
        let script = utiscope("completions", "bash").output
        #expect(script.contains("\n    complete -F _utiscope utiscope\n"))
        for command in commandsInHelp() {
            let function = try #require(section(of: script, from: "_utiscope_\(command)() {", to: "\n}\n"))
            for option in optionsInHelp(command) {
                let listed = [" \(option) ", "'\(option) ", " \(option)'"].contains { function.contains($0) }
                #expect(listed, "\(command) \(option)")
            }
        }
    }

    /// macOS's /bin/bash is 3.2: no `compopt`, and nothing from bash 4 on.
    @Test func bashScriptKeepsToBash32() throws {
        let script = utiscope("completions", "bash").output
        let code = script.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("#") }.joined(
            separator: "\n")
        // Every use of compopt is behind a check that it exists.
        for line in code.split(separator: "\n") where line.contains("compopt") {
            #expect(line.contains("type compopt") || !line.contains("compopt -"), "unguarded: \(line)")
        }
        // Constructs bash 3.2 lacks: associative arrays, mapfile, case conversion, name
        // references, negative subscripts, fall-through case branches, `|&`, `&>>`, coproc.
        let bash4 = [
            "declare -A", "local -A", "typeset -A", "mapfile", "readarray", ",,}", "^^}", "declare -n", "local -n",
            "[-1]", ";&", ";;&", "|&", "&>>", "coproc", "source <(",
        ]
        for construct in bash4 {
            #expect(!code.contains(construct), "\(construct)")
        }
        // Variable expansions with a case modifier (`${cur,}`, `${cur^}`).
        #expect(code.range(of: #"\$\{[A-Za-z_]+[,^]"#, options: .regularExpression) == nil)
    }

    @Test(.enabled(if: executableOnPath("bash") != nil, "needs bash"))
    func bashScriptCompletesWithoutCompopt() throws {
        let script = try temporaryFile(utiscope("completions", "bash").output, name: "utiscope.bash")
        let withoutCompopt = "enable -n compopt || exit 5"
        #expect(try bashCompletes(["utiscope", "li"], script: script, prelude: withoutCompopt) == ["lint"])
        #expect(
            try bashCompletes(
                ["utiscope", "dump", "--format", "json", "plists/x"], script: script, prelude: withoutCompopt)
                == ["plists/xml"])
        // The completion is registered with file-name treatment for every answer instead.
        let registered = try bashCompletes(
            ["utiscope", ""], script: script, prelude: withoutCompopt + "; trap 'complete -p utiscope' EXIT")
        #expect(registered.last == "complete -o filenames -F _utiscope utiscope")
        let withCompopt = try bashCompletes(
            ["utiscope", ""], script: script, prelude: "trap 'complete -p utiscope' EXIT")
        #expect(withCompopt.last == "complete -F _utiscope utiscope")
    }

    @Test(.enabled(if: executableOnPath("zsh") != nil, "needs zsh"))
    func zshReadsTheScript() throws {
        let path = try temporaryFile(utiscope("completions", "zsh").output, name: "_utiscope")
        let check = try runTool(try #require(executableOnPath("zsh")), ["-n", path])
        #expect(check.status == 0, "\(check.errors)")
    }

    @Test func zshScriptCoversEveryOption() throws {
        let script = utiscope("completions", "zsh").output
        #expect(script.hasPrefix("#compdef utiscope\n"))
        let lint = try #require(section(of: script, from: "_utiscope_lint() {", to: "\n}\n"))
        #expect(lint.contains("'--format=[Output format (default text).]:format:(text json sarif github)'"))
        #expect(
            lint.contains(
                "'(-v --verbose)'{-v,--verbose}'[Show the source line, a caret and fix-its; list what a folder walk skipped.]'"
            ))
        #expect(lint.contains("'*--setting=[A build setting, over the project'\\''s (repeatable).]:NAME=VALUE: '"))
        #expect(lint.contains("'*:path:_files'"))
        for command in commandsInHelp() {
            #expect(script.contains("\n        '\(command):"), "\(command) is not in the command list")
            let function = try #require(section(of: script, from: "_utiscope_\(command)() {", to: "\n}\n"))
            for option in optionsInHelp(command) where option.hasPrefix("--") {
                let specified = ["\(option)[", "\(option)=[", ",\(option)}", ",\(option)=}"].contains {
                    function.contains($0)
                }
                #expect(specified, "\(command) \(option)")
            }
        }
    }

    /// Each command's long options are completed under that command: on lines whose condition
    /// is that command, and on no other command's.
    @Test func fishScriptCoversEveryOptionUnderItsCommand() throws {
        let script = utiscope("completions", "fish").output
        let lines = script.split(separator: "\n")
        for command in commandsInHelp() {
            let listed = "complete -c utiscope -n __fish_use_subcommand -a \(command) -d "
            #expect(lines.contains { $0.hasPrefix(listed) }, "\(command)")
            let condition = "complete -c utiscope -n '__fish_seen_subcommand_from \(command)' "
            let own = lines.filter { $0.hasPrefix(condition) }
            let completed = Set(own.compactMap { Self.longOption(in: $0) })
            let documented = Set(optionsInHelp(command).filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) })
            #expect(completed == documented, "\(command)")
        }
        let lint = "complete -c utiscope -n '__fish_seen_subcommand_from lint' "
        #expect(lines.contains(lint + "-l format -x -a 'text json sarif github' -d 'Output format (default text).'"))
    }

    /// The long option a fish `complete` line completes (`-l NAME`), if any.
    static func longOption(in line: Substring) -> String? {
        let words = line.split(separator: " ")
        guard let flag = words.firstIndex(of: "-l"), flag + 1 < words.endIndex else { return nil }
        return String(words[flag + 1])
    }

    @Test(.enabled(if: executableOnPath("fish") != nil, "needs fish"))
    func fishReadsTheScriptAndCompletes() throws {
        let script = utiscope("completions", "fish").output
        let fish = try #require(executableOnPath("fish"))
        let path = try temporaryFile(script, name: "utiscope.fish")
        let check = try runTool(fish, ["-n", path])
        #expect(check.status == 0, "\(check.errors)")
        let completed = try runTool(
            fish, ["--no-config", "-c", "source '\(path)'; complete -C 'utiscope lint --format '"])
        #expect(
            completed.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
                "github", "json", "sarif", "text",
            ])
    }

    @Test func usageErrors() {
        let missing = utiscope("completions")
        #expect(missing.status == .usage)
        #expect(missing.errors.hasPrefix("Error: missing <shell>\n"))
        let unknown = utiscope("completions", "tcsh")
        #expect(unknown.status == .usage)
        #expect(unknown.errors.contains("'tcsh' is not a shell utiscope completes; use one of: bash, zsh, fish"))
    }

    /// The text from `start` up to and including `end`.
    func section(of text: String, from start: String, to end: String) -> String? {
        guard let lower = text.range(of: start),
            let upper = text.range(of: end, range: lower.upperBound..<text.endIndex)
        else { return nil }
        return String(text[lower.lowerBound..<upper.upperBound])
    }
}

@Suite struct ManCommandTests {
    @Test func manPageIsTheDocumentation() throws {
        let page = utiscope("man")
        #expect(page.status == .success)
        let path = fixturesDirectory + "/../Documentation/utiscope.1"
        if ProcessInfo.processInfo.environment["UTISCOPE_UPDATE_GOLDEN"] == "1" {
            try Data(page.output.utf8).write(to: URL(fileURLWithPath: path))
        }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(page.output == committed, "run: swift run utiscope man > Documentation/utiscope.1")
    }

    @Test func manPageHasEveryCommandAndOption() {
        let page = utiscope("man").output
        #expect(page.contains(".TH UTISCOPE 1 "))
        for command in commandsInHelp() {
            #expect(page.contains(".SS \"utiscope \(command)\"\n"), "\(command)")
            for option in optionsInHelp(command) {
                #expect(
                    page.contains("\\fB\(option.replacingOccurrences(of: "-", with: "\\-"))\\fR"),
                    "\(command) \(option)")
            }
        }
        #expect(page.contains(".TP\n.B 64\nthe command line is wrong\n"))
        // Nothing outside ASCII: roff gets \[uXXXX] escapes, so no input encoding is guessed.
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test(.enabled(if: executableOnPath("groff") != nil, "needs groff"))
    func groffReadsItWithoutWarnings() throws {
        let groff = try #require(executableOnPath("groff"))
        let path = try temporaryFile(utiscope("man").output, name: "utiscope.1")
        let result = try runTool(groff, ["-man", "-Tutf8", "-ww", "-z", path])
        #expect(result.status == 0)
        #expect(result.errors == "")
    }
}
