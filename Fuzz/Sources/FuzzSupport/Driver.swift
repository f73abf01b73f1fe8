import Glibc

/// libFuzzer's entry point for a program that has its own `main` (from `-sanitize=fuzzer`'s runtime).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments, calling `callback` for each input.
public func runFuzzer(
    argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}

/// Runs `body` on libFuzzer's input on the main actor: a target's `LLVMFuzzerTestOneInput` is `@convention(c)`, so
/// it cannot be isolated; it is nonisolated and hands its input to its main-actor body through this function.
///
/// `MainActor.assumeIsolated` holds because libFuzzer calls the callback on the thread that called
/// `LLVMFuzzerRunDriver` — the process's main thread (`<target>_main` is the program's `main`) — and on no other:
/// its other threads (the RSS monitor, the timeout's alarm) run no input, and `-fork`/`-jobs` run inputs in child
/// processes, each on its own main thread. Were that ever untrue, `assumeIsolated` stops the process (a crash
/// libFuzzer reports), not a data race.
public func onMainActor(
    _ data: UnsafePointer<UInt8>?, _ size: Int, _ body: @MainActor @Sendable (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    nonisolated(unsafe) let data = data  // libFuzzer's buffer, read during this call, on this thread
    return MainActor.assumeIsolated { body(data, size) }
}

/// Stops the process with a message libFuzzer records as a crash: an invariant was broken.
public func violation(_ message: String) -> Never {
    let text = "INVARIANT VIOLATION: \(message)\n"
    _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    abort()
}

/// A file in shared memory that holds the current input, for readers that open paths.
public struct InputFile {
    public let path: String

    /// A file named for this process, with `suffix` (`.evemu`, `.yml`: the readers pick the format by it).
    public init(suffix: String) {
        let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        path = "\(directory)/tactile-fuzz-\(getpid())\(suffix)"
    }

    /// Replaces the file's content with `size` bytes at `data`.
    public func write(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { violation("cannot write \(path)") }
        defer { close(descriptor) }
        var written = 0
        while written < size, let data {
            let result = Glibc.write(descriptor, data + written, size - written)
            guard result > 0 else { violation("cannot write \(path)") }
            written += result
        }
    }
}
