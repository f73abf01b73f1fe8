import Foundation
import Glibc
import Synchronization
import Tactile

/// Every touchscreen of a directory (default `/dev/input`), followed as they appear and disappear: live input
/// from several devices at once, with hot-plug.
///
/// Hot-plug is watched with inotify on the directory (the kernel's devtmpfs creates and deletes the `event*`
/// nodes; no udev monitor, so no libudev and no udevd needed). A node that appears is opened once udev has
/// processed it — its record is in udev's database, so its `LIBINPUT_*` properties and permissions are final —
/// or after ``udevWait`` when udev is not running or never records it. Touchpads and other devices are skipped.
///
/// Each touchscreen gets its own ``LiveTouchInput`` (own decoder, jitter filter, calibration from its udev
/// properties); ``next(deadline:)`` multiplexes them with `poll`. Contact identifiers are renumbered so that
/// they are unique across devices (two devices' first contacts are never both `#1`). A device that goes away
/// cancels its touches (``Event/removed(_:_:)``) and the others go on. Not `Sendable`: use it from one thread,
/// or take its events as an `AsyncSequence` with ``events(directory:pollInterval:configuration:)``.
public final class LiveTouchscreens {
    /// A touchscreen being read.
    public struct Device: Hashable, Sendable, CustomStringConvertible {
        /// The device node, such as `/dev/input/event5`.
        public var path: String
        /// Everything the device advertises.
        public var deviceDescription: DeviceDescription
        /// The device's udev properties (empty when udev has no record of it).
        public var udevProperties: UdevProperties

        /// Creates a device value.
        public init(path: String, deviceDescription: DeviceDescription, udevProperties: UdevProperties = UdevProperties()) {
            self.path = path
            self.deviceDescription = deviceDescription
            self.udevProperties = udevProperties
        }

        /// The device's name.
        public var name: String { deviceDescription.name }
        /// `path ("name")`.
        public var description: String { "\(path) (\"\(name)\")" }
    }

    /// What ``next(deadline:)`` returns.
    public enum Event: Sendable {
        /// A touchscreen joined (at start, or plugged in later); its frames follow.
        case added(Device)
        /// A touchscreen went away; the output's frame cancels its touches still down.
        case removed(Device, MultitouchDecoder.Output)
        /// Frames (or diagnostics) from one device, with identifiers unique across devices.
        case frames(Device, MultitouchDecoder.Output)
        /// A touchscreen that the configuration declined (no screen area for it); it is not read.
        case ignored(Device)
        /// A node that could not be opened (permissions, not an evdev device); it is not read.
        case problem(InputDeviceError)
        /// The deadline passed with nothing else to report.
        case deadlinePassed(Timestamp)
    }

    private final class OpenDevice {
        let device: Device
        let input: LiveTouchInput
        let inputDevice: InputDevice

        init(device: Device, input: LiveTouchInput, inputDevice: InputDevice) {
            self.device = device
            self.input = input
            self.inputDevice = inputDevice
        }
    }

    /// The directory of event nodes.
    public let directory: String
    /// How long a new node may wait for udev to record it (and fix its permissions) before it is opened anyway.
    /// Default 2 s.
    public var udevWait: Duration = .seconds(2)
    /// udev's database (``UdevProperties/read(deviceNumber:directory:)``). Default `/run/udev/data`.
    public var udevDirectory = "/run/udev/data"

    private let configuration: (Device) -> MultitouchDecoder.Configuration?
    private let watch: Int32
    private var devices: [String: OpenDevice] = [:]
    /// Devices that may have events buffered (libevdev reads ahead): drained before the next `poll`.
    private var ready: [String] = []
    /// Nodes seen but not yet opened, with when they were first seen (`nil`: present at start, open at once).
    private var pending: [String: Timestamp?] = [:]
    /// Nodes that are not touchscreens, declined, or failed: not retried until deleted and created again.
    private var settled: Set<String> = []
    private var queue: [Event] = []
    private var identifiers = ContactIdentifiers()

