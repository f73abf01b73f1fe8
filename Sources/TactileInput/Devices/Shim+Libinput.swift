// libinput's and libudev's C calls, for LibinputTouchInput. Nothing here is public; no C type leaves this file
// except inside LibinputContext.

import CLibinput
import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One libinput context (and, for the udev backend, its udev handle), released when dropped.
final class LibinputContext {
    let context: OpaquePointer
    private let udev: OpaquePointer?

    /// What one libinput event was, in Swift terms.
    enum Event {
        case deviceAdded(OpaquePointer)
        case deviceRemoved(OpaquePointer)
        /// A touch down or motion: the seat slot, the device slot, the time, the position normalized to 0…1 and
        /// calibrated (`libinput_event_touch_get_x_transformed(event, 1)`).
        case touch(kind: Kind, device: OpaquePointer, seatSlot: Int32, slot: Int32, time: Timestamp, x: Double, y: Double)
        case up(device: OpaquePointer, seatSlot: Int32, time: Timestamp)
        case cancel(device: OpaquePointer, seatSlot: Int32, time: Timestamp)
        case frame(device: OpaquePointer, time: Timestamp)
        case other

        enum Kind { case down, motion }
    }

    /// A context of the path backend (devices are added by node).
    init?(pathBackend: Void) {
        guard let context = libinput_path_create_context(tactile_libinput_interface(), nil) else { return nil }
        self.context = context
        udev = nil
    }

    /// A context of the udev backend on `seat`.
    init?(seat: String) {
        guard let udev = udev_new() else { return nil }
        guard let context = libinput_udev_create_context(tactile_libinput_interface(), nil, udev) else {
            udev_unref(udev)
            return nil
        }
        if libinput_udev_assign_seat(context, seat) != 0 {
            libinput_unref(context)
            udev_unref(udev)
            return nil
        }
        self.context = context
        self.udev = udev
    }

    deinit {
        libinput_unref(context)
        if let udev { udev_unref(udev) }
    }

    /// The file descriptor to poll.
    var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// Adds a device node (path backend); `nil` when libinput cannot open or does not handle it.
    func addDevice(path: String) -> OpaquePointer? { libinput_path_add_device(context, path) }

    /// Reads what the kernel has and turns it into events; returns 0 or a negative errno.
    func dispatch() -> Int32 { libinput_dispatch(context) }

    /// The next event, converted, or `nil` when none is queued.
    func nextEvent() -> Event? {
        guard let event = libinput_get_event(context) else { return nil }
        defer { libinput_event_destroy(event) }
        let type = libinput_event_get_type(event)
        let device = libinput_event_get_device(event)!
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED: return .deviceAdded(device)
        case LIBINPUT_EVENT_DEVICE_REMOVED: return .deviceRemoved(device)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
            LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            let touch = libinput_event_get_touch_event(event)!
            let time = Timestamp(nanoseconds: Int64(bitPattern: libinput_event_touch_get_time_usec(touch) &* 1000))
            switch type {
            case LIBINPUT_EVENT_TOUCH_FRAME: return .frame(device: device, time: time)
            case LIBINPUT_EVENT_TOUCH_UP:
                return .up(device: device, seatSlot: libinput_event_touch_get_seat_slot(touch), time: time)
            case LIBINPUT_EVENT_TOUCH_CANCEL:
                return .cancel(device: device, seatSlot: libinput_event_touch_get_seat_slot(touch), time: time)
            default:
                return .touch(
                    kind: type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .motion, device: device,
                    seatSlot: libinput_event_touch_get_seat_slot(touch), slot: libinput_event_touch_get_slot(touch),
                    time: time, x: libinput_event_touch_get_x_transformed(touch, 1),
                    y: libinput_event_touch_get_y_transformed(touch, 1))
            }
        default: return .other
        }
    }

    /// Whether the device has touch capability (`LIBINPUT_DEVICE_CAP_TOUCH`).
    static func isTouch(_ device: OpaquePointer) -> Bool {
        libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
    }

    /// The device's name (`libinput_device_get_name`).
    static func name(_ device: OpaquePointer) -> String { String(cString: libinput_device_get_name(device)) }

    /// The device's node (`/dev/input/eventN`), from its udev device.
    static func node(_ device: OpaquePointer) -> String {
        guard let udevDevice = libinput_device_get_udev_device(device) else {
            return "/dev/input/" + String(cString: libinput_device_get_sysname(device))
        }
        defer { udev_device_unref(udevDevice) }
        return udev_device_get_devnode(udevDevice).map { String(cString: $0) }
            ?? "/dev/input/" + String(cString: libinput_device_get_sysname(device))
    }

    /// Sets the device's calibration matrix, when it has one to set (`libinput_device_config_calibration_set_matrix`).
    static func setCalibration(_ device: OpaquePointer, _ matrix: ScreenMapping.CalibrationMatrix) {
        guard libinput_device_config_calibration_has_matrix(device) != 0 else { return }
        let values: [Float] = [matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f].map { Float($0) }
        _ = values.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Float.self) { libinput_device_config_calibration_set_matrix(device, $0.baseAddress!) }
        }
    }

    /// Keeps a device alive while Swift holds it (`libinput_device_ref`/`unref`).
    static func retain(_ device: OpaquePointer) { libinput_device_ref(device) }
    static func release(_ device: OpaquePointer) { libinput_device_unref(device) }
    /// Removes a device of the path backend.
    static func remove(_ device: OpaquePointer) { libinput_path_remove_device(device) }
}

@available(*, unavailable)
extension LibinputContext: Sendable {}
