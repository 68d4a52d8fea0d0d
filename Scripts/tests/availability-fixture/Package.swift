// swift-tools-version:6.0
// A package for Scripts/tests/test_check_availability.py: uses of APIs newer than its macOS target,
// some guarded and some not. Each line the check must report is marked in the source.
import PackageDescription

let package = Package(
    name: "AvailabilityFixture",
    platforms: [.macOS(.v13)],
    targets: [.target(name: "AvailabilityFixture")],
    swiftLanguageModes: [.v6]
)
