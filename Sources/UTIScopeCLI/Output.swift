#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

/// Where a command writes: standard output and standard error in the real tool, buffers in tests.
public protocol OutputSink: AnyObject {
    /// Writes bytes as they are.
    func write(bytes: [UInt8])
    /// Whether this is a terminal (for colour and progress lines).
    var isTerminal: Bool { get }
}

extension OutputSink {
    /// Writes text as UTF-8.
    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    /// Writes text followed by a newline.
    public func line(_ text: String) {
        write(text + "\n")
    }
}

/// Standard output or standard error of the process.
public final class StandardStream: OutputSink {
    private let descriptor: Int32
    /// Set when a write failed: later writes are dropped, so output written in parts (a large
    /// JSON report) never continues after a hole.
    private var failed = false

    /// The process's standard output.
    public static func output() -> StandardStream { StandardStream(descriptor: 1) }
    /// The process's standard error.
    public static func error() -> StandardStream { StandardStream(descriptor: 2) }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes everything, retrying on short writes and interrupts; stops quietly if the reader
    /// has gone away (a closed pipe), and writes nothing more after a failure.
    public func write(bytes: [UInt8]) {
        guard !failed else { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                offset += written
            }
        }
    }

    /// Whether the stream is a terminal.
    public var isTerminal: Bool { isatty(descriptor) != 0 }
}

/// Collects what a command writes, for tests.
public final class CapturedOutput: OutputSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether to pretend to be a terminal.
    public var isTerminal: Bool

    /// An empty buffer.
    public init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    /// Appends the bytes.
    public func write(bytes: [UInt8]) {
        self.bytes.append(contentsOf: bytes)
    }

    /// Everything written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
