import Tactile
import Testing

@testable import TactileInput

@Suite("Decoding protocol B and single touch")
struct MultitouchDecoderTests {
    @Test("A contact begins, moves, stays still while another moves, and ends at its last position")
    func basicLifecycle() throws {
        var script = DecoderScript()
        script.report(.id(10), .x(100), .y(200))
        script.report(.x(110))
        script.report(.slot(1), .id(11), .x(500), .y(500))
        script.report(.y(510))
        script.report(.slot(0), .id(-1))
        script.report(.slot(1), .id(-1))
        let (frames, diagnostics, _) = try decode(script.events)
        #expect(diagnostics.isEmpty)
        #expect(summary(frames) == [
            "#1:began@(100, 200)",
            "#1:moved@(110, 200)",
            "#1:stationary@(110, 200) #2:began@(500, 500)",
            "#1:stationary@(110, 200) #2:moved@(500, 510)",
            "#1:ended@(110, 200) #2:stationary@(500, 510)",
            "#2:ended@(500, 510)",
        ])
        #expect(frames.map(\.contacts[0].slot) == [0, 0, 0, 0, 0, 1])
    }

    @Test("Events before the first ABS_MT_SLOT belong to slot 0, and a new contact keeps the slot's old values")
    func slotZeroAndPersistentValues() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(300), .y(400))
        script.report(.id(-1))
        script.report(.id(2))  // the kernel sends no X/Y: they did not change
        let (frames, _, _) = try decode(script.events)
        #expect(frames.count == 3)
        #expect(frames[2].contacts[0].phase == .began)
        #expect(frames[2].contacts[0].location == frames[0].contacts[0].location)
        #expect(frames[2].contacts[0].slot == 0)
        #expect(frames[2].contacts[0].id != frames[0].contacts[0].id)
    }

    @Test("A tracking id changing without −1 ends the old contact and begins a new one in the same frame")
    func trackingIDChangeWithoutLift() throws {
        var script = DecoderScript()
        script.report(.id(5), .x(100), .y(100))
        script.report(.id(6), .x(800), .y(800))
        script.report(.id(-1))
        let (frames, diagnostics, _) = try decode(script.events)
        #expect(summary(frames) == [
            "#1:began@(100, 100)",
            "#1:ended@(100, 100) #2:began@(800, 800)",
            "#2:ended@(800, 800)",
        ])
        #expect(diagnostics == [.trackingIDChangedWithoutLift(slot: 0, from: 5, to: 6)])
    }

    @Test("A lift and a new id in one report end the old contact at its old position")
    func liftAndNewIDInOneReport() throws {
        var script = DecoderScript()
        script.report(.id(5), .x(100), .y(100))
        script.report(.id(-1), .id(6), .x(700))
        let (frames, diagnostics, _) = try decode(script.events)
        #expect(summary(frames)[1] == "#1:ended@(100, 100) #2:began@(700, 100)")
        #expect(diagnostics.isEmpty)
    }

    @Test("A contact that begins and ends within one report gives a began frame and an ended frame")
    func beginAndEndInOneReport() throws {
        var script = DecoderScript()
        script.report(.slot(1), .id(3), .x(10), .y(10))
        script.report(.slot(0), .id(4), .x(50), .y(50), .id(-1))
        let (frames, _, _) = try decode(script.events)
        #expect(summary(frames) == [
            "#1:began@(10, 10)",
            "#2:began@(50, 50) #1:stationary@(10, 10)",
            "#2:ended@(50, 50) #1:stationary@(10, 10)",
        ])
        #expect(frames[1].timestamp == frames[2].timestamp)
    }

    @Test("A palm cancels its contact; the slot is ignored until its tracking id changes")
    func palmCancels() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100), .tool(.finger))
        script.report(.tool(.palm), .x(120))
        script.report(.x(140))  // the palm moves: nothing to report
        script.report(.id(-1))
        script.report(.id(2), .tool(.finger))
        let (frames, diagnostics, _) = try decode(script.events)
        #expect(summary(frames) == ["#1:began@(100, 100)", "#1:cancelled@(120, 100)", "#2:began@(140, 100)"])
        #expect(diagnostics == [.palmRejected(slot: 0)])
    }

    @Test("A contact that is a palm from its first report is never reported")
    func palmFromTheStart() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100), .tool(.palm))
        script.report(.x(150))
        script.report(.id(-1))
        let (frames, _, _) = try decode(script.events)
        #expect(frames.isEmpty)
    }

    @Test("A pen contact becomes a touch with the pen tool")
    func penContact() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100), .tool(.pen))
        script.report(.slot(1), .id(2), .x(300), .y(300), .tool(.finger))
        let (frames, _, _) = try decode(script.events)
        #expect(frames[1].contacts.map(\.tool) == [.pen, .finger])
    }

    @Test("A pressure-only change produces no frame, and force is normalized to the typical touch")
    func pressureOnly() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100), .pressure(64))
        script.report(.pressure(128))
        script.report(.x(101))
        let (frames, _, _) = try decode(script.events)
        #expect(frames.count == 2)
        #expect(frames[0].contacts[0].force == 64.0 / (255 * 0.25))
        #expect(frames[1].contacts[0].force == 128.0 / (255 * 0.25))
        #expect(frames[1].contacts[0].maximumPossibleForce == 4)
    }

    @Test("SYN_DROPPED in the middle of a two-finger gesture cancels both touches at the next report (replay)")
    func droppedDuringTwoFingerGesture() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100), .slot(1), .id(2), .x(200), .y(200))
        script.report(.slot(0), .x(110), .slot(1), .x(210))
        // A partial report, then the kernel's SYN_DROPPED; events up to the next SYN_REPORT are discarded.
        script.events.append(InputEvent(timestamp: script.time, .multitouchPositionX, 999))
        script.events.append(InputEvent(timestamp: script.time, .dropped))
        script.report(.slot(0), .x(130), .slot(1), .id(-1))
        // The first finger keeps moving, then lifts; a new finger lands in slot 1.
        script.report(.slot(0), .x(140))
        script.report(.id(-1), .slot(1), .id(3), .x(600), .y(600))
        script.report(.id(-1))
        let (frames, diagnostics, _) = try decode(script.events)
        #expect(summary(frames) == [
            "#1:began@(100, 100) #2:began@(200, 200)",
            "#1:moved@(110, 100) #2:moved@(210, 200)",
            "#1:cancelled@(110, 100) #2:cancelled@(210, 200)",
            "#3:began@(600, 600)",
            "#3:ended@(600, 600)",
        ])
        #expect(diagnostics.contains { if case .eventsDropped = $0 { true } else { false } })
    }

    @Test("A live resynchronization cancels vanished contacts, moves kept ones and begins new ones")
    func liveResynchronization() throws {
        var decoder = try MultitouchDecoder(description: scriptedScreen, configuration: scriptedConfiguration)
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100), .slot(1), .id(2), .x(200), .y(200))
        var frames: [TouchFrame] = []
        for event in script.events { frames += decoder.handle(event).frames }
        // libevdev returned SYN_DROPPED with LIBEVDEV_READ_STATUS_SYNC; its sync frames follow: first the slot
        // whose contact vanished, then the new contact and the changed axes (libevdev ≥ 1.10).
        decoder.beginResynchronization()
        var sync = DecoderScript()
        sync.time = script.time
        sync.report(.slot(1), .id(-1))
        sync.report(.slot(1), .id(7), .x(700), .y(700), .slot(0), .x(150))
        for event in sync.events { frames += decoder.handle(event).frames }
        decoder.endResynchronization()
        var after = DecoderScript()
        after.time = sync.time
        after.report(.slot(1), .id(-1))
        for event in after.events { frames += decoder.handle(event).frames }
        #expect(summary(frames) == [
            "#1:began@(100, 100) #2:began@(200, 200)",
            "#1:stationary@(100, 100) #2:cancelled@(200, 200)",
            "#1:moved@(150, 100) #3:began@(700, 700)",
            "#1:stationary@(150, 100) #3:ended@(700, 700)",
        ])
    }

    @Test("A report whose time goes backwards is clamped to the previous time, with a diagnostic")
    func timeGoingBackwards() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100))
        script.report(after: -5, .x(120))
        script.report(after: 20, .id(-1))
        let (frames, diagnostics, _) = try decode(script.events)
        #expect(frames[1].timestamp == frames[0].timestamp)
        #expect(frames[2].timestamp > frames[1].timestamp)
        #expect(diagnostics == [.timeWentBackwards(from: frames[0].timestamp, to: frames[0].timestamp - .milliseconds(5))])
    }

    @Test("A slot outside the device's range is ignored without a crash")
    func slotOutOfRange() throws {
        var script = DecoderScript()
        script.report(.slot(9), .id(1), .x(100), .y(100))
        script.report(.slot(-3), .id(2))
        script.report(.slot(2), .id(3), .x(10), .y(10))
        let (frames, diagnostics, _) = try decode(script.events)
        #expect(summary(frames) == ["#1:began@(10, 10)"])
        #expect(diagnostics == [.slotOutOfRange(slot: 9, slotCount: 4), .slotOutOfRange(slot: -3, slotCount: 4)])
    }

    @Test("Ending the decoder cancels every touch in one frame and ignores later input")
    func endCancelsEverything() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100), .slot(1), .id(2), .x(200), .y(200))
        script.report(.slot(3), .id(9), .x(1), .y(1))
        let end = script.time + .milliseconds(3)
        var (frames, _, decoder) = try decode(script.events, endAt: end)
        #expect(summary([frames.last!]) == ["#1:cancelled@(100, 100) #2:cancelled@(200, 200) #3:cancelled@(1, 1)"])
        #expect(frames.last?.timestamp == end)
        #expect(decoder.handle(InputEvent(timestamp: end, .report)).frames.isEmpty)
        #expect(decoder.activeContactCount == 0)
    }

    @Test("Codes the device does not advertise are ignored")
    func unadvertisedCodes() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(100), .y(100), .axis(.multitouchOrientation, 1))
        script.report(.axis(.multitouchOrientation, 0), .axis(AbsoluteAxis(rawValue: 0x1d), 5), .x(101))
        let (frames, diagnostics, _) = try decode(script.events)
        #expect(frames.count == 2)
        #expect(diagnostics == [
            .unadvertisedCode(type: .absolute, code: AbsoluteAxis.multitouchOrientation.rawValue),
            .unadvertisedCode(type: .absolute, code: 0x1d),
        ])
    }

    @Test("A single-touch device begins on BTN_TOUCH 1 and ends on BTN_TOUCH 0")
    func singleTouch() throws {
        let device = DeviceDescription(
            name: "Resistive", codes: [.key: [Key.touch.rawValue]],
            axes: [.x: AxisInfo(minimum: 0, maximum: 999), .y: AxisInfo(minimum: 0, maximum: 999)])
        var script = DecoderScript()
        script.report(.axis(.x, 100), .axis(.y, 100), .key(.touch, 1))
        script.report(.axis(.x, 200))
        script.report(.key(.touch, 0))
        script.report(.key(.touch, 1))
        script.report(.key(.touch, 0))
        let (frames, _, _) = try decode(script.events, description: device)
        #expect(device.surfaceKind == .touchscreen)
        #expect(summary(frames) == [
            "#1:began@(100, 100)", "#1:moved@(200, 100)", "#1:ended@(200, 100)",
            "#2:began@(200, 100)", "#2:ended@(200, 100)",
        ])
    }

    @Test("A device without touch axes is rejected")
    func notATouchDevice() {
        let keyboard = DeviceDescription(name: "Keyboard", codes: [.key: [30, 31]])
        #expect(throws: MultitouchDecoder.UnsupportedDeviceError.self) {
            try MultitouchDecoder(description: keyboard)
        }
    }

    @Test("A protocol-A frame with 40 contacts keeps 31 and does not hang libmtdev")
    func tooManyProtocolAContacts() throws {
        let device = DeviceDescription(
            name: "Type A", codes: [.key: [Key.touch.rawValue]],
            axes: [
                .multitouchPositionX: AxisInfo(minimum: 0, maximum: 999),
                .multitouchPositionY: AxisInfo(minimum: 0, maximum: 999),
                .multitouchTouchMajor: AxisInfo(minimum: 0, maximum: 255),
            ])
        let decoder = try TouchInputDecoder(description: device, configuration: scriptedConfiguration)
        var output = MultitouchDecoder.Output()
        let time = Timestamp(seconds: 1, microseconds: 0)
        for frame in 0..<3 {
            for contact in 0..<40 {
                output.append(decoder.handle(InputEvent(timestamp: time, .multitouchPositionX, Int32(contact * 20 + frame))))
                output.append(decoder.handle(InputEvent(timestamp: time, .multitouchPositionY, Int32(contact * 20))))
                output.append(decoder.handle(InputEvent(timestamp: time, .multitouchTouchMajor, 10)))
                output.append(decoder.handle(InputEvent(timestamp: time, .multitouchReport)))
            }
            output.append(decoder.handle(InputEvent(timestamp: time + .milliseconds(Int64(frame)), .report)))
        }
        output.append(decoder.handle(InputEvent(timestamp: time + .milliseconds(5), .multitouchReport)))
        output.append(decoder.handle(InputEvent(timestamp: time + .milliseconds(5), .report)))
        #expect(output.frames.first?.contacts.count == 31)
        #expect(output.frames.last?.contacts.allSatisfy { $0.phase == .ended } == true)
        #expect(output.diagnostics.contains(.tooManyAnonymousContacts(count: 40, limit: 31)))
        #expect(PhaseChecker.violations(in: output.frames).isEmpty)
    }
}
