import AppBundle
import PropertyList

extension PlistValue {
    /// The value at `keyPath` below this one (the last value of a repeated key), or nil.
    func value(at keyPath: PlistKeyPath) -> PlistValue? {
        var current = self
        for component in keyPath.components {
            switch component {
            case .key(let key):
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard let next = current.element(at: index) else { return nil }
                current = next
            }
        }
        return current
    }
}

extension InfoPlist {
    /// The root of the file as written, when the model was read from a file.
    var rawRoot: PlistValue? { document?.root }

    /// The value a location (from this Info.plist's file) points at.
    func value(at location: SourceLocation) -> PlistValue? {
        guard location.file == file || location.file == document?.file, let document else { return nil }
        // A location the reader made points at its value: no key path to make and follow (rules
        // ask this for every entry of an app).
        return document.value(madeFor: location) ?? document.root.value(at: location.keyPath)
    }
}

extension DocumentType {
    /// Whether the entry is a Quick Look generator's or Spotlight importer's (role `QLGenerator`
    /// or `MDImporter`): a plug-in's, not an app's, so the app-only rules leave it alone.
    var isPlugInEntry: Bool {
        hasRole("QLGenerator") || hasRole("MDImporter")
    }
}
