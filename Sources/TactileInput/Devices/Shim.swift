// The one file through which TactileInput calls C: libevdev, libmtdev and the few system calls the live path
// needs. Nothing here is public; no C type leaves this file except inside the handle classes below.

import CLibevdev
import CMtdev
import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An errno value from a C call.
struct CErrno: Error, Equatable {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}

/// Namespaced wrappers over C functions (see the house style: swift-system's `Syscalls.swift`).
enum Shim {
    // MARK: Names (static tables in libevdev; no device needed)

    static func typeName(_ type: UInt16) -> String? {
        libevdev_event_type_get_name(UInt32(type)).map { String(cString: $0) }
    }

    static func type(named name: String) -> UInt16? {
        let value = libevdev_event_type_from_name(name)
        return value >= 0 ? UInt16(value) : nil
    }

    static func codeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    static func code(named name: String, type: UInt16) -> UInt16? {
        let value = libevdev_event_code_from_name(UInt32(type), name)
        return value >= 0 ? UInt16(value) : nil
    }

    static func typeAndCode(codeName name: String) -> (type: UInt16, code: UInt16)? {
        let type = libevdev_event_type_from_code_name(name)
        let code = libevdev_event_code_from_code_name(name)
        guard type >= 0, code >= 0 else { return nil }
        return (UInt16(type), UInt16(code))
    }

    static func propertyName(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }

    static func property(named name: String) -> UInt16? {
        let value = libevdev_property_from_name(name)
        return value >= 0 ? UInt16(value) : nil
    }

    static func typeMaximum(_ type: UInt16) -> Int? {
        let value = libevdev_event_type_get_max(UInt32(type))
        return value >= 0 ? Int(value) : nil
    }

    // MARK: System calls

    /// Opens a device node read-only and non-blocking; returns the descriptor or the errno.
    static func openReadOnlyNonBlocking(_ path: String) -> Result<Int32, CErrno> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        return fd >= 0 ? .success(fd) : .failure(CErrno(errno))
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// Waits until `fd` is readable or `deadline` (on `CLOCK_MONOTONIC`; `nil` waits for ever) passes. Returns
    /// `true` when readable, `false` once the deadline passed, or the errno. A signal that interrupts the wait
    /// (`EINTR`) does not end it: it goes on for the time left until the deadline, so signals, however many, never
    /// stretch it.
    static func poll(_ fd: Int32, until deadline: Timestamp?) -> Result<Bool, CErrno> {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let remaining = (deadline - monotonicNow()).nanoseconds
                milliseconds = remaining <= 0 ? 0 : Int32(clamping: (remaining + 999_999) / 1_000_000)
            }
            let rc = Glibc.poll(&descriptor, 1, milliseconds)
            if rc > 0 {
                if descriptor.revents & Int16(POLLNVAL) != 0 { return .failure(CErrno(EBADF)) }
                return .success(true)
            }
            if rc == 0 { return .success(false) }
            if errno != EINTR { return .failure(CErrno(errno)) }
        }
    }

    /// The current time of `CLOCK_MONOTONIC`, the clock ``InputDevice`` asks the kernel to stamp events with.
    static func monotonicNow() -> Timestamp {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Timestamp(nanoseconds: Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
    }

    /// The name of the group that owns `path`, or `nil` when the file or group cannot be looked up.
    static func owningGroupName(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let group = getgrgid(info.st_gid), let name = group.pointee.gr_name
        else { return nil }
        return String(cString: name)
    }

    /// The system's message for an errno value.
    static func message(forErrno code: Int32) -> String { String(cString: strerror(code)) }

    /// Whether this process may read `path` (`access(R_OK)`).
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Whether `path` exists (`access(F_OK)`).
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    // MARK: Events

    static func inputEvent(_ event: input_event) -> InputEvent {
        InputEvent(
            timestamp: Timestamp(seconds: Int64(event.time.tv_sec), microseconds: Int64(event.time.tv_usec)),
            type: EventType(rawValue: event.type),
            code: event.code,
            value: event.value
        )
    }

    static func cEvent(_ event: InputEvent) -> input_event {
        var result = input_event()
        let microseconds = event.timestamp.nanoseconds / 1000
        var seconds = microseconds / 1_000_000
        var remainder = microseconds % 1_000_000
        if remainder < 0 {
            seconds -= 1
            remainder += 1_000_000
        }
        result.time.tv_sec = Int(seconds)
        result.time.tv_usec = Int(remainder)
        result.type = event.type.rawValue
        result.code = event.code
        result.value = event.value
        return result
    }
}

/// Owns a `struct libevdev *`: a live device (with a file descriptor) or a description built by hand.
final class LibevdevHandle {
    let pointer: OpaquePointer
    /// The file descriptor this handle owns and closes, or −1 for a description without a device.
    let fd: Int32

    /// The outcome of `libevdev_next_event`.
    enum ReadStatus {
        case success(InputEvent)
        case sync(InputEvent)
        case again
        case failure(Int32)
    }

    private init(pointer: OpaquePointer, fd: Int32) {
        self.pointer = pointer
        self.fd = fd
    }

    deinit {
        libevdev_free(pointer)
        if fd >= 0 { Shim.close(fd) }
    }

    /// `libevdev_new`: an empty context without a device. `nil` only when memory runs out.
    static func empty() -> LibevdevHandle? {
        guard let pointer = libevdev_new() else { return nil }
        return LibevdevHandle(pointer: pointer, fd: -1)
    }

