import PropertyList

/// Build settings as Xcode layers them, each value remembering where it was set.
///
/// Layers are ordered from weakest to strongest: for a target they are the defaults derived from
/// the target, the project's base xcconfig, the project's settings, the target's base xcconfig,
/// the target's settings, `--xcconfig` files, then `--setting NAME=VALUE`. Within a layer, later
/// assignments win. An assignment with conditions (`[sdk=iphoneos*]`) applies only when
/// ``conditionValues`` satisfies them.
public struct BuildSettings: Sendable {
    /// The layers, weakest first.
    public private(set) var layers: [BuildSettingLayer]
    /// Values of the condition parameters (`sdk`, `config`…) used to choose conditional
    /// assignments. `sdk` is taken from `SDKROOT` when not given.
    public private(set) var conditionValues: [String: String]

    /// Every assignment, weakest first, with its layer's index.
    private var flat: [(layer: Int, assignment: BuildSettingAssignment)] = []
    /// For each name, the indices into `flat` of its assignments, ascending.
    private var index: [String: [Int]] = [:]

    /// Settings made of `layers` (weakest first), with condition parameter values.
    public init(layers: [BuildSettingLayer] = [], conditionValues: [String: String] = [:]) {
        self.layers = []
        self.conditionValues = conditionValues
        for layer in layers { append(layer) }
        deriveSDKCondition()
    }

    /// Adds `layer` as the strongest layer. Within a layer, an assignment with conditions ranks
    /// above the unconditional ones (a matching `FOO[sdk=iphoneos*]` beats `FOO` wherever it is
    /// written, and its `$(inherited)` is `FOO`); otherwise later assignments rank higher.
    public mutating func append(_ layer: BuildSettingLayer) {
        let layerIndex = layers.count
        layers.append(layer)
        let ranked =
            layer.assignments.filter { $0.conditions.isEmpty } + layer.assignments.filter { !$0.conditions.isEmpty }
        for assignment in ranked {
            index[assignment.name, default: []].append(flat.count)
            flat.append((layerIndex, assignment))
        }
    }

    /// These settings with `layer` added as the strongest.
    public func appending(_ layer: BuildSettingLayer) -> BuildSettings {
        var copy = self
        copy.append(layer)
        return copy
    }

    /// Sets the value of a condition parameter, such as `config` → `Release`.
    public mutating func setCondition(_ parameter: String, to value: String?) {
        conditionValues[parameter] = value
    }

    /// Sets `sdk` from `SDKROOT` when no value was given: `iphoneos`, `macosx`…
    mutating func deriveSDKCondition() {
        guard conditionValues["sdk"] == nil else { return }
        let root = BuildSettingExpander.expand("$(SDKROOT)", in: self)
        guard root.unresolved.isEmpty, !root.value.isEmpty else { return }
        conditionValues["sdk"] = Path.lastComponent(of: root.value)
    }

    /// Whether any layer assigns `name` (conditions ignored).
    public func isAssigned(_ name: String) -> Bool { index[name] != nil }

    /// The names assigned in any layer, sorted.
    public var names: [String] { index.keys.sorted() }

    /// The assignment that decides `name`: the last applicable one in the strongest layer.
    public func assignment(for name: String) -> BuildSettingAssignment? {
        position(of: name, below: nil).map { flat[$0].assignment }
    }

    /// The layer source of the assignment that decides `name`.
    public func source(of name: String) -> BuildSettingLayer.Source? {
        position(of: name, below: nil).map { layers[flat[$0].layer].source }
    }

    /// The value of `name` as written (unexpanded), or `nil` when no applicable assignment exists.
    public subscript(name: String) -> String? {
        assignment(for: name)?.value
    }

    /// The value of `name` with references expanded; `nil` when it is not set.
    public func expandedValue(of name: String) -> BuildSettingExpansion? {
        guard isAssigned(name), position(of: name, below: nil) != nil else { return nil }
        return BuildSettingExpander.expansion(of: "$(\(name))", in: self)
    }

    /// Whether a setting's expanded value reads as Xcode's boolean YES (`YES`, `yes`, `true`, `1`).
    public func bool(_ name: String) -> Bool {
        guard let value = expandedValue(of: name)?.value else { return false }
        return Self.isYes(value)
    }

    /// Whether `value` is one of Xcode's spellings of YES.
    static func isYes(_ value: String) -> Bool {
        switch value.trimmingSpaces().lowercased() {
        case "yes", "true", "1": return true
        default: return false
        }
    }

    // MARK: Positions, for the expander

    /// The position of the applicable assignment of `name` that decides its value, looking only
    /// below `limit` when given (which is what `$(inherited)` means).
    func position(of name: String, below limit: Int?) -> Int? {
        guard let positions = index[name] else { return nil }
        for position in positions.reversed() {
            if let limit, position >= limit { continue }
            let conditions = flat[position].assignment.conditions
            if conditions.allSatisfy({ $0.holds(in: conditionValues) }) { return position }
        }
        return nil
    }

    /// The assignment at `position`.
    func assignment(at position: Int) -> BuildSettingAssignment {
        flat[position].assignment
    }
}

/// One layer of build settings: where it came from, and its assignments in order.
public struct BuildSettingLayer: Sendable, Hashable {
    /// Where a layer's assignments came from.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// Values Xcode derives from the target and project (`PRODUCT_NAME`, `TARGET_NAME`…).
        case defaults
        /// The project-level base configuration xcconfig file.
        case projectXCConfig(path: String)
        /// The project-level build settings in `project.pbxproj`.
        case project
        /// The target-level base configuration xcconfig file.
        case targetXCConfig(path: String)
        /// The target-level build settings in `project.pbxproj`.
        case target
        /// An xcconfig file named with `--xcconfig`.
        case xcconfig(path: String)
        /// `--setting NAME=VALUE` on the command line.
        case commandLine

        /// A short phrase naming the layer.
        public var description: String {
            switch self {
            case .defaults: return "defaults"
            case .projectXCConfig(let path): return "project xcconfig '\(path)'"
            case .project: return "project settings"
            case .targetXCConfig(let path): return "target xcconfig '\(path)'"
            case .target: return "target settings"
            case .xcconfig(let path): return "xcconfig '\(path)'"
            case .commandLine: return "command line"
            }
        }
    }

    /// Where the assignments came from.
    public var source: Source
    /// The assignments, in the order written.
    public var assignments: [BuildSettingAssignment]

    /// A layer from `source` holding `assignments`.
    public init(source: Source, assignments: [BuildSettingAssignment]) {
        self.source = source
        self.assignments = assignments
    }

    /// A layer from `source` with unconditional assignments from `values`, in sorted order.
    public init(source: Source, values: [String: String]) {
        self.source = source
        self.assignments = values.keys.sorted().compactMap { name in
            values[name].map { BuildSettingAssignment(name: name, value: $0) }
        }
    }

    /// A `--setting NAME=VALUE` layer; text without `=` is ignored and returned in `rejected`.
    public static func commandLine(_ settings: [String]) -> (layer: BuildSettingLayer, rejected: [String]) {
        var assignments: [BuildSettingAssignment] = []
        var rejected: [String] = []
        for text in settings {
            guard let equals = BuildSettingAssignment.separatorIndex(in: text),
                let parsed = BuildSettingAssignment.parseName(String(text[..<equals]))
            else {
                rejected.append(text)
                continue
            }
            assignments.append(
                BuildSettingAssignment(
                    name: parsed.name, value: String(text[text.index(after: equals)...]),
                    conditions: parsed.conditions))
        }
        return (BuildSettingLayer(source: .commandLine, assignments: assignments), rejected)
    }
}
