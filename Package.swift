// swift-tools-version:6.3
// 6.3: the oldest Swift this package has been compiled and tested with (6.3.1); earlier 6.x
// releases were never tried, so the manifest does not let them in.
import PackageDescription

// libxml2. On Linux the distribution's, found through pkg-config (Debian's libxml2-dev). On macOS
// the SDK's own, which Xcode and the Command Line Tools carry (headers in the SDK's usr/include/libxml
// since macOS 10.15.4, the library in the OS): nothing to install, no pkg-config, no Homebrew on
// PATH, so `swift build`, the command plugin and Xcode find it alike. Homebrew's keg-only libxml2 is
// used only when asked for (UTISCOPE_LIBXML2=pkg-config): its libxml-2.0.pc needs pkgconf to find
// the other .pc files it requires, and without them SwiftPM drops every flag it gives.
#if os(macOS)
    let libxml2: Target =
        Context.environment["UTISCOPE_LIBXML2"] == "pkg-config"
        ? .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.brew(["libxml2", "pkgconf"])])
        : .systemLibrary(name: "CLibXML2")
#else
    let libxml2: Target = .systemLibrary(
        name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev", "pkg-config"])])
#endif

let package = Package(
    name: "utiscope",
    // Linux is the main target; on macOS the code uses Clock, Regex-era String API and
    // String(unsafeUninitializedCapacity:), all from macOS 13.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "utiscope", targets: ["utiscope"]),
        .library(name: "PropertyList", targets: ["PropertyList"]),
        .library(name: "UniformTypes", targets: ["UniformTypes"]),
        .library(name: "SwiftSource", targets: ["SwiftSource"]),
        .library(name: "AppBundle", targets: ["AppBundle"]),
        .library(name: "DocumentBrowser", targets: ["DocumentBrowser"]),
        .library(name: "Lint", targets: ["Lint"]),
        .library(name: "Report", targets: ["Report"]),
        .library(name: "UTIScopeCLI", targets: ["UTIScopeCLI"]),
        .plugin(name: "utiscope-lint", targets: ["utiscope-lint"]),
    ],
    targets: [
        libxml2,
        // Generic helpers every module may use: parallel loops, "did you mean" suggestions, and
        // escaping input text for output. Nothing in it knows about property lists or types.
        .target(name: "Support"),
        .target(name: "PropertyList", dependencies: ["Support", "CLibXML2"]),
        // The type system; its system catalog is generated source (Scripts/generate-system-types.py).
        .target(name: "UniformTypes", dependencies: ["Support", "PropertyList"]),
        // What an app's Swift code says: a lexer of our own and the facts read from it; the type
        // constants are generated source (Scripts/generate-type-constants.py).
        .target(name: "SwiftSource", dependencies: ["Support", "PropertyList", "UniformTypes"]),
        .target(name: "AppBundle", dependencies: ["Support", "PropertyList", "UniformTypes", "SwiftSource"]),
        .target(
            name: "DocumentBrowser",
            dependencies: ["Support", "PropertyList", "UniformTypes", "SwiftSource", "AppBundle"]),
        // Rules, the linter, configuration, suppression, baselines, fix-its and reporters.
        .target(
            name: "Lint",
            dependencies: ["Support", "PropertyList", "UniformTypes", "SwiftSource", "AppBundle", "DocumentBrowser"]),
        // The HTML report: the conformance graph laid out as SVG, the browser grid, the findings.
        .target(
            name: "Report",
            dependencies: [
                "Support", "PropertyList", "UniformTypes", "SwiftSource", "AppBundle", "DocumentBrowser", "Lint",
            ]),
        .target(
            name: "UTIScopeCLI",
            dependencies: [
                "Support", "PropertyList", "UniformTypes", "SwiftSource", "AppBundle", "DocumentBrowser", "Lint",
                "Report",
            ]),
        .executableTarget(name: "utiscope", dependencies: ["UTIScopeCLI", "PropertyList", "CLibXML2"]),
        // `swift package utiscope-lint`: lints the package it runs in with the utiscope tool.
        .plugin(
            name: "utiscope-lint",
            capability: .command(
                intent: .custom(
                    verb: "utiscope-lint",
                    description: "Lint the package's Info.plists, app bundles and Xcode projects with utiscope")),
            dependencies: ["utiscope"]
        ),
        .executableTarget(
            name: "utiscope-bench",
            dependencies: ["Support", "PropertyList", "UniformTypes", "SwiftSource", "AppBundle", "Lint", "CLibXML2"],
            path: "Benchmarks/utiscope-bench"
        ),
        // A folder per test process for the tests' temporary files, removed when it exits.
        .target(name: "TestScratch", path: "Tests/TestScratch"),
        .testTarget(name: "PropertyListTests", dependencies: ["Support", "PropertyList", "TestScratch"]),
        .testTarget(name: "UniformTypesTests", dependencies: ["UniformTypes"]),
        .testTarget(name: "SwiftSourceTests", dependencies: ["SwiftSource", "UniformTypes", "PropertyList"]),
        .testTarget(name: "AppBundleTests", dependencies: ["AppBundle", "PropertyList", "SwiftSource", "TestScratch"]),
        .testTarget(
            name: "DocumentBrowserTests",
            dependencies: [
                "DocumentBrowser", "AppBundle", "UniformTypes", "PropertyList", "SwiftSource", "TestScratch",
            ]),
        // The reporters' golden files are read from the source tree.
        .testTarget(
            name: "LintTests",
            dependencies: [
                "Support", "Lint", "AppBundle", "DocumentBrowser", "PropertyList", "UniformTypes", "SwiftSource",
                "TestScratch",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "ReportTests",
            dependencies: [
                "Report", "Lint", "DocumentBrowser", "AppBundle", "UniformTypes", "PropertyList", "TestScratch",
            ]),
        .testTarget(
            name: "UTIScopeCLITests", dependencies: ["UTIScopeCLI", "PropertyList", "UniformTypes", "TestScratch"]),
    ],
    swiftLanguageModes: [.v6]
)