    /// Starts following the touchscreens of `directory`; the ones present are reported first as
    /// ``Event/added(_:)``.
    ///
    /// - Parameters:
    ///   - directory: the folder of event nodes to watch (default `/dev/input`).
    ///   - configuration: the decoder configuration of a device (its mapping onto the screen, jitter
    ///     filter); `nil` declines the device. The device's udev properties are added to it when it has none.
    /// - Throws: ``InputDeviceError/system(path:operation:errno:message:)`` when the directory cannot be watched.
    public init(
        directory: String = "/dev/input",
        configuration: @escaping (Device) -> MultitouchDecoder.Configuration? = { _ in MultitouchDecoder.Configuration() }
    ) throws(InputDeviceError) {
        self.directory = directory
        self.configuration = configuration
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard watch >= 0 else {
            throw .system(path: directory, operation: "inotify_init1", errno: errno, message: Shim.message(forErrno: errno))
        }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM)
        guard inotify_add_watch(watch, directory, mask) >= 0 else {
            let code = errno
            Glibc.close(watch)
            throw .system(path: directory, operation: "watch", errno: code, message: Shim.message(forErrno: code))
        }
        self.watch = watch
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where Self.isEventNode(name) { pending[path(of: name)] = .some(nil) }
    }

    deinit { Glibc.close(watch) }

    /// The touchscreens being read, by node.
    public var openDevices: [Device] { devices.values.map(\.device).sorted { $0.path < $1.path } }

    /// Blocks until something happens — a device joins or leaves, a device's frames, a node that cannot be
    /// used — or `deadline` passes (`nil`: never).
    ///
    /// Read errors of one device other than its removal end that device as a removal (its touches are
    /// cancelled) followed by ``Event/problem(_:)``; the others go on.
    ///
    /// - Throws: ``InputDeviceError`` when `poll` itself fails.
    public func next(deadline: Timestamp?) throws(InputDeviceError) -> Event {
        while true {
            if !queue.isEmpty { return queue.removeFirst() }
            admitPending()
            if !queue.isEmpty { continue }
            if let path = ready.first {
                guard let open = devices[path] else {
                    ready.removeFirst()
                    continue
                }
                do {
                    switch try open.input.next(deadline: .zero) {
                    case .frames(let output):
                        return .frames(open.device, renumber(output, of: open))
                    case .deadlinePassed:
                        ready.removeFirst()
                    case .ended(let output):
                        close(path)
                        return .removed(open.device, renumber(output, of: open))
                    }
                } catch {
                    let output = open.input.decoder.end(at: Shim.monotonicNow())
                    close(path)
                    settled.insert(path)
                    queue.append(.problem(error))
                    return .removed(open.device, renumber(output, of: open))
                }
                continue
            }
            let now = Shim.monotonicNow()
            if let deadline, now >= deadline { return .deadlinePassed(deadline) }
            var milliseconds: Int32 = -1
            if let deadline {
                milliseconds = Int32(clamping: ((deadline - now).nanoseconds + 999_999) / 1_000_000)
            }
            if !pending.isEmpty { milliseconds = milliseconds < 0 ? 50 : min(milliseconds, 50) }
            try wait(milliseconds: milliseconds)
        }
    }

    /// The events of every touchscreen of `directory` as an asynchronous sequence: arrivals, removals, frames,
    /// declined devices and problems (never ``Event/deadlinePassed(_:)``), read on a thread of its own until the
    /// consumer stops iterating.
    ///
    /// ```swift
    /// for try await event in LiveTouchscreens.events() {
    ///     switch event {
    ///     case .added(let device): print("joined:", device)
    ///     case .frames(_, let output): for frame in output.frames { application.send(frame) }
    ///     case .removed(_, let output): for frame in output.frames { application.send(frame) }
    ///     default: break
    ///     }
    /// }
    /// ```
    ///
    /// Deadlines of the core (timers of gesture recognizers) are the consumer's business here; a consumer that
    /// needs them on the input's clock uses ``next(deadline:)`` on a thread of its own instead.
    public static func events(
        directory: String = "/dev/input", pollInterval: Duration = .milliseconds(100),
        configuration: @escaping @Sendable (Device) -> MultitouchDecoder.Configuration? = { _ in MultitouchDecoder.Configuration() }
    ) -> AsyncThrowingStream<Event, any Error> {
        AsyncThrowingStream { continuation in
            let stopped = StopFlag()
            continuation.onTermination = { _ in stopped.set() }
            let thread = Thread {
                do {
                    let touchscreens = try LiveTouchscreens(directory: directory, configuration: configuration)
                    while !stopped.isSet {
                        let event = try touchscreens.next(deadline: Shim.monotonicNow() + pollInterval)
                        if case .deadlinePassed = event { continue }
                        continuation.yield(event)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            thread.name = "LiveTouchscreens \(directory)"
            thread.start()
        }
    }

    // MARK: Devices

    private static func isEventNode(_ name: String) -> Bool {
        name.hasPrefix("event") && name.count > 5 && name.dropFirst(5).allSatisfy(\.isNumber)
    }

    private func path(of name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// Opens the pending nodes that udev has processed (or that waited long enough).
    private func admitPending() {
        guard !pending.isEmpty else { return }
        let now = Shim.monotonicNow()
        let udevRunning = FileManager.default.fileExists(atPath: "/run/udev/control")
        for path in pending.keys.sorted() {
            guard let seen = pending[path] else { continue }
            let waited = seen.map { now - $0 >= udevWait } ?? true
            if !waited, udevRunning, let number = InputDevice.deviceNumber(ofNode: path),
                !FileManager.default.fileExists(atPath: "\(udevDirectory)/c\(number.major):\(number.minor)")
            {
                continue
            }
            let inputDevice: InputDevice
            do {
                inputDevice = try InputDevice.open(path: path)
            } catch {
                if case .permissionDenied = error, !waited { continue }  // udev may still grant access
                if case .notFound = error {
                    pending[path] = nil
                    continue
                }
                pending[path] = nil
                settled.insert(path)
                queue.append(.problem(error))
                continue
            }
            pending[path] = nil
            settled.insert(path)
            let description = inputDevice.deviceDescription
            guard description.notATouchscreenReason == nil else { continue }
            let device = Device(path: path, deviceDescription: description, udevProperties: inputDevice.udevProperties(directory: udevDirectory))
            guard var configuration = configuration(device) else {
                queue.append(.ignored(device))
                continue
            }
            if configuration.udevProperties.isEmpty { configuration.udevProperties = device.udevProperties }
            do {
                let input = try LiveTouchInput(device: inputDevice, configuration: configuration)
                devices[path] = OpenDevice(device: device, input: input, inputDevice: inputDevice)
                settled.remove(path)
                ready.append(path)
                queue.append(.added(device))
            } catch {
                queue.append(.ignored(device))
            }
        }
    }

    private func close(_ path: String) {
        devices[path] = nil
        ready.removeAll { $0 == path }
    }

    /// Waits on every device and the directory watch; marks readable devices ready and applies node changes.
    private func wait(milliseconds: Int32) throws(InputDeviceError) {
        let paths = devices.keys.sorted()
        var descriptors = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
        for path in paths { descriptors.append(pollfd(fd: devices[path]!.inputDevice.handle.fd, events: Int16(POLLIN), revents: 0)) }
        var rc: Int32
        repeat {
            rc = Glibc.poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        } while rc < 0 && errno == EINTR
        guard rc >= 0 else {
            throw .system(path: directory, operation: "poll", errno: errno, message: Shim.message(forErrno: errno))
        }
        for (index, path) in paths.enumerated() where descriptors[index + 1].revents != 0 && !ready.contains(path) {
            ready.append(path)
        }
        if descriptors[0].revents != 0 { readWatch() }
    }

    /// Applies the directory's changes: new or changed `event*` nodes become pending, deleted ones are forgotten
    /// (an open device notices its removal when it is read).
    private func readWatch() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (mask, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                offset += header + length
                let name = String(decoding: nameBytes, as: UTF8.self)
                guard Self.isEventNode(name) else { continue }
                let path = path(of: name)
                if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                    pending[path] = nil
                    settled.remove(path)
                    if devices[path] != nil, !ready.contains(path) { ready.append(path) }
                } else if devices[path] == nil, !settled.contains(path), pending[path] == nil {
                    pending[path] = .some(Shim.monotonicNow())
                }
            }
        }
    }

    private func renumber(_ output: MultitouchDecoder.Output, of open: OpenDevice) -> MultitouchDecoder.Output {
        identifiers.renumber(output, device: open.device.path)
    }
}

