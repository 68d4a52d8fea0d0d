import UniformTypeIdentifiers

// Not the app's code: utiscope's walk does not read this file.
let notTheApps = UTType(exportedAs: "com.example.jotter.elsewhere")
