import Foundation
import TactileTestSupport
import Testing

@testable import TactileReplay

/// The smaller items of issue 15 (item 7), through the built command.
@Suite("The tactile command's small courtesies", .serialized)
struct CommandLineSmallTests {
    @Test("--version prints the package version, MAJOR.MINOR.PATCH")
    func version() throws {
        let result = try Tactile.run(["--version"])
        #expect(result.status == 0)
        #expect(result.outputLines == [TactileVersion.string])
        #expect(TactileVersion.string.wholeMatch(of: #/\d+\.\d+\.\d+/#) != nil)
    }

    @Test("synth --help states the --at default once")
    func synthHelp() throws {
        let help = try Tactile.run(["synth", "--help"]).output.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").filter { !$0.isEmpty }.joined(separator: " ")
        // The option's entry: from its last mention (the first is in USAGE) to the next option.
        let at = try #require(help.ranges(of: "--at <at>").last)
        let entry = String(help[at.upperBound...]).components(separatedBy: "--rate").first ?? ""
        #expect(entry.components(separatedBy: "0.5,0.5").count - 1 == 2, "\(entry)")  // "0.5,0.5 is the middle" + "(default: 0.5,0.5)"
        #expect(entry.components(separatedBy: "default").count - 1 == 1, "\(entry)")
    }

    @Test("devices without the folder says the folder is missing, not that no touchscreen was found")
    func devicesWithoutFolder() throws {
        let missing = temporaryDirectory().appendingPathComponent("input").path
        let result = try Tactile.run(["devices", "--directory", missing])
        expectOneLineError(result,
            "\(missing) does not exist: this machine has no input devices, or they are not visible here (in a container, pass the device in, for example docker run --device /dev/input/event5)")
    }

    @Test("live and record take a bare node name as the node in /dev/input")
    func bareNodeName() throws {
        expectOneLineError(try Tactile.run(["live", "event99"]), "/dev/input/event99: no such device")
        expectOneLineError(try Tactile.run(["record", "event99"]), "/dev/input/event99: no such device")
        // A relative path with a slash stays as given.
        expectOneLineError(try Tactile.run(["live", "./event99"]), "./event99: no such device")
    }
}
