import Foundation
import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

private func temporaryFolder() -> String {
    TestScratch.directory("nodes").path
}

private func frame(_ time: Int64, _ contacts: [(UInt64, TouchContact.Phase)]) -> TouchFrame {
    TouchFrame(
        timestamp: Timestamp(nanoseconds: time),
        contacts: contacts.map { TouchContact(id: .init($0.0), phase: $0.1, location: .zero) })
}

@Suite("Several touchscreens, with hot-plug")
struct LiveTouchscreensTests {
    @Test("Two devices' contacts get distinct identifiers, each kept for the contact's life and never reused")
    func identifiersAcrossDevices() {
        var identifiers = ContactIdentifiers()
        // Both decoders number their first contacts #1 and #2.
        let a = identifiers.renumber(.init(frames: [frame(1, [(1, .began), (2, .began)])]), device: "a")
        let b = identifiers.renumber(.init(frames: [frame(2, [(1, .began)])]), device: "b")
        let a2 = identifiers.renumber(.init(frames: [frame(3, [(1, .moved), (2, .ended)])]), device: "a")
        let b2 = identifiers.renumber(.init(frames: [frame(4, [(1, .cancelled)]), frame(5, [(2, .began)])]), device: "b")
        let ids = { (output: MultitouchDecoder.Output) in output.frames.flatMap { $0.contacts.map(\.id.rawValue) } }
        #expect(ids(a) == [1, 2])
        #expect(ids(b) == [3])
        #expect(ids(a2) == [1, 2])
        #expect(ids(b2) == [3, 4])
        #expect(identifiers.liveCount == 2, "a's #1 and b's second contact are still down")
        let again = identifiers.renumber(.init(frames: [frame(6, [(3, .began)])]), device: "a")
        #expect(ids(again) == [5], "an ended contact's identifier is not handed out again")
    }

    @Test("A directory that cannot be watched is an error naming it")
    func missingDirectory() {
        let missing = temporaryFolder() + "/none"
        let error = #expect(throws: InputDeviceError.self) { try LiveTouchscreens(directory: missing) }
        #expect(error?.description.contains(missing) == true)
    }

    @Test("Nodes present at start and nodes that appear later are opened; a node that is not a device is a problem, other names are ignored")
    func nodesAppear() throws {
        let folder = temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/event3", contents: Data("not a device".utf8))
        _ = FileManager.default.createFile(atPath: folder + "/mouse0", contents: Data())
        let touchscreens = try LiveTouchscreens(directory: folder)
        touchscreens.udevWait = .zero
        func nextEvent() throws -> LiveTouchscreens.Event {
            try touchscreens.next(deadline: Shim.monotonicNow() + .milliseconds(500))
        }
        guard case .problem(let first) = try nextEvent() else { Issue.record("no problem for event3"); return }
        #expect(first.description.contains("event3"))
        guard case .deadlinePassed = try nextEvent() else { Issue.record("mouse0 was not ignored"); return }
        // Plugged in later (inotify): reported on the next call.
        _ = FileManager.default.createFile(atPath: folder + "/event12", contents: Data("x".utf8))
        guard case .problem(let later) = try nextEvent() else { Issue.record("no problem for event12"); return }
        #expect(later.description.contains("event12"))
        // Not retried while it stays; retried after it is deleted and created again.
        guard case .deadlinePassed = try nextEvent() else { Issue.record("event12 retried"); return }
        try FileManager.default.removeItem(atPath: folder + "/event12")
        _ = FileManager.default.createFile(atPath: folder + "/event12", contents: Data("x".utf8))
        guard case .problem = try nextEvent() else { Issue.record("event12 not retried"); return }
        #expect(touchscreens.openDevices.isEmpty)
    }

    @Test("As an async sequence: the same events, until the consumer stops")
    func asyncSequence() async throws {
        let folder = temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/event1", contents: Data("x".utf8))
        var seen: [String] = []
        for try await event in LiveTouchscreens.events(directory: folder, pollInterval: .milliseconds(20)) {
            if case .problem(let error) = event { seen.append(error.description) }
            break
        }
        #expect(seen.count == 1 && seen[0].contains("event1"))
    }
}
