import Tactile

/// An evdev input device, opened read-only and non-blocking through libevdev — or a device description held
/// in a libevdev context without a device.
///
/// Opening switches the event clock to `CLOCK_MONOTONIC`, so event times never jump with the wall clock.
/// Reading follows libevdev's three outcomes (``ReadResult``). Not `Sendable`: the libevdev context is not
/// thread-safe; use a device from one task.
public final class InputDevice {
    /// What one read returned.
    public enum ReadResult: Hashable, Sendable {
        /// An event.
        case event(InputEvent)
        /// `SYN_DROPPED`: the kernel's buffer overflowed. Read the repair with
        /// ``readSynchronizationEvent()`` until it returns `nil`, then read normally again.
        case eventsDropped(InputEvent)
        /// No event is waiting (`-EAGAIN`).
        case noEvent
    }

    /// The device node, or `nil` for a description without a device.
    public let path: String?
    let handle: LibevdevHandle

    private init(path: String?, handle: LibevdevHandle) {
        self.path = path
        self.handle = handle
    }

    /// Opens a device node read-only and non-blocking and sets its clock to `CLOCK_MONOTONIC`.
    ///
    /// - Throws: ``InputDeviceError``: ``InputDeviceError/permissionDenied(path:group:)`` naming the group
    ///   that may read the node, ``InputDeviceError/notFound(path:)``,
    ///   ``InputDeviceError/notAnEvdevDevice(path:)``, or another system error.
    ///
    /// The corresponding C functions are `libevdev_new_from_fd` and `libevdev_set_clock_id`.
    public static func open(path: String) throws(InputDeviceError) -> InputDevice {
        let fd: Int32
        switch Shim.openReadOnlyNonBlocking(path) {
        case .success(let value): fd = value
        case .failure(let error): throw InputDeviceError(opening: path, errno: error.code)
        }
        let handle: LibevdevHandle
        switch LibevdevHandle.open(fd: fd) {
        case .success(let value): handle = value
        case .failure(let error):
            Shim.close(fd)
            throw InputDeviceError(opening: path, errno: error.code)
        }
        let rc = handle.useMonotonicClock()
        guard rc == 0 else {
            throw .system(path: path, operation: "set the clock", errno: -rc, message: Shim.message(forErrno: -rc))
        }
        return InputDevice(path: path, handle: handle)
    }

    /// Builds a libevdev context from a description, without a device: for querying a trace's device through
    /// libevdev. Reading and grabbing are not possible.
    ///
    /// - Throws: ``InputDeviceError/system(path:operation:errno:message:)`` when libevdev refuses a code.
    ///
    /// The corresponding C functions are `libevdev_new`, `libevdev_set_name`, `libevdev_set_id_*`,
    /// `libevdev_enable_property`, `libevdev_enable_event_type` and `libevdev_enable_event_code`.
    public convenience init(description: DeviceDescription) throws(InputDeviceError) {
        guard let handle = LibevdevHandle.empty() else {
            throw .system(path: "(description)", operation: "libevdev_new", errno: 12, message: "out of memory")
        }
        handle.setName(description.name)
        handle.setIdentity(description.identity)
        func check(_ rc: Int32, _ what: String) throws(InputDeviceError) {
            guard rc == 0 else {
                throw .system(path: "(description)", operation: "enable \(what)", errno: -rc, message: "libevdev refused it")
            }
        }
        for property in description.properties.sorted() {
            try check(handle.enableProperty(property.rawValue), "\(property)")
        }
        for type in description.eventTypes.sorted() where type != .synchronization {
            try check(handle.enableType(type.rawValue), "\(type)")
        }
        for (type, codes) in description.codes.sorted(by: { $0.key < $1.key }) where type != .synchronization {
            for code in codes.sorted() {
                if type == .absolute, let info = description.axes[AbsoluteAxis(rawValue: code)] {
                    try check(handle.enableAxis(code, info: info), "\(AbsoluteAxis(rawValue: code))")
                } else {
                    try check(handle.enableCode(type: type.rawValue, code: code), "\(type) code \(code)")
                }
            }
        }
        self.init(path: nil, handle: handle)
    }

    /// The device's name.
    ///
    /// The corresponding C function is `libevdev_get_name`.
    public var name: String { handle.name }

    /// The device's bus and ids.
    ///
    /// The corresponding C functions are `libevdev_get_id_bustype`, `libevdev_get_id_vendor`,
    /// `libevdev_get_id_product` and `libevdev_get_id_version`.
    public var identity: DeviceDescription.Identity { handle.identity }

    /// Whether the device has a property, such as ``DeviceProperty/direct``.
    ///
    /// The corresponding C function is `libevdev_has_property`.
    public func hasProperty(_ property: DeviceProperty) -> Bool { handle.hasProperty(property.rawValue) }

    /// Whether the device advertises an event code.
    ///
    /// The corresponding C function is `libevdev_has_event_code`.
    public func supports(_ type: EventType, code: UInt16) -> Bool { handle.hasCode(type: type.rawValue, code: code) }

    /// The range and resolution of an absolute axis, or `nil` when the device does not have it.
    ///
    /// The corresponding C function is `libevdev_get_abs_info`.
    public func axisInfo(_ axis: AbsoluteAxis) -> AxisInfo? { handle.axisInfo(axis.rawValue) }

    /// The number of multitouch slots, or `nil` for a device without `ABS_MT_SLOT`.
    ///
    /// The corresponding C function is `libevdev_get_num_slots`.
    public var slotCount: Int? {
        let count = handle.slotCount
        return count >= 0 ? Int(count) : nil
    }

