import AppBundle
import Foundation

/// The package's folder, found from this file's path.
let packageDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The path of a fixture under Fixtures/projects.
func projectFixture(_ relative: String) -> String {
    packageDirectory + "/Fixtures/projects/" + relative
}

/// Settings made of one layer of unconditional values.
func settings(_ values: [String: String], conditions: [String: String] = [:]) -> BuildSettings {
    BuildSettings(layers: [BuildSettingLayer(source: .target, values: values)], conditionValues: conditions)
}

/// The expanded value of `text` against `values`.
func expanded(_ text: String, _ values: [String: String] = [:]) -> String {
    BuildSettingExpander.expand(text, in: settings(values)).value
}
