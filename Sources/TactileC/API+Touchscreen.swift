import CTactileAPI
import Tactile
import TactileInput
import TactileReplay

// The functions of tactile.h's "A touchscreen, read directly" section: a device node read through `LiveTouchInput`,
// its frames sent to the application as `tactile live` sends them.

/// What a `tactile_touchscreen` handle names: the device and its poll loop.
@MainActor
final class TouchscreenEntry {
    let device: InputDevice
    let input: LiveTouchInput
    unowned let application: CApplication
    var handle = Handle(rawValue: 0)
    /// Set once a read saw the device go away (its touches were cancelled then).
    var isRemoved = false

    init(device: InputDevice, input: LiveTouchInput, application: CApplication) {
        self.device = device
        self.input = input
        self.application = application
    }

    /// Reads until frames came and nothing more waits, or until `deadline` (the input's clock), running the
    /// application's deadlines as they fall due; the number of frames sent goes to `count` (when not NULL), also
    /// when an error ends the read.
    func read(
        until deadline: Timestamp, frames count: UnsafeMutablePointer<Int>?, _ function: StaticString
    ) throws(APIError) -> tactile_status {
        var frames = 0
        defer { count?.pointee = frames }
        if isRemoved { return removedStatus(function) }
        guard application.dispatchDepth == 0 else {
            throw APIError(
                status: TACTILE_ERROR_BUSY,
                message: "called from inside one of the application's callbacks; read the touchscreen after the input call returns")
        }
        var reasons: [String] = []
        // Once frames came, the read only drains what waits (a deadline that has passed reads what is ready first).
        var limit = deadline
        // The latest time waited for: a deadline still pending at or before it (one a recognizer set again at the
        // same instant) is not waited for again, so every wait ends later than the one before.
        var waited: Timestamp?
        let driver = application.driver
        while true {
            var wait = limit
            if let due = driver.nextDeadline, due < wait, waited.map({ due > $0 }) ?? true { wait = due }
            let next: LiveTouchInput.Next
            do throws(InputDeviceError) {
                next = try input.next(deadline: wait)
            } catch {
                throw APIError(status: TACTILE_ERROR_DEVICE, message: "\(error)")
            }
            switch next {
            case .frames(let output):
                frames += output.frames.count
                try deliver(output, reasons: &reasons)
                limit = min(limit, input.currentTime)
            case .deadlinePassed(let time):
                waited = time
                if let due = driver.nextDeadline, due <= time {
                    try application.dispatch { () throws(APIError) in driver.advance(to: time) }
                }
                if time >= limit { return status(reasons, function) }
            case .ended(let output):
                frames += output.frames.count
                try deliver(output, reasons: &reasons)
                isRemoved = true
                return removedStatus(function)
            }
        }
    }

    /// Sends a decoder output as `tactile live` does (its diagnostics into the log); a frame before the
    /// application's time (input on another clock, or after `tactile_application_finish`) counts at that time.
    private func deliver(_ output: MultitouchDecoder.Output, reasons: inout [String]) throws(APIError) {
        var output = output
        reasons += output.diagnostics.map(\.description)
        if let now = application.callerNow {
            for index in output.frames.indices where output.frames[index].timestamp.nanoseconds < now {
                reasons.append(
                    "a frame at \(output.frames[index].timestamp.nanoseconds) ns is before the application's time \(now) ns: it counts at that time")
                output.frames[index].timestamp = Timestamp(nanoseconds: now)
            }
        }
        let time = output.frames.last?.timestamp ?? input.currentTime
        try application.dispatch { () throws(APIError) in application.driver.handle(output, at: time) }
    }

    private func status(_ reasons: [String], _ function: StaticString) -> tactile_status {
        reasons.isEmpty ? TACTILE_OK : ignored(function, reasons.joined(separator: "; "))
    }

    private func removedStatus(_ function: StaticString) -> tactile_status {
        ThreadState.current.setLastError(
            "\(function): \(device.path ?? "the touchscreen"): the device was removed; its touches were cancelled")
        return TACTILE_DEVICE_REMOVED
    }
}

