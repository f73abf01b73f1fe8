import Foundation
import TactileTestSupport
import Testing

@testable import Tactile
@testable import TactileInput
@testable import TactileReplay

/// Checks the lifecycle invariant on a delivery log: every touch a view saw begin gets exactly one `ended` or
/// `cancelled` after it, and nothing after that.
struct TouchLifecycle {
    private var open: Set<TouchContact.ID> = []
    private var closed: Set<TouchContact.ID> = []
    private(set) var problems: [String] = []

    mutating func observe(_ event: ReplayEvent) {
        guard case .delivery(let delivery) = event, case .touches(let phase, let view, let touches) = delivery.kind else {
            return
        }
        for id in touches {
            switch phase {
            case .began:
                if open.contains(id) || closed.contains(id) { problems.append("\(view): \(id) began twice") }
                open.insert(id)
            case .moved, .stationary:
                if !open.contains(id) { problems.append("\(view): \(id) \(phase) while not down") }
            case .ended, .cancelled:
                if open.remove(id) == nil { problems.append("\(view): \(id) \(phase) while not down") }
                closed.insert(id)
            }
        }
    }

    /// The touches that began and never ended nor were cancelled, plus every inconsistency seen.
    var violations: [String] { problems + open.sorted { $0.rawValue < $1.rawValue }.map { "\($0) never ended" } }
}

/// A replay through the default scene (or `scene`), keeping the text log and checking the invariant.
final class CheckedReplay {
    let driver: SceneDriver
    private(set) var lines: [String] = []
    private(set) var lifecycle = TouchLifecycle()

    init(scene: Scene = Scene.defaultScene()) throws {
        driver = SceneDriver(instance: try scene.instantiate()) { _ in }
        driver.observer = { [unowned self] event in
            if let line = ReplayLogFormat.textLine(for: event) { self.lines.append(line) }
            self.lifecycle.observe(event)
        }
    }
}

/// Each row of `Traces/reliability/README.md`, with its file: what used to crash, hang, wrap or strand a touch.
@Suite("Reliability: the hostile inputs of Traces/reliability", .serialized)
struct ReliabilityTests {
    func input(_ name: String) -> String { SharedReliability.path(name) }

    // MARK: Timestamps

    @Test("Seconds that would wrap Timestamp are file:line errors, exit 1 (evemu and libinput record)")
    func secondsOverflow() throws {
        let evemu = input("crash-seconds-overflow-trap.evemu")
        let result = try Tactile.run(["replay", evemu])
        #expect(result.status == 1)
        expectOneLineError(result, "\(evemu):26: time '9223372036.000000' is out of range (seconds must be below 4294967296, about 136 years)")
        let yaml = input("crash-seconds-overflow-trap.yml")
        let yamlResult = try Tactile.run(["replay", yaml])
        #expect(yamlResult.status == 1)
        expectOneLineError(yamlResult, "\(yaml):40: seconds '9223372036' are out of range (they must be below 4294967296, about 136 years)")
    }

    @Test("2^40 seconds is an error, not a negative time in the log; the touch that was down is cancelled")
    func secondsTwoToTheForty() throws {
        let path = input("trace-seconds-2pow40-wraps-silently.evemu")
        let result = try Tactile.run(["replay", path])
        #expect(result.status == 1)
        expectOneLineError(result, "\(path):29: time '1099511627775.000001' is out of range (seconds must be below 4294967296, about 136 years)")
        #expect(!result.output.contains("-"), "no negative time: \(result.output)")
        #expect(result.outputLines.filter { $0.contains("screen:") } == ["0.000s screen: began{#1}", "0.000s screen: cancelled{#1}"])
    }

    @Test("A trace whose time goes backwards at the end: the withheld ended is released, one diagnostic")
    func timeBackwardsAtEnd() throws {
        let replay = try CheckedReplay()
        let trace = try TraceReplay(path: input("trace-time-backwards-at-end-withheld-touch.evemu"), scene: replay.driver.instance.scene)
        try replay.driver.replay(trace)
        #expect(replay.lifecycle.violations == [])
        #expect(replay.lines.filter { $0.contains("time went backwards") }.count == 1)
        // The double tap's deadline runs at its own time after the latest frame (20.05 s, not the last line's 1 s).
        #expect(replay.lines.contains("0.400s deadline: doubleTap"))
        #expect(replay.lines.contains { $0.hasSuffix("screen: began{#1}") })
        #expect(replay.lines.contains { $0.hasSuffix("screen: cancelled{#1}") || $0.hasSuffix("screen: ended{#1}") })
    }

