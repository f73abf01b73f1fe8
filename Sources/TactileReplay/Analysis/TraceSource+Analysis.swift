import Glibc
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

extension TraceSource {
    /// Analyses the trace and prints `report` on standard output, as `tactile analyze` does: as text (device units,
    /// or with `deltasInMillimeters` millimetres for `per-slot-delta`) or as one JSON object; with `svg` also the
    /// picture (``TraceAnalysis/svg(title:)``, titled `title`) written there, or with `svg` `-` printed in place of
    /// the report.
    ///
    /// - Throws: `TraceError` as ``analyze(options:)``, for millimetres from axes without a resolution, or when the
    ///   picture cannot be written.
    public func printAnalysis(
        _ report: TraceAnalysis.Report, options: TraceOptions, json: Bool, deltasInMillimeters: Bool, svg: String?,
        title: String
    ) throws {
        let analysis = try analyze(options: options)
        let text: String
        if json {
            text = analysis.json(report, trace: displayName)
        } else if let table = analysis.text(report, deltasInMillimeters: deltasInMillimeters) {
            text = table
        } else {
            throw TraceError(
                file: displayName,
                reason: "the device's position axes have no resolution, so --use-mm cannot give millimetres")
        }
        if let svg {
            let picture = analysis.svg(title: title)
            if svg == "-" {
                return StandardStreams.writeAll(Array(picture.utf8), to: STDOUT_FILENO, name: "standard output")
            }
            try TextFile.write(picture, to: svg)
        }
        StandardStreams.writeAll(Array(text.utf8), to: STDOUT_FILENO, name: "standard output")
    }
}
