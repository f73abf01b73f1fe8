import Tactile
import TactileInput
import TactileTestSupport

/// A real recording from `Traces/recordings`, decoded with `TactileInput` and mapped into a scenario's 400×800
/// window, so that a scene runs from it exactly as from a synthetic timeline.
enum Recording {
    /// The frames of the recording `name`, with the device's whole surface mapped onto `surface` (a rectangle
    /// of the 400×800 window; it may reach outside the window), times shifted so that the file's first event
    /// is t = 0, as in the synthetic timelines.
    ///
    /// The mapping is a ``ScreenMapping`` for the 400×800 window whose calibration matrix scales the unit
    /// square onto `surface`: device x from `min` to `max + 1` covers `surface.minX` to `surface.maxX`, and
    /// likewise for y. Touches still down when the file ends are cancelled at its last event (see
    /// ``TraceReplay``).
    static func frames(_ name: String, surface: Rect) throws -> [TouchFrame] {
        let window = Size(width: 400, height: 800)
        let calibration = ScreenMapping.CalibrationMatrix(
            surface.width / window.width, 0, surface.origin.x / window.width,
            0, surface.height / window.height, surface.origin.y / window.height)
        let replay = try TraceReplay(
            path: SharedTraces.path(name),
            // The recording's own reports, without the jitter filter: the scenarios count its motions.
            configuration: .init(
                mapping: ScreenMapping(screenSize: window, calibration: calibration, jitterFilter: .off)))
        let frames = try replay.remainingFrames()
        let origin = replay.statistics.firstEventTime ?? .zero
        return frames.map { frame in
            var shifted = frame
            shifted.timestamp = Timestamp(nanoseconds: frame.timestamp.nanoseconds - origin.nanoseconds)
            return shifted
        }
    }

    /// The frames of `name` with the device's surface `width` points wide (default: the window's width) and
    /// its top-left corner at `origin`, keeping the device's aspect ratio, so that one device unit is
    /// `width / span` points along both axes.
    static func frames(_ name: String, width: Double = 400, origin: Point = .zero) throws -> [TouchFrame] {
        let axes = try TraceReader(path: SharedTraces.path(name)).deviceDescription.axes
        guard let x = axes[.multitouchPositionX] ?? axes[.x], let y = axes[.multitouchPositionY] ?? axes[.y] else {
            throw RecordingError(name: name, reason: "no position axes")
        }
        let surface = Rect(x: origin.x, y: origin.y, width: width, height: width * y.span / x.span)
        return try frames(name, surface: surface)
    }

    /// A recording that cannot be used for a scenario.
    struct RecordingError: Error, CustomStringConvertible {
        var name: String
        var reason: String
        var description: String { "\(name): \(reason)" }
    }
}

/// The recordings' times as the log renders them: whole milliseconds, truncated.
extension Timestamp {
    var wholeMilliseconds: Int64 { nanoseconds / 1_000_000 }
}

extension [TouchFrame] {
    /// The times of the frames in which a contact moved, whose log time (in whole ms) lies in `range`.
    func moveTimes(_ range: Range<Int64>) -> [Timestamp] {
        filter { frame in
            range.contains(frame.timestamp.wholeMilliseconds) && frame.contacts.contains { $0.phase == .moved }
        }.map(\.timestamp)
    }
}

/// What a recording's frames log for a view: `"<t> <view>: moved{<touches>}"` at each time.
func viewMoves(_ view: String, _ touches: String = "#1", at times: [Timestamp]) -> [String] {
    times.map { "\($0) \(view): moved{\(touches)}" }
}

/// What a continuous recognizer logs for a run of moves after it began: its change to `changed` (from
/// `began` the first time) and the action, at each time.
func changes(_ recognizer: String, at times: [Timestamp], from first: String = "began") -> [String] {
    times.enumerated().flatMap { index, time in
        ["\(time) \(recognizer): \(index == 0 ? first : "changed") → changed", "\(time) \(recognizer): action(changed)"]
    }
}

/// What a continuous recognizer logs when it ends at `time`: the change to `ended` with `reason`, the action,
/// and the reset.
func ends(_ recognizer: String, at time: String, from state: String = "changed", _ reason: String = "all touches lifted") -> [String] {
    ["\(time) \(recognizer): \(state) → ended (\(reason))", "\(time) \(recognizer): action(ended)",
     "\(time) \(recognizer): ended → possible (reset)"]
}
