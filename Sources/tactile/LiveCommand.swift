import ArgumentParser

struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "live", abstract: "(not written yet)")
}
