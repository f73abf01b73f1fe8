import Foundation
import Glibc
import TactileReplay
import TactileInput
import TactileTestSupport
import Testing

/// Issue 26, "streams without a spool": standard input and pipes are copied to a nameless file with a bound,
/// endless character devices are refused before a byte is read, and no `tactile-input-*` file is left behind
/// on any exit path (signals and `timeout` included).
@Suite("Streams: bounded, nameless copies; character devices refused", .serialized)
struct StreamInputTests {
    /// A `tactile` process with its standard input on a pipe the test holds open, in a `$TMPDIR` of its own.
    ///
    /// Started with `posix_spawn`, an empty signal mask and SIGINT/SIGTERM at their default actions: a child of
    /// `Process` inherits the mask of the test runner's thread, where both are blocked.
    final class Running {
        let pid: pid_t
        let input = Pipe()
        let temporary = temporaryDirectory()
        private let output = Pipe(), errors = Pipe()
        private var errorDrain: PipeDrain?, outputDrain: PipeDrain?

        init(_ executable: String, _ arguments: [String]) throws {
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary.path
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, input.fileHandleForReading.fileDescriptor, 0)
            posix_spawn_file_actions_adddup2(&actions, output.fileHandleForWriting.fileDescriptor, 1)
            posix_spawn_file_actions_adddup2(&actions, errors.fileHandleForWriting.fileDescriptor, 2)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var empty = sigset_t(), defaults = sigset_t()
            sigemptyset(&empty)
            sigemptyset(&defaults)
            sigaddset(&defaults, SIGINT)
            sigaddset(&defaults, SIGTERM)
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
            self.pid = pid
            try input.fileHandleForReading.close()
            try output.fileHandleForWriting.close()
            try errors.fileHandleForWriting.close()
            errorDrain = PipeDrain(errors.fileHandleForReading)
            outputDrain = PipeDrain(output.fileHandleForReading)
        }

