import ArgumentParser
import Foundation
import TactileInput
import TactileReplay

struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "What a recording says about its touchscreen, as libinput's analysis tools answer it.",
        discussion: """
            REPORT is summary (the default: report rate and its jitter, noise while a finger rests — the \
            LIBINPUT_FUZZ it would need —, pressure and contact-size ranges, contacts that begin or end oddly), \
            per-slot-delta or touch-down-state (as libinput analyze per-slot-delta and touch-down-state). Values \
            are device units, times the trace's own.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The report: summary (the default), per-slot-delta or touch-down-state; alone, the trace.",
            valueName: "report"),
        completion: .list(TraceAnalysis.Report.allCases.map(\.rawValue)))
    var first: String?

    @Argument(help: ArgumentHelp("The trace.", valueName: "trace"), completion: .traceFile)
    var second: String?

    @OptionGroup(title: "Input") var input: DeviceOptions

    @Flag(help: "Print the report as one JSON object (schema tactile-analysis, version 1) instead of text.")
    var json = false

    @Flag(help: "per-slot-delta: the deltas in millimetres (each axis's resolution), as libinput's --use-mm.")
    var useMm = false

    @Option(
        help: ArgumentHelp(
            "Also draw the touch-down state and each slot's motion over time as an SVG picture; - writes it to standard output.",
            valueName: "file"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    func validate() throws {
        do { _ = try TraceAnalysis.Report.operands(first, second) } catch { throw ValidationError(error.message) }
        if svg == "-", json || useMm || second != nil {
            throw ValidationError(
                "--svg - writes the picture to standard output in place of the report: give no report, --json or "
                    + "--use-mm with it, or write the picture to a file (--svg FILE)")
        }
    }

    func run() throws {
        try reportingErrors(Self.self) {
            let (report, trace) = try TraceAnalysis.Report.operands(first, second)
            let source = try TraceSource(path: trace, descriptionPath: input.descriptionFile)
            try source.printAnalysis(
                report, options: input.traceOptions, json: json, deltasInMillimeters: useMm, svg: svg,
                title: (trace as NSString).lastPathComponent)
        }
    }
}