    /// A tracking id or axis value of a slot as libevdev last saw it, or `nil` for an invalid slot or code.
    ///
    /// The corresponding C function is `libevdev_fetch_slot_value`.
    public func slotValue(slot: Int, axis: AbsoluteAxis) -> Int32? {
        handle.slotValue(slot: Int32(clamping: slot), code: axis.rawValue)
    }

    /// Everything the device advertises, as a value (properties, codes of every type, axes).
    ///
    /// The corresponding C functions are `libevdev_has_property`, `libevdev_has_event_type`,
    /// `libevdev_has_event_code` and `libevdev_get_abs_info`.
    public var deviceDescription: DeviceDescription {
        var properties: Set<DeviceProperty> = []
        for bit in 0...DeviceProperty.maximum.rawValue where handle.hasProperty(bit) {
            properties.insert(DeviceProperty(rawValue: bit))
        }
        var eventTypes: Set<EventType> = []
        var codes: [EventType: Set<UInt16>] = [:]
        var axes: [AbsoluteAxis: AxisInfo] = [:]
        for typeNumber in 0...EventType.maximum.rawValue where handle.hasType(typeNumber) {
            let type = EventType(rawValue: typeNumber)
            eventTypes.insert(type)
            guard type != .synchronization, let maximum = EventCodeNames.maximumCode(of: type) else { continue }
            var set: Set<UInt16> = []
            for code in 0...UInt16(maximum) where handle.hasCode(type: typeNumber, code: code) {
                set.insert(code)
                if type == .absolute, let info = handle.axisInfo(code) { axes[AbsoluteAxis(rawValue: code)] = info }
            }
            if !set.isEmpty { codes[type] = set }
        }
        return DeviceDescription(
            name: name, identity: identity, properties: properties, eventTypes: eventTypes, codes: codes, axes: axes)
    }

    /// Takes the device for this process alone (`EVIOCGRAB`): no other reader — X, a compositor, a
    /// console — sees its events until ``ungrab()``. Usually a bad idea outside kiosks and tests.
    ///
    /// The corresponding C function is `libevdev_grab`.
    public func grab() throws(InputDeviceError) { try setGrab(true) }

    /// Releases a grab.
    ///
    /// The corresponding C function is `libevdev_grab`.
    public func ungrab() throws(InputDeviceError) { try setGrab(false) }

    private func setGrab(_ grab: Bool) throws(InputDeviceError) {
        try requireDevice(grab ? "grab" : "ungrab")
        let rc = handle.grab(grab)
        guard rc == 0 else {
            throw .system(
                path: path ?? "(description)", operation: grab ? "grab" : "ungrab", errno: -rc,
                message: Shim.message(forErrno: -rc))
        }
    }

    /// Reads the next event without blocking.
    ///
    /// - Throws: ``InputDeviceError/deviceRemoved(path:)`` when the device went away, or another error.
    ///
    /// The corresponding C function is `libevdev_next_event` with `LIBEVDEV_READ_FLAG_NORMAL`.
    public func readEvent() throws(InputDeviceError) -> ReadResult {
        try requireDevice("read")
        switch handle.nextEvent(synchronizing: false) {
        case .success(let event): return .event(event)
        case .sync(let event): return .eventsDropped(event)
        case .again: return .noEvent
        case .failure(let code): throw readError(code)
        }
    }

    /// Reads the next repair event after ``ReadResult/eventsDropped(_:)``, or `nil` when the repair is done.
    ///
    /// - Throws: ``InputDeviceError/deviceRemoved(path:)`` when the device went away, or another error.
    ///
    /// The corresponding C function is `libevdev_next_event` with `LIBEVDEV_READ_FLAG_SYNC`.
    public func readSynchronizationEvent() throws(InputDeviceError) -> InputEvent? {
        try requireDevice("read")
        switch handle.nextEvent(synchronizing: true) {
        case .success(let event), .sync(let event): return event
        case .again: return nil
        case .failure(let code): throw readError(code)
        }
    }

    /// The device node's file descriptor (read-only, non-blocking), for a program that waits in its own loop
    /// (`poll`, `epoll`, a toolkit's watch); `nil` for a description without a device.
    ///
    /// When it is readable, read until nothing waits (``readEvent()`` until `.noEvent`, or ``LiveTouchInput``'s
    /// `next(deadline:)` with a deadline that has passed, until `.deadlinePassed`): libevdev reads ahead, so
    /// events may wait in its queue once the descriptor is no longer readable. Do not read or close it yourself.
    public var fileDescriptor: Int32? { handle.fd >= 0 ? handle.fd : nil }

    /// Waits until an event can be read or `deadline` passes (on `CLOCK_MONOTONIC`, the device's clock);
    /// returns whether an event is ready. A `nil` deadline waits as long as it takes. A signal neither ends the
    /// wait nor moves its deadline: an interrupted `poll` goes on for the time left.
    public func waitForEvents(until deadline: Timestamp?) throws(InputDeviceError) -> Bool {
        try requireDevice("poll")
        switch Shim.poll(handle.fd, until: deadline) {
        case .success(let ready): return ready
        case .failure(let error): throw readError(error.code)
        }
    }

    /// Fails for a description without a device, which has nothing to read.
    private func requireDevice(_ operation: String) throws(InputDeviceError) {
        guard handle.fd >= 0 else {
            throw .system(path: "(description)", operation: operation, errno: 9, message: "no device: built from a description")
        }
    }

    private func readError(_ code: Int32) -> InputDeviceError {
        let path = path ?? "(description)"
        if code == ENODEV_ { return .deviceRemoved(path: path) }
        return .system(path: path, operation: "read", errno: code, message: Shim.message(forErrno: code))
    }
}

@available(*, unavailable)
extension InputDevice: Sendable {}
