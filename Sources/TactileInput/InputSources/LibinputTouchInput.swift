import Tactile
import TactileContacts

/// Live touch input through libinput: the touches as the rest of the system sees them, with libinput's device
/// quirks, calibration, jitter filter and palm handling applied, assembled by a `ContactStream` (TactileContacts).
///
/// Two backends, as libinput has them: ``Backend/path(_:)`` reads the named device nodes; ``Backend/udev(seat:)``
/// reads every device of a seat and follows them as they are plugged in and out (libinput's device-added and
/// device-removed events). Only touch devices count (`LIBINPUT_DEVICE_CAP_TOUCH`); others are ignored.
///
/// Positions are libinput's `libinput_event_touch_get_x_transformed` and `…_y_transformed`, normalized to the
/// device's surface with its calibration matrix applied (`LIBINPUT_CALIBRATION_MATRIX`, or the mapping's
/// ``ScreenMapping/calibration`` when it has one and the device none, as ``ScreenMapping/applying(_:)`` decides),
/// then placed on the screen by ``ScreenMapping/location(calibratedNormalized:)``. Each contact's identifier is
/// libinput's seat slot; its `TouchContact.slot` the device's slot. libinput reports no pressure or size for
/// touches, so contacts have neither. Times are the kernel's (`CLOCK_MONOTONIC`), so deadlines computed from
/// frame times compare with the device's clock, as with ``LiveTouchInput``.
///
/// ```swift
/// let input = try LibinputTouchInput(backend: .path(["/dev/input/event5"]), mapping: screen)
/// while true {
///     switch try input.next(deadline: application.nextDeadline) {
///     case .frames(let output): for frame in output.frames { application.send(frame) }
///     case .deadlinePassed(let time): application.advance(to: time)
///     case .deviceAdded, .deviceRemoved: break   // a removal's output cancels that device's touches
///     }
/// }
/// ```
///
/// libinput discards what a node had queued when it opens it (`evdev_drain_fd`), so input starts once the
/// initializer returned. Not `Sendable`: it owns the libinput context. Run it on one thread.
public final class LibinputTouchInput {
    /// Which devices libinput reads.
    public enum Backend: Hashable, Sendable {
        /// The named device nodes (`libinput_path_add_device`): a kiosk's touchscreen.
        case path([String])
        /// Every device of a seat (`libinput_udev_assign_seat`), with hot-plug; `"seat0"` is the usual seat.
        case udev(seat: String)
    }

    /// A touch device libinput reads.
    public struct Device: Hashable, Sendable, CustomStringConvertible {
        /// The device's name.
        public var name: String
        /// Its node, such as `/dev/input/event5`.
        public var node: String
        public var description: String { "\(node) (\"\(name)\")" }
    }

    /// What ``next(deadline:)`` returns.
    public enum Next: Sendable {
        /// Frames or diagnostics of the contact stream.
        case frames(ContactStream.Output)
        /// The deadline passed before any frame.
        case deadlinePassed(Timestamp)
        /// A touch device appeared (and at the start, each device found).
        case deviceAdded(Device)
        /// A touch device went away; the output cancels its touches still down.
        case deviceRemoved(Device, ContactStream.Output)
    }

    /// The backend.
    public let backend: Backend
    /// How positions are placed on the screen.
    public let mapping: ScreenMapping
    /// The touch devices read now.
    public var devices: [Device] { tracked.map(\.device) }

    private let context: LibinputContext
    private var stream = ContactStream(grouping: .frameEvents)
    private var tracked: [(handle: OpaquePointer, device: Device, seatSlots: Set<Int32>)] = []
    private var pending: [Next] = []
    private var latestTime: Timestamp?

    /// Opens libinput.
    ///
    /// - Parameters:
    ///   - backend: the devices to read.
    ///   - mapping: the screen (size, origin, rotation; the calibration for devices udev gives none).
    /// - Throws: ``InputDeviceError`` when libinput cannot start, or (path backend) a node cannot be opened or
    ///   is not a touch device.
    public init(backend: Backend, mapping: ScreenMapping = ScreenMapping()) throws(InputDeviceError) {
        self.backend = backend
        self.mapping = mapping
        switch backend {
        case .path(let paths):
            guard let context = LibinputContext(pathBackend: ()) else {
                throw .system(path: "libinput", operation: "libinput_path_create_context", errno: 0, message: "failed")
            }
            self.context = context
            for path in paths {
                // The usual reasons first, in the evdev backend's words (libinput would only log them).
                guard Shim.exists(path) else { throw .notFound(path: path) }
                guard InputDevice.deviceNumber(ofNode: path) != nil else { throw .notAnEvdevDevice(path: path) }
                guard Shim.isReadable(path) else {
                    throw .permissionDenied(path: path, group: Shim.owningGroupName(of: path))
                }
                guard let device = context.addDevice(path: path) else {
                    throw .notATouchscreen(path: path, name: "", reason: "libinput does not handle it")
                }
                if !LibinputContext.isTouch(device) {
                    let name = LibinputContext.name(device)
                    LibinputContext.remove(device)
                    throw .notATouchscreen(path: path, name: name, reason: "libinput gives it no touch capability")
                }
            }
        case .udev(let seat):
            guard let context = LibinputContext(seat: seat) else {
                throw .system(
                    path: seat, operation: "libinput_udev_assign_seat", errno: 0,
                    message: "libinput could not read the seat (is udev running?)")
            }
            self.context = context
        }
        // The devices found at the start come as device-added events now.
        try readEvents()
    }

    deinit {
        for entry in tracked { LibinputContext.release(entry.handle) }
    }

