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