    @Test("A bad line with a touch down: the touch is cancelled, then file:line; the scene is freed")
    func badLineWithTouchDown() throws {
        let path = input("trace-bad-line-with-touch-down.evemu")
        let result = try Tactile.run(["replay", path])
        #expect(result.status == 1)
        expectOneLineError(result, "\(path):29: event type 'this' is not a hex number 0000–001f")
        #expect(result.outputLines.filter { $0.contains("screen:") } == ["0.000s screen: began{#1}", "0.000s screen: cancelled{#1}"])

        weak var application: Application?
        weak var window: Window?
        try {
            let replay = try CheckedReplay()
            application = replay.driver.instance.application
            window = replay.driver.instance.window
            let trace = try TraceReplay(path: path, scene: replay.driver.instance.scene)
            #expect(throws: TraceError.self) { try replay.driver.replay(trace) }
            #expect(replay.lifecycle.violations == [])
        }()
        #expect(application == nil, "the application leaked")
        #expect(window == nil, "the window leaked")
    }

    @Test("cancelAllTouches (SIGINT in tactile live) cancels a touch whose ended is withheld by a double tap")
    func cancelAllTouchesCancelsWithheld() throws {
        let replay = try CheckedReplay()
        let driver = replay.driver
        let point = Point(x: 100, y: 100)
        driver.send(TouchFrame(timestamp: .zero, contacts: [TouchContact(id: .init(1), phase: .began, location: point)]))
        driver.send(TouchFrame(timestamp: Timestamp(seconds: 0.05), contacts: [TouchContact(id: .init(1), phase: .ended, location: point)]))
        #expect(replay.lines.contains("0.050s screen: ended{#1} withheld while tap and doubleTap decide"))
        driver.cancelAllTouches(at: Timestamp(seconds: 0.1))
        #expect(replay.lines.contains("0.100s screen: cancelled{#1}"))
        #expect(replay.lifecycle.violations == [])
        // Nothing is delivered twice when the double tap's deadline passes later.
        driver.finish(at: Timestamp(seconds: 0.1))
        #expect(replay.lifecycle.violations == [])
        #expect(replay.lines.filter { $0.contains("{#1}") && !$0.contains("withheld") }.count == 2)
    }

    // MARK: Bounded resources

    @Test("A 1 GB file without a newline and /dev/zero fail at line 1 in bounded time and memory")
    func noNewline() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("no-newline-1G.evemu").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 1 << 30)  // sparse: no disk space taken
        try handle.close()
        let zero = directory.appendingPathComponent("dev-zero.evemu").path
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        for path in [big, zero] {
            let clock = ContinuousClock()
            var caught: TraceError?
            let elapsed = clock.measure {
                do { _ = try TraceReader(path: path) } catch { caught = error as? TraceError }
            }
            #expect(caught?.line == 1)
            #expect(caught?.reason.hasPrefix("line longer than \(LineReader.maximumLineLength) bytes (starts '\\u{0}") == true, "\(String(describing: caught))")
            #expect((caught?.description.utf8.count ?? .max) < 300, "the message quotes a bounded prefix")
            #expect(elapsed < .seconds(10))
        }
        // Memory: the reader holds at most the line cap plus one chunk.
        let reader = try LineReader(path: big)
        #expect(throws: TraceError.self) { _ = try reader.nextLine() }
        #expect(reader.bufferHighWater <= LineReader.maximumLineLength + LineReader.chunkSize)
    }

    @Test("A 200,000-digit value: the message quotes a bounded prefix")
    func hugeValue() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tap = try String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8)
        let description = tap.split(separator: "\n", omittingEmptySubsequences: false).prefix(25).joined(separator: "\n")
        let text = description + "\nE: 0.000001 0003 0039 0016\nE: 0.000001 0000 0000 0000\nE: 0.1 0003 0035 "
            + String(repeating: "9", count: 200_000) + "\n"
        let path = directory.appendingPathComponent("value-200k-digits.evemu").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let result = try Tactile.run(["replay", path])
        #expect(result.status == 1)
        expectOneLineError(result, "\(path):28: value '\(String(repeating: "9", count: 40))… (200000 bytes)' is not a 32-bit decimal integer")
    }

    @Test("Scenes nested too deep: the reason and a line and column (400 view levels, 5000 levels)")
    func nestingTooDeep() throws {
        let path = input("scene-nesting-400.json")
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", path])
        expectOneLineError(result, "\(path):1:15359: not valid JSON: nesting too deep (arrays and objects nest at most 512 levels)")
        let levels = 5000
        let text = #"{"version":1,"window":{"width":100,"height":100},"views":["#
            + String(repeating: #"{"frame":{"x":0,"y":0,"width":10,"height":10},"subviews":["#, count: levels)
            + #"{"name":"leaf","frame":{"x":0,"y":0,"width":10,"height":10}}"#
            + String(repeating: "]}", count: levels) + "]}"
        #expect(throws: SceneError.self) { try Scene.decode(Data(text.utf8), file: "deep.json") }
        do {
            _ = try Scene.decode(Data(text.utf8), file: "deep.json")
        } catch {
            #expect(error.description == "deep.json:1:14849: not valid JSON: nesting too deep (arrays and objects nest at most 512 levels)")
        }
    }

    @Test("A string that is not UTF-8 is named by its JSON path")
    func nonUTF8() throws {
        let path = input("scene-non-utf8.json")
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", path])
        expectOneLineError(result, "\(path): title: not valid UTF-8")
    }

    @Test("A huge minimumPressDuration is file: json.path: reason, exit 1")
    func hugePressDuration() throws {
        let path = input("crash-scene-huge-press-duration.json")
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", path])
        #expect(result.status == 1)
        // Beyond ±10⁹ every scene number is refused first (issue 34); below that, a duration's own bound.
        expectOneLineError(result, "\(path): views[0].recognizers[0].minimumPressDuration: 1e+300 is out of range: a scene's numbers lie within ±1000000000 (10⁹)")
        let scene = temporaryFile(
            #"{"version": 1, "window": {"width": 400, "height": 300}, "views": [{"name": "v", "frame": {"width": 10, "height": 10}, "recognizers": [{"kind": "longPress", "minimumPressDuration": 1e9}]}]}"#,
            name: "press.json")
        expectOneLineError(
            try Tactile.run(["replay", "Traces/tap.evemu", "--scene", scene]),
            "\(scene): views[0].recognizers[0].minimumPressDuration: expected at most 1000000 seconds, found 1000000000.0")
    }

    @Test("libinput record: 'codes: 7' is an error naming the key")
    func codesScalar() throws {
        let path = input("yaml-codes-scalar.yml")
        let result = try Tactile.run(["replay", path])
        expectOneLineError(result, "\(path): evdev: 'codes' must be a mapping from event type to a list of codes, such as '3: [0, 1, 53, 54, 57]'")
    }

    @Test("A view with a singular transform is an error naming the view")
    func singularTransform() throws {
        let path = input("scene-singular-matrix-bounds.json")
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", path])
        expectOneLineError(result, "\(path): views[0].transform: the transform cannot be inverted (determinant 0.0): the view could never be touched")
    }
}

