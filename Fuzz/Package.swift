// swift-tools-version:6.3
// libFuzzer targets for utiscope's readers. A package of its own, because these executables have
// no `main` (libFuzzer provides it) and only link with the fuzzer sanitizer; build them with
// `Scripts/fuzz TARGET SECONDS`, which uses the recipe in the README.
import PackageDescription

let package = Package(
    name: "utiscope-fuzz",
    dependencies: [.package(name: "utiscope", path: "..")],
    targets: [
        .executableTarget(name: "fuzz-xml", dependencies: [.product(name: "PropertyList", package: "utiscope")]),
        .executableTarget(name: "fuzz-binary", dependencies: [.product(name: "PropertyList", package: "utiscope")]),
        .executableTarget(name: "fuzz-openstep", dependencies: [.product(name: "PropertyList", package: "utiscope")]),
        .executableTarget(name: "fuzz-any", dependencies: [.product(name: "PropertyList", package: "utiscope")]),
        .executableTarget(
            name: "fuzz-lint",
            dependencies: [
                .product(name: "PropertyList", package: "utiscope"), .product(name: "AppBundle", package: "utiscope"),
                .product(name: "Lint", package: "utiscope"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