    /// The current time on the clock of libinput's events (`CLOCK_MONOTONIC`): the clock of ``next(deadline:)``'s
    /// deadline, and of the frames' timestamps.
    public var currentTime: Timestamp { Shim.monotonicNow() }

    /// Blocks until libinput produces frames or device changes, or `deadline` passes (a `nil` deadline never
    /// passes).
    ///
    /// A signal does not end the wait (an interrupted `poll` goes on for the time left): a loop that stops on a
    /// flag set by a signal handler (Ctrl-C) passes a deadline every time, even before the first input or device —
    /// ``currentTime`` plus the longest it may take to notice, such as 100 ms — and looks at the flag when
    /// `.deadlinePassed` returns. With a `nil` deadline and no input it waits for ever.
    ///
    /// - Throws: ``InputDeviceError`` when libinput's file descriptor fails.
    public func next(deadline: Timestamp?) throws(InputDeviceError) -> Next {
        while true {
            if !pending.isEmpty { return pending.removeFirst() }
            try readEvents()
            if !pending.isEmpty { return pending.removeFirst() }
            let now = Shim.monotonicNow()
            if let deadline, now >= deadline { return .deadlinePassed(deadline) }
            switch Shim.poll(context.fileDescriptor, until: deadline) {
            case .success(true): continue
            case .success(false): if let deadline { return .deadlinePassed(deadline) }
            case .failure(let error):
                throw .system(path: "libinput", operation: "poll", errno: error.code, message: Shim.message(forErrno: error.code))
            }
        }
    }

    /// Cancels every touch still down and stops: the frames to hand over. Later calls return nothing.
    public func end(at timestamp: Timestamp) -> ContactStream.Output {
        stream.end(at: latestTime.map { Swift.max($0, timestamp) } ?? timestamp)
    }

    private func readEvents() throws(InputDeviceError) {
        let status = context.dispatch()
        if status < 0 {
            throw .system(path: "libinput", operation: "libinput_dispatch", errno: -status, message: Shim.message(forErrno: -status))
        }
        var output = ContactStream.Output()
        func flushOutput() {
            if !output.frames.isEmpty || !output.diagnostics.isEmpty { pending.append(.frames(output)) }
            output = ContactStream.Output()
        }
        while let event = context.nextEvent() {
            switch event {
            case .deviceAdded(let handle):
                guard LibinputContext.isTouch(handle) else { continue }
                LibinputContext.retain(handle)
                let node = LibinputContext.node(handle)
                let udev = InputDevice.deviceNumber(ofNode: node).flatMap { UdevProperties.read(deviceNumber: $0) }
                let effective = mapping.applying(udev ?? UdevProperties())
                LibinputContext.setCalibration(handle, effective.calibration)
                let device = Device(name: LibinputContext.name(handle), node: node)
                tracked.append((handle, device, []))
                flushOutput()
                pending.append(.deviceAdded(device))
            case .deviceRemoved(let handle):
                guard let index = tracked.firstIndex(where: { $0.handle == handle }) else { continue }
                let entry = tracked.remove(at: index)
                flushOutput()
                // The touches libinput left down on the device are cancelled (libinput cancels them itself on
                // removal; whatever is left is cancelled here, so no touch is stranded).
                let time = latestTime ?? Shim.monotonicNow()
                var removal = ContactStream.Output()
                for seatSlot in entry.seatSlots.sorted() {
                    stream.handle(.cancel(id: Int64(seatSlot), at: time), into: &removal)
                }
                if !entry.seatSlots.isEmpty { stream.handle(.frame(at: nil), into: &removal) }
                LibinputContext.release(handle)
                pending.append(.deviceRemoved(entry.device, removal))
            case .touch(let kind, let handle, let seatSlot, let slot, let time, let x, let y):
                guard seatSlot >= 0, let index = tracked.firstIndex(where: { $0.handle == handle }) else { continue }
                note(time)
                let report = ContactReport(
                    id: Int64(seatSlot), timestamp: time,
                    location: mapping.location(calibratedNormalized: Point(x: x, y: y)),
                    slot: slot >= 0 ? Int(slot) : nil)
                switch kind {
                case .down:
                    tracked[index].seatSlots.insert(seatSlot)
                    stream.handle(.down(report), into: &output)
                case .motion:
                    stream.handle(.motion(report), into: &output)
                }
            case .up(let handle, let seatSlot, let time), .cancel(let handle, let seatSlot, let time):
                guard let index = tracked.firstIndex(where: { $0.handle == handle }) else { continue }
                note(time)
                let slots = seatSlot >= 0 ? [seatSlot] : tracked[index].seatSlots.sorted()
                for slot in slots {
                    tracked[index].seatSlots.remove(slot)
                    if case .up = event {
                        stream.handle(.up(id: Int64(slot), at: time), into: &output)
                    } else {
                        stream.handle(.cancel(id: Int64(slot), at: time), into: &output)
                    }
                }
            case .frame(let handle, let time):
                guard tracked.contains(where: { $0.handle == handle }) else { continue }
                note(time)
                stream.handle(.frame(at: nil), into: &output)
                // Each frame is handed on by itself, as the evdev path hands on each SYN_REPORT's: a caller that
                // fell behind does not hold the first frames of a batch until the last is handled.
                flushOutput()
            case .other:
                continue
            }
        }
        flushOutput()
    }

    private func note(_ time: Timestamp) {
        latestTime = latestTime.map { Swift.max($0, time) } ?? time
    }
}

@available(*, unavailable)
extension LibinputTouchInput: Sendable {}