/// The 100,000-view scene of `make-large-inputs.sh`, generated here (it is too big to keep).
@Suite("Reliability: large scenes")
struct LargeSceneTests {
    static func scene(views count: Int) -> Data {
        var text = #"{"version": 1, "window": {"width": 100, "height": 100}, "views": ["#
        for index in 0..<count {
            if index > 0 { text += ", " }
            text += #"{"name": "v\#(index)", "frame": {"x": \#(index % 100), "y": \#(index % 50), "width": 50, "height": 50}, "#
                + #""recognizers": [{"name": "r\#(index)", "kind": "tap"}]}"#
        }
        return Data((text + "]}").utf8)
    }

    /// The CPU time this thread has used: unlike the wall clock, it does not grow while other processes run, so
    /// the ratio below measures the work done, not the machine's load (a wall-clock ratio missed at load 15).
    static func threadCPUTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    /// The thread CPU time of decoding and building a scene of `count` views.
    func loadTime(views count: Int) throws -> Duration {
        let data = Self.scene(views: count)
        var built: SceneInstance?
        let start = Self.threadCPUTime()
        built = try Scene.decode(data, file: "large.json").instantiate()
        let elapsed = Self.threadCPUTime() - start
        #expect(built?.views.count == count)
        return elapsed
    }

    @Test("Loading and building a scene is linear in its size; 100,000 views load")
    func linear() throws {
        // CPU time, the best of three (caches and page faults still vary): linear is ×8 for ×8 views, quadratic ×64.
        let small = try (0..<3).map { _ in try loadTime(views: 2_000) }.min() ?? .zero
        let large = try (0..<3).map { _ in try loadTime(views: 16_000) }.min() ?? .zero
        #expect(large / small < 24, "2,000 views: \(small), 16,000 views: \(large)")
        let hundredThousand = try loadTime(views: 100_000)
        #expect(hundredThousand < .seconds(120), "100,000 views: \(hundredThousand)")
    }

    @Test("A scene file over the size limit is refused before it is read whole (/dev/zero)")
    func sizeLimit() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zero = directory.appendingPathComponent("zero.json").path
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        #expect {
            try Scene.load(path: zero)
        } throws: { error in
            (error as? SceneError)?.description == "\(zero): larger than \(Scene.maximumFileSize) bytes (the limit for a scene)"
        }
    }
}
