import Dispatch
import Lint
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress line for a long `lint`, on standard error: shown only on a terminal (never in a
/// pipe or under CI), only once the lint has run for ``delay``, redrawn at most four times a
/// second (`linting: 3 of 12 apps…`), and cleared when the lint ends.
final class LintProgress: LintRunProgress, @unchecked Sendable {
    /// How long a lint runs before the line appears.
    nonisolated(unsafe) static var delay: Duration = .seconds(1)

    private let sink: OutputSink
    private let enabled: Bool
    private let lock = Lock()
    private let start = ContinuousClock.now
    private var phase = "reading"
    private var done = 0
    private var total = 0
    private var shown = false
    private var finished = false
    private var lastDrawn = ContinuousClock.now

    /// A progress line on `context`'s standard error, when it is a terminal outside CI.
    init(context: CommandContext) {
        sink = context.errors
        enabled =
            context.errors.isTerminal && context.environment["CI"] == nil && context.environment["TERM"] != "dumb"
        guard enabled else { return }
        // Redrawn while nothing else happens (one large file), until the lint ends.
        DispatchQueue(label: "utiscope.progress").async { [self] in
            while true {
                usleep(250_000)
                guard tick() else { return }
            }
        }
    }

    /// Linting has begun: `total` apps.
    func linting(_ total: Int) {
        update {
            $0.phase = "linting"; $0.total = total
        }
    }

    /// One app is linted.
    func linted() {
        update { $0.done += 1 }
    }

    /// Clears the line; nothing is drawn afterwards.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        if shown { sink.write("\r\u{1B}[K") }
        shown = false
    }

    private func update(_ change: (LintProgress) -> Void) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        change(self)
        draw(force: false)
    }

    /// Redraws from the timer; false once the lint has ended.
    private func tick() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if finished { return false }
        draw(force: true)
        return true
    }

    private func draw(force: Bool) {
        let now = ContinuousClock.now
        guard !finished, now - start >= Self.delay, force || now - lastDrawn >= .milliseconds(250) || !shown else {
            return
        }
        lastDrawn = now
        shown = true
        let seconds = Int((now - start).components.seconds)
        let what = phase == "linting" ? "linting: \(done) of \(total) app\(total == 1 ? "" : "s")" : "reading inputs"
        sink.write("\r\u{1B}[K\(what)… \(seconds) s")
    }
}
