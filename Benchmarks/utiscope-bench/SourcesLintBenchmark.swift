import Foundation

/// The second half of `utiscope-bench swift DIR`: `utiscope lint` of an app with 300 Swift files
/// against the same lint with `--no-sources`, both as child processes in this one run (the best of
/// ten of each, taking turns: a lint this short is easily slowed by other work on the machine). The app is DIR/LintApp: an Info.plist of a document app written
/// here and the first 300 files of DIR/App (by path), copied once. Target: reading the code costs at
/// most half again the lint without it (1.5×).
enum SourcesLintBenchmark {
    static let target = 1.5
    static let fileCount = 300

    /// Measures and prints; returns whether the ratio is within the target.
    static func run(directory: String) throws -> Bool {
        let app = try makeApp(directory: directory)
        let utiscope = LintBenchmark.siblingTool("utiscope")
        guard FileManager.default.isExecutableFile(atPath: utiscope) else {
            throw BenchError("\(utiscope) is missing: build the utiscope product first (swift build -c release)")
        }
        func lint(_ extra: String) -> [String] {
            ["/bin/sh", "-c", "exec \"$0\" lint --format json \(extra) \"$1\" > /dev/null 2> /dev/null", utiscope, app]
        }
        var withSources = (seconds: Double.infinity, peakBytes: 0)
        var without = (seconds: Double.infinity, peakBytes: 0)
        for _ in 0..<10 {
            for (index, argv) in [lint(""), lint("--no-sources")].enumerated() {
                let run = try spawn(argv, keepStandardError: false)
                guard run.status == 0 || run.status == 1 else {
                    throw BenchError("\(argv.joined(separator: " ")) failed with status \(run.status)")
                }
                if index == 0 {
                    withSources = (min(withSources.seconds, run.seconds), max(withSources.peakBytes, run.peakBytes))
                } else {
                    without = (min(without.seconds, run.seconds), max(without.peakBytes, run.peakBytes))
                }
            }
        }
        let within = withSources.seconds / without.seconds <= target
        print("lint with sources: \(app) (Info.plist and \(fileCount) Swift files)")
        print(
            "  utiscope lint               \(LintBenchmark.format(withSources.seconds))  peak \(megabytes(withSources.peakBytes))"
        )
        print(
            "  utiscope lint --no-sources  \(LintBenchmark.format(without.seconds))  peak \(megabytes(without.peakBytes))"
        )
        print(
            "  with ÷ without              \(ratio(withSources.seconds / without.seconds))  (target ≤ \(ratio(target)))"
        )
        return within
    }

    /// DIR/LintApp, made when missing: the Info.plist and the first ``fileCount`` files of DIR/App.
    static func makeApp(directory: String) throws -> String {
        let app = directory + "/LintApp"
        let manager = FileManager.default
        if manager.fileExists(atPath: app + "/Info.plist") { return app }
        var paths: [String] = []
        guard let enumerator = manager.enumerator(atPath: directory + "/App") else {
            throw BenchError("\(directory)/App is missing: run Scripts/generate-swift-tree.py \(directory) first")
        }
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".swift") { paths.append(relative) }
        }
        paths.sort()
        guard paths.count >= fileCount else { throw BenchError("\(directory)/App has fewer than \(fileCount) files") }
        for relative in paths.prefix(fileCount) {
            let destination = app + "/Sources/" + relative
            try manager.createDirectory(
                atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.copyItem(atPath: directory + "/App/" + relative, toPath: destination)
        }
        try infoPlist.write(toFile: app + "/Info.plist", atomically: true, encoding: .utf8)
        return app
    }

    /// A document app's Info.plist: two document types, an exported and an imported type.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.bench</string>
            <key>CFBundlePackageType</key>
            <string>APPL</string>
            <key>LSRequiresIPhoneOS</key>
            <true/>
            <key>UISupportsDocumentBrowser</key>
            <true/>
            <key>CFBundleDocumentTypes</key>
            <array>
                <dict>
                    <key>CFBundleTypeName</key>
                    <string>Sketch</string>
                    <key>CFBundleTypeRole</key>
                    <string>Editor</string>
                    <key>LSHandlerRank</key>
                    <string>Owner</string>
                    <key>LSItemContentTypes</key>
                    <array>
                        <string>com.example.sketch</string>
                    </array>
                </dict>
                <dict>
                    <key>CFBundleTypeName</key>
                    <string>Text</string>
                    <key>CFBundleTypeRole</key>
                    <string>Viewer</string>
                    <key>LSHandlerRank</key>
                    <string>Alternate</string>
                    <key>LSItemContentTypes</key>
                    <array>
                        <string>public.plain-text</string>
                        <string>com.adobe.pdf</string>
                    </array>
                </dict>
            </array>
            <key>UTExportedTypeDeclarations</key>
            <array>
                <dict>
                    <key>UTTypeIdentifier</key>
                    <string>com.example.sketch</string>
                    <key>UTTypeConformsTo</key>
                    <array>
                        <string>public.data</string>
                        <string>public.content</string>
                    </array>
                    <key>UTTypeTagSpecification</key>
                    <dict>
                        <key>public.filename-extension</key>
                        <array>
                            <string>sketch</string>
                        </array>
                    </dict>
                </dict>
            </array>
        </dict>
        </plist>

        """
}
