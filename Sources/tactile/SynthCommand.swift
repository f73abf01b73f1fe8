import ArgumentParser
import Foundation
import Tactile
import TactileGestures
import TactileInput
import TactileReplay

extension SynthesizedGesture: ExpressibleByArgument {}

struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a realistic evemu trace of a gesture.",
        discussion: """
            Gestures: \(commaSeparated(SynthesizedGesture.allCases.map { $0.rawValue })). The trace imitates a \
            real touchscreen's report rate, resting jitter, contact size and finger landing order, and the \
            kernel's filtering of repeated values. The same options and seed give the same bytes.
            """
    )

    @Argument(help: "The gesture.")
    var gesture: SynthesizedGesture

    @Option(name: .shortAndLong, help: "The evemu file to write (default: standard output).", completion: .outputFile)
    var output: String?

    @Option(
        help: ArgumentHelp(
            "The device to imitate: a description (.desc), an evemu recording or a libinput record file. Default: the built-in Tactile Synthetic Touchscreen.",
            discussion: "--description FILE is the same option, named as replay's.", valueName: "file"),
        completion: .file(extensions: ["desc"] + CorpusCheck.traceFileExtensions))
    var device: String?

    @OptionGroup(title: "Input") var deviceOptions: DeviceOptions

    @Option(help: "The random seed.")
    var seed: UInt64 = 1

    @Option(
        parsing: .unconditional,
        help: "Where the gesture happens, as fractions of the surface: X,Y (0.5,0.5 is the middle).")
    var at: String = "0.5,0.5"

    @Option(
        parsing: .unconditional,
        help: "Reports per second (default: the device's measured rate, 120 for the built-in device).")
    var rate: Double?

    func validate() throws {
        _ = try anchor()
        if device != nil, deviceOptions.descriptionFile != nil {
            throw ValidationError("--device and --description name the same file; give one of them")
        }
        if let rate, !TraceSynthesizer.rates.contains(rate) {
            throw ValidationError("--rate takes 10 to 1000 reports per second, such as 120 (got \(rate))")
        }
    }

    /// `--at` as a point of the unit square.
    func anchor() throws -> Point {
        let parts = at.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, parts.allSatisfy({ (0...1).contains($0) }) else {
            throw ValidationError("--at takes two fractions from 0 to 1, such as 0.5,0.5 (got \(at))")
        }
        return Point(x: parts[0], y: parts[1])
    }

    func run() throws {
        try reportingErrors(Self.self) {
            let synthesizer = try TraceSynthesizer(
                imitating: device ?? deviceOptions.descriptionFile, options: deviceOptions.traceOptions, rate: rate)
            try synthesizer.write(gesture, seed: seed, anchor: try anchor(), toFileOrStandardOutput: output)
        }
    }
}
