import Tactile
import Testing

@testable import TactileContacts

/// Rules of ``ContactStream`` about what one frame holds, pinned on both sides: a contact cancelled in the frame
/// it went down in never begins (an app must not see a touch that the source took back before reporting it), and
/// a slot freed by a lift is free only from the next frame on (within one frame both touches are reported, so they
/// need two slots).
@Suite("Contact stream: one frame's boundaries")
struct ContactStreamBoundaryTests {
    typealias S = ContactStreamTests

    @Test("A contact that goes down and is cancelled within one frame never begins (and is never cancelled)")
    func downThenCancelInOneFrame() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = S.run(&stream, [
            .down(S.report(1, 10, 10, 0)), .frame(at: nil),
            .down(S.report(2, 50, 10, 8)), .cancel(id: 2, at: S.at(9)), .frame(at: nil),
        ])
        // Nothing changed for the app in the second frame: no frame at all, and contact 2 is never seen.
        #expect(output.frames.map(S.phases) == [["#1:began"]])
        #expect(stream.activeContactCount == 1)
    }

    @Test("Cancelled one frame after its down, the contact began and is cancelled (the control case)")
    func cancelInTheNextFrame() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = S.run(&stream, [
            .down(S.report(2, 50, 10, 8)), .frame(at: nil), .cancel(id: 2, at: S.at(9)), .frame(at: nil),
        ])
        #expect(output.frames.map(S.phases) == [["#1:began"], ["#1:cancelled"]])
        #expect(stream.activeContactCount == 0)
    }

    @Test("A contact landing in the frame where another lifted does not take the lifted one's slot")
    func landingWhereAnotherLifted() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = S.run(&stream, [
            .down(S.report(5, 10, 10, 0)), .down(S.report(6, 20, 10, 0)), .frame(at: nil),
            .up(id: 5, at: S.at(8)), .down(S.report(9, 30, 10, 8)), .frame(at: nil),
            .down(S.report(10, 40, 10, 16)), .frame(at: nil),
        ])
        #expect(output.frames.count == 3)
        let lifted = output.frames[1].contacts
        #expect(lifted.first { $0.id == .init(1) }?.phase == .ended)
        #expect(lifted.first { $0.id == .init(1) }?.slot == 0)
        let landed = lifted.first { $0.id == .init(3) }
        #expect(landed?.phase == .began)
        #expect(landed?.slot == 2, "slots 0 (lifting in this frame) and 1 are taken")
        #expect(Set(lifted.map(\.slot)).count == lifted.count, "no two contacts of one frame share a slot")
        // From the next frame on the lifted one's slot is free again.
        #expect(output.frames[2].contacts.first { $0.id == .init(4) }?.slot == 0)
    }
}