    /// `libevdev_new_from_fd`: takes ownership of `fd` on success (the caller closes it on failure).
    static func open(fd: Int32) -> Result<LibevdevHandle, CErrno> {
        var pointer: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &pointer)
        guard rc == 0, let pointer else { return .failure(CErrno(-rc)) }
        return .success(LibevdevHandle(pointer: pointer, fd: fd))
    }

    var name: String { libevdev_get_name(pointer).map { String(cString: $0) } ?? "" }
    var identity: DeviceDescription.Identity {
        .init(
            bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(pointer)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(pointer)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(pointer)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(pointer))
        )
    }

    func hasProperty(_ property: UInt16) -> Bool { libevdev_has_property(pointer, UInt32(property)) != 0 }
    func hasType(_ type: UInt16) -> Bool { libevdev_has_event_type(pointer, UInt32(type)) != 0 }
    func hasCode(type: UInt16, code: UInt16) -> Bool {
        libevdev_has_event_code(pointer, UInt32(type), UInt32(code)) != 0
    }

    func axisInfo(_ code: UInt16) -> AxisInfo? {
        guard let info = libevdev_get_abs_info(pointer, UInt32(code)) else { return nil }
        return AxisInfo(
            minimum: info.pointee.minimum, maximum: info.pointee.maximum, fuzz: info.pointee.fuzz,
            flat: info.pointee.flat, resolution: info.pointee.resolution)
    }

    var slotCount: Int32 { libevdev_get_num_slots(pointer) }
    var currentSlot: Int32 { libevdev_get_current_slot(pointer) }

    func slotValue(slot: Int32, code: UInt16) -> Int32? {
        var value: Int32 = 0
        return libevdev_fetch_slot_value(pointer, UInt32(slot), UInt32(code), &value) != 0 ? value : nil
    }

    func setName(_ name: String) { libevdev_set_name(pointer, name) }
    func setIdentity(_ identity: DeviceDescription.Identity) {
        libevdev_set_id_bustype(pointer, Int32(identity.bus))
        libevdev_set_id_vendor(pointer, Int32(identity.vendor))
        libevdev_set_id_product(pointer, Int32(identity.product))
        libevdev_set_id_version(pointer, Int32(identity.version))
    }

    func enableProperty(_ property: UInt16) -> Int32 { libevdev_enable_property(pointer, UInt32(property)) }
    func enableType(_ type: UInt16) -> Int32 { libevdev_enable_event_type(pointer, UInt32(type)) }

    func enableCode(type: UInt16, code: UInt16) -> Int32 {
        if type == EventType.autorepeat.rawValue {
            var zero: Int32 = 0
            return libevdev_enable_event_code(pointer, UInt32(type), UInt32(code), &zero)
        }
        return libevdev_enable_event_code(pointer, UInt32(type), UInt32(code), nil)
    }

    func enableAxis(_ code: UInt16, info: AxisInfo) -> Int32 {
        var absinfo = input_absinfo(
            value: 0, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz, flat: info.flat,
            resolution: info.resolution)
        return libevdev_enable_event_code(pointer, UInt32(EventType.absolute.rawValue), UInt32(code), &absinfo)
    }

    /// `libevdev_grab`; returns 0 or −errno.
    func grab(_ grab: Bool) -> Int32 { libevdev_grab(pointer, grab ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB) }

    /// `libevdev_set_clock_id(CLOCK_MONOTONIC)`; returns 0 or −errno.
    func useMonotonicClock() -> Int32 { libevdev_set_clock_id(pointer, CLOCK_MONOTONIC) }

    /// `libevdev_next_event` in normal mode or, while resynchronizing, in sync mode.
    func nextEvent(synchronizing: Bool) -> ReadStatus {
        var event = input_event()
        let flags = synchronizing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
        let rc = libevdev_next_event(pointer, flags, &event)
        switch rc {
        case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue): return .success(Shim.inputEvent(event))
        case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue): return .sync(Shim.inputEvent(event))
        case -EAGAIN: return .again
        default: return .failure(-rc)
        }
    }
}

/// Owns a libmtdev converter driven without a device (`mtdev-plumbing.h`): protocol-A events in, slots out.
final class MtdevHandle {
    private let pointer: UnsafeMutablePointer<mtdev>

    /// `mtdev_new` + `mtdev_init`. `nil` only when memory runs out.
    init?() {
        guard let pointer = mtdev_new() else { return nil }
        guard mtdev_init(pointer) == 0 else {
            mtdev_delete(pointer)
            return nil
        }
        self.pointer = pointer
    }

    deinit {
        mtdev_close(pointer)
        mtdev_delete(pointer)
    }

    /// `mtdev_set_mt_event` + `mtdev_set_abs_*`: declares a multitouch axis and its range.
    func enableAxis(_ code: UInt16, info: AxisInfo) {
        let code = Int32(code)
        mtdev_set_mt_event(pointer, code, 1)
        mtdev_set_abs_minimum(pointer, code, info.minimum)
        mtdev_set_abs_maximum(pointer, code, info.maximum)
        mtdev_set_abs_fuzz(pointer, code, info.fuzz)
        mtdev_set_abs_resolution(pointer, code, info.resolution)
    }

    /// `mtdev_put_event`.
    func put(_ event: InputEvent) {
        var cEvent = Shim.cEvent(event)
        mtdev_put_event(pointer, &cEvent)
    }

    /// `mtdev_empty` + `mtdev_get_event` until the output queue is empty, each event given to `body`.
    func drain(_ body: (InputEvent) -> Void) {
        while mtdev_empty(pointer) == 0 {
            var event = input_event()
            mtdev_get_event(pointer, &event)
            body(Shim.inputEvent(event))
        }
    }
}
