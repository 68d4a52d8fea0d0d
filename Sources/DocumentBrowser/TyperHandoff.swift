import Foundation

/// Hands the item typer to the folder walker once the app is loaded: the walk starts before, and
/// waits only when it meets a folder with an extension (which may be a package, not to be entered).
final class TyperHandoff: @unchecked Sendable {
    private let condition = NSCondition()
    private var typer: ItemTyper?
    private var cancelled = false

    /// Makes the typer available.
    func provide(_ typer: ItemTyper) {
        condition.lock()
        self.typer = typer
        condition.broadcast()
        condition.unlock()
    }

    /// Gives up: waiting walkers get nil.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The typer, waiting for it; nil when cancelled.
    func wait() -> ItemTyper? {
        condition.lock()
        defer { condition.unlock() }
        while typer == nil && !cancelled { condition.wait() }
        return typer
    }
}
