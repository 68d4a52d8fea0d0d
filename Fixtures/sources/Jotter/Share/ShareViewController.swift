import UIKit
import UniformTypeIdentifiers

/// The Share extension's code: paired with the extension's Info.plist, not the app's.
class ShareViewController: UIViewController {
    let clipType = UTType(exportedAs: "com.example.jotter.clip")
}
