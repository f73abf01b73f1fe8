import Tactile
import TactileInput

extension TraceSource {
    /// Analyses the trace (``TraceAnalysis``), read as `options` say: `--description` for an evemu events file,
    /// `--record-device` for a multi-device `libinput record` file, and `--allow-touchpad` for a touchpad (refused
    /// without it, as by every command that reads traces). A temporary copy is removed once it is read.
    ///
    /// - Throws: `TraceError` naming ``displayName``: the trace cannot be read (file, line and field), it is from
    ///   a device that is not a touch device, a touchpad without `allowsTouchpad`, or it has no events (a `.desc`
    ///   alone).
    public func analyze(options: TraceOptions = TraceOptions()) throws(TraceError) -> TraceAnalysis {
        defer { removeTemporaryCopy() }
        do throws(TraceError) {
            let reader: TraceReader
            if let descriptionPath = descriptionPath ?? options.descriptionPath {
                reader = try TraceReader(eventsPath: path, descriptionPath: descriptionPath)
            } else {
                reader = try TraceReader(path: path, recordDevice: options.recordDevice)
            }
            if !options.allowsTouchpad, let refusal = reader.deviceDescription.touchpadRefusal(file: displayName) {
                throw refusal
            }
            let analysis = try TraceAnalysis.analyze(reader)
            if analysis.summary.eventCount == 0 { throw noEventsError(reader.format, command: "analyze") }
            return analysis
        } catch {
            throw renamed(error)
        }
    }
}