@c @implementation @MainActor
public func tactile_touchscreen_open(
    _ application: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ touchscreen: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_touchscreen_open") { () throws(APIError) in
        let app = try Lookup.application(application)
        let path = try Lookup.string(path, "path")
        let out = try Lookup.out(touchscreen, "touchscreen")
        let device: InputDevice
        let input: LiveTouchInput
        do {
            device = try InputDevice.openTouchscreen(path: path)
            // As `tactile live`: the device maps onto the scene's screen (the window's size), with udev's fuzz and
            // calibration.
            input = try LiveTouchInput(
                device: device,
                configuration: MultitouchDecoder.Configuration(
                    mapping: app.instance.scene.screen, udevProperties: device.udevProperties()))
        } catch let error as InputDeviceError {
            throw APIError(status: TACTILE_ERROR_DEVICE, message: "\(error)")
        } catch {
            throw APIError(status: TACTILE_ERROR_DEVICE, message: "\(path) is not a touchscreen: \(error)")
        }
        let entry = TouchscreenEntry(device: device, input: input, application: app)
        entry.handle = ThreadState.current.insert(entry, kind: .touchscreen, owner: ObjectIdentifier(app))
        out.pointee = entry.handle.pointer
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_touchscreen_close(_ touchscreen: OpaquePointer?) -> tactile_status {
    api("tactile_touchscreen_close") { () throws(APIError) in
        guard touchscreen != nil else { return TACTILE_OK }
        // The device closes when the entry goes (a read running in a callback's caller keeps it until it returns).
        ThreadState.current.remove(try Lookup.touchscreen(touchscreen).handle)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_touchscreen_read(
    _ touchscreen: OpaquePointer?, _ timeout_ms: Int32, _ frames: UnsafeMutablePointer<Int>?
) -> tactile_status {
    api("tactile_touchscreen_read") { () throws(APIError) in
        let entry = try Lookup.touchscreen(touchscreen)
        guard timeout_ms >= 0 else {
            throw .invalid(
                "timeout_ms \(timeout_ms) is negative: every wait needs a deadline (a signal does not end it); read in a loop with a timeout")
        }
        return try entry.read(
            until: entry.input.currentTime + .milliseconds(Int64(timeout_ms)), frames: frames, "tactile_touchscreen_read")
    }
}

@c @implementation @MainActor
public func tactile_touchscreen_read_until(
    _ touchscreen: OpaquePointer?, _ deadline: tactile_time, _ frames: UnsafeMutablePointer<Int>?
) -> tactile_status {
    api("tactile_touchscreen_read_until") { () throws(APIError) in
        let entry = try Lookup.touchscreen(touchscreen)
        guard deadline != TACTILE_TIME_NONE_VALUE else { throw .invalid("deadline is TACTILE_TIME_NONE") }
        return try entry.read(until: Timestamp(nanoseconds: deadline), frames: frames, "tactile_touchscreen_read_until")
    }
}

@c @implementation @MainActor
public func tactile_touchscreen_now(_ touchscreen: OpaquePointer?, _ now: UnsafeMutablePointer<tactile_time>?) -> tactile_status {
    api("tactile_touchscreen_now") { () throws(APIError) in
        let entry = try Lookup.touchscreen(touchscreen)
        try Lookup.out(now, "now").pointee = entry.input.currentTime.nanoseconds
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_touchscreen_fd(_ touchscreen: OpaquePointer?, _ fd: UnsafeMutablePointer<Int32>?) -> tactile_status {
    api("tactile_touchscreen_fd") { () throws(APIError) in
        let entry = try Lookup.touchscreen(touchscreen)
        let out = try Lookup.out(fd, "fd")
        // An opened node always has one (only a device built from a description has none).
        out.pointee = entry.device.fileDescriptor ?? -1
        return TACTILE_OK
    }
}
