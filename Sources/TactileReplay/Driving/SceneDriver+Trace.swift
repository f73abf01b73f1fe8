import Tactile
import TactileInput

extension SceneDriver {
    /// Replays a whole trace, streaming: each frame (after the deadlines due before it), each decoder
    /// diagnostic, then the deadlines left after the last event. Touches still down when the trace ends are
    /// cancelled at the latest event's time (`TraceReplay`), touches still withheld at the end of the
    /// ``finishingWindow`` there (``finish(at:)``).
    ///
    /// - Parameters:
    ///   - trace: the open trace.
    ///   - progress: called after each frame with the driver's time (seconds since the first event).
    /// - Returns: the replay's counts.
    /// - Throws: `TraceError` for a malformed line (`file:line: reason`); everything before it was delivered,
    ///   and every touch in progress was cancelled (views whose `ended` was withheld included).
    @discardableResult
    public func replay(_ trace: TraceReplay, progress: ((Timestamp) -> Void)? = nil) throws(TraceError)
        -> TraceReplay.Statistics
    {
        var reportedDiagnostics = 0
        while true {
            let next: TouchFrame?
            do {
                next = try trace.nextFrame()
            } catch {
                // The trace's contacts were cancelled in its last frame; views whose `ended` is still withheld
                // get theirs cancelled too, before the error is reported.
                for diagnostic in trace.diagnostics[reportedDiagnostics...] {
                    observer(.decoder(time: relative(trace.statistics.latestEventTime ?? .zero), diagnostic))
                }
                cancelAllTouches(at: trace.statistics.latestEventTime ?? origin ?? .zero)
                throw error
            }
            guard let frame = next else { break }
            let time = frame.timestamp
            if trace.diagnostics.count > reportedDiagnostics {
                let now = relative(time)
                for diagnostic in trace.diagnostics[reportedDiagnostics...] {
                    observer(.decoder(time: now, diagnostic))
                }
                reportedDiagnostics = trace.diagnostics.count
            }
            send(frame)
            progress?(relative(time))
        }
        for diagnostic in trace.diagnostics[reportedDiagnostics...] {
            observer(.decoder(time: relative(trace.statistics.latestEventTime ?? .zero), diagnostic))
        }
        finish(at: trace.statistics.latestEventTime ?? origin ?? .zero)
        return trace.statistics
    }
}

extension TraceReplay {
    /// Opens a trace for replay through a scene: device coordinates map onto the scene's screen.
    ///
    /// A touchpad's recording (`DeviceDescription/touchpadEvidence`) is refused unless `allowingTouchpad`
    /// is true: its surface is not the screen (`DeviceDescription/touchpadRefusal(file:)`).
    ///
    /// - Throws: `TraceError` when the file cannot be read, is not from a touch device, or is from a touchpad
    ///   and `allowingTouchpad` is false.
    public convenience init(path: String, scene: Scene, allowingTouchpad: Bool = false) throws(TraceError) {
        let reader = try TraceReader(path: path)
        if !allowingTouchpad, let refusal = reader.deviceDescription.touchpadRefusal(file: path) { throw refusal }
        try self.init(reader: reader, configuration: MultitouchDecoder.Configuration(mapping: scene.screen))
    }
}