/// Contact identifiers unique across devices: each device's decoder counts from 1, so its identifiers are
/// replaced by ones handed out in order of first appearance, for as long as the contact lives.
struct ContactIdentifiers {
    private var next: UInt64 = 1
    /// (device, the device's identifier) → the identifier handed out, for live contacts.
    private var live: [String: [TouchContact.ID: TouchContact.ID]] = [:]

    /// The output with `device`'s identifiers replaced; a contact that ends or is cancelled frees its entry.
    mutating func renumber(_ output: MultitouchDecoder.Output, device: String) -> MultitouchDecoder.Output {
        var output = output
        for frameIndex in output.frames.indices {
            for contactIndex in output.frames[frameIndex].contacts.indices {
                let contact = output.frames[frameIndex].contacts[contactIndex]
                let global: TouchContact.ID
                if let known = live[device]?[contact.id] {
                    global = known
                } else {
                    global = TouchContact.ID(next)
                    next += 1
                    live[device, default: [:]][contact.id] = global
                }
                output.frames[frameIndex].contacts[contactIndex].id = global
                if contact.phase == .ended || contact.phase == .cancelled { live[device]?[contact.id] = nil }
            }
        }
        return output
    }

    /// The number of live contacts of all devices.
    var liveCount: Int { live.values.reduce(0) { $0 + $1.count } }
}

@available(*, unavailable)
extension LiveTouchscreens: Sendable {}

/// A flag one thread sets and another reads.
private final class StopFlag: Sendable {
    private let flag = Mutex(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: Bool { flag.withLock { $0 } }
}