        /// Whether the process holds a file of `temporary` open (its copy of standard input), from `/proc/PID/fd`.
        var holdsSpool: Bool {
            let directory = "/proc/\(pid)/fd"
            let links = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return links.contains { link in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + link))?
                    .hasPrefix(temporary.path) == true
            }
        }

        /// Waits up to `seconds` for `condition`.
        func wait(upTo seconds: Double, for condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if condition() { return true }
                usleep(10_000)
            }
            return condition()
        }

        /// The files left in `$TMPDIR`.
        var leftovers: [String] { (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] }

        /// Waits for the process to end (the input pipe still open), then closes the pipe. `signal` is the signal
        /// that ended it, if one did.
        func waitForExit() -> (signal: Int32?, status: Int32?, errors: String) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            try? input.fileHandleForWriting.close()
            _ = outputDrain?.wait()
            let text = String(decoding: errorDrain?.wait() ?? Data(), as: UTF8.self)
            let signal = status & 0x7f
            return signal == 0 ? (nil, (status >> 8) & 0xff, text) : (signal, nil, text)
        }
    }

    @Test("A signal while standard input is being read leaves no file in $TMPDIR", arguments: [SIGINT, SIGTERM])
    func signalDuringSpool(signal: Int32) throws {
        let running = try Running(Tactile.executable.path, ["replay", "-"])
        // Half a trace, and the pipe stays open: the process is copying standard input.
        let trace = try String(contentsOfFile: Package.path("Traces/pan.evemu"), encoding: .utf8)
        try running.input.fileHandleForWriting.write(contentsOf: Data(trace.utf8.prefix(trace.utf8.count / 2)))
        #expect(running.wait(upTo: 20) { running.holdsSpool }, "the copy is open in $TMPDIR")
        #expect(running.leftovers.isEmpty, "the copy has no name while it is written: \(running.leftovers)")
        kill(running.pid, signal)
        let end = running.waitForExit()
        #expect(end.signal == signal, "\(end)")
        #expect(running.leftovers.isEmpty, "\(running.leftovers)")
    }

    @Test("A time limit (timeout) while standard input is being read leaves no file in $TMPDIR")
    func timeLimit() throws {
        let running = try Running("/usr/bin/timeout", ["0.5", Tactile.executable.path, "replay", "-"])
        try running.input.fileHandleForWriting.write(contentsOf: Data("# EVEMU 1.3\nN: x\n".utf8))
        let end = running.waitForExit()
        #expect(end.status == 124, "timeout's status for a command it stopped: \(end.errors)")
        #expect(running.leftovers.isEmpty, "\(running.leftovers)")
    }

    @Test("Endless character devices are refused before anything is read", arguments: ["/dev/zero", "/dev/urandom"])
    func endlessDevices(device: String) throws {
        let message = "a character device, not a trace (it may never end, as /dev/zero and /dev/urandom); give a trace file, a pipe, or - for standard input"
        let named = try Self.runBounded(["replay", device])
        #expect(!named.killed, "refused at once, not read until the watchdog")
        expectOneLineError(named.result, "\(device): \(message)")
        let redirected = try Self.runBounded(["replay", "-"], standardInput: device)
        #expect(!redirected.killed)
        expectOneLineError(redirected.result, "<stdin>: \(message)")
        let rendered = try Self.runBounded(["render", device, "-o", "/dev/null"])
        expectOneLineError(rendered.result, "\(device): \(message)")
    }

    @Test("/dev/null is an empty trace, not a refused device")
    func null() throws {
        let result = try Self.runBounded(["replay", "/dev/null"])
        #expect(!result.killed)
        #expect(result.result.status == 1)
        #expect(result.result.errorLines.last?.hasPrefix("/dev/null: ") == true, "\(result.result.errors)")
        #expect(result.result.errorLines.last?.contains("character device") == false, "\(result.result.errors)")
    }

    @Test("A stream longer than the bound fails at the bound with a true message, and its copy is gone")
    func bound() throws {
        let directory = temporaryDirectory()
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)
            try? handle?.write(contentsOf: Data(repeating: UInt8(ascii: "#"), count: 10_000))
            try? handle?.close()
        }
        writer.start()
        #expect(throws: TraceError(file: fifo, reason: "longer than 4096 bytes, the most read from a stream; save it to a file and replay the file")) {
            _ = try TraceSource(path: fifo, streamLimit: 4096)
        }
        // Within the bound the same stream reads.
        let trace = try String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8)
        let fifo2 = directory.appendingPathComponent("fifo2").path
        #expect(mkfifo(fifo2, 0o600) == 0)
        let writer2 = Thread {
            let handle = FileHandle(forWritingAtPath: fifo2)
            try? handle?.write(contentsOf: Data(trace.utf8))
            try? handle?.close()
        }
        writer2.start()
        let source = try TraceSource(path: fifo2, streamLimit: trace.utf8.count)
        #expect(source.path.hasPrefix("/proc/self/fd/"))
        let reader = try TraceReader(path: source.path)
        #expect(reader.format == .evemu)
        source.removeTemporaryCopy()
        source.removeTemporaryCopy()  // twice is harmless
        #expect(try reader.nextEvent() != nil, "the open reader reads on after the copy is closed")
    }

    /// Runs `tactile` with a 20 s watchdog (a refusal takes milliseconds; a copy of /dev/zero would not end).
    static func runBounded(_ arguments: [String], standardInput: String? = nil) throws -> (result: Tactile.Result, killed: Bool) {
        let process = Process()
        process.executableURL = Tactile.executable
        process.arguments = arguments
        process.currentDirectoryURL = Package.root
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporaryDirectory().path
        process.environment = environment
        if let standardInput { process.standardInput = FileHandle(forReadingAtPath: standardInput) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputDrain = PipeDrain(output.fileHandleForReading), errorDrain = PipeDrain(errors.fileHandleForReading)
        var killed = false
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                killed = true
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let result = Tactile.Result(
            status: process.terminationStatus, output: String(decoding: outputDrain.wait(), as: UTF8.self),
            errors: String(decoding: errorDrain.wait(), as: UTF8.self))
        return (result, killed)
    }
}
