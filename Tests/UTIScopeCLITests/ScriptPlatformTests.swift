import Foundation
import TestScratch
import Testing

/// The scripts that cannot run on a Mac say so in one line before doing anything, rather than
/// failing half-way through a build or an install. A `uname` that answers `Darwin` stands in for
/// the Mac.
@Suite struct ScriptPlatformTests {
    /// `script`'s status and standard error when `uname` says Darwin.
    func runAsOnAMac(_ script: String, _ arguments: [String]) throws -> ToolResult {
        let bin = try Scratch.folder("mac-uname")
        let uname = bin.appendingPathComponent("uname")
        try Data("#!/bin/sh\necho Darwin\n".utf8).write(to: uname)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: uname.path)
        let path = fixturesDirectory + "/../Scripts/" + script
        let quoted = ([path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try runTool("/bin/sh", ["-c", "PATH='\(bin.path)':\"$PATH\" exec \(quoted)"])
    }

    @Test(.enabled(if: executableOnPath("bash") != nil))
    func fuzzStopsAtOnceOnAMac() throws {
        let result = try runAsOnAMac("fuzz", ["xml", "1"])
        #expect(result.status == 69)
        #expect(
            result.errors
                == "fuzz: runs on Linux only: it needs a libFuzzer runtime and lld, which Xcode's Swift toolchain does not ship\n"
        )
        #expect(result.output.isEmpty)
    }

    @Test(.enabled(if: executableOnPath("bash") != nil))
    func checkReportStopsAtOnceOnAMac() throws {
        let result = try runAsOnAMac("check-report", [try Scratch.folder("report").path])
        #expect(result.status == 69)
        #expect(
            result.errors
                == "check-report: runs on Linux only: it installs Debian's chromium with apt-get and runs it under GNU timeout\n"
        )
        #expect(result.output.isEmpty)
    }
}
