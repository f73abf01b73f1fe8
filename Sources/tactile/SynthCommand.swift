import ArgumentParser

struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "synth", abstract: "(not written yet)")
}
