import ArgumentParser

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "record", abstract: "(not written yet)")
}
