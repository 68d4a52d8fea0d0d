import Support

/// Hands the item typer to the folder walker once the app is loaded: the walk starts before, and
/// asks for it, without waiting, when it meets a folder with an extension (which may be a package,
/// not to be entered).
final class TyperHandoff: @unchecked Sendable {
    private let lock = Lock()
    private var typer: ItemTyper?

    /// Makes the typer available.
    func provide(_ typer: ItemTyper) {
        lock.withLock { self.typer = typer }
    }

    /// The typer when it has been provided.
    func current() -> ItemTyper? {
        lock.withLock { typer }
    }
}
