import Tactile

/// Where live events come from: an ``InputDevice``, or a scripted source in tests.
protocol LiveEventSource: AnyObject {
    /// Reads one event (`synchronizing`: libevdev's repair events after `SYN_DROPPED`); `nil` when none waits.
    func read(synchronizing: Bool) throws(InputDeviceError) -> InputDevice.ReadResult
    /// Waits for events until `deadline`; returns whether some are ready.
    func waitForEvents(until deadline: Timestamp?) throws(InputDeviceError) -> Bool
    /// The current time on the events' clock.
    func now() -> Timestamp
}

extension InputDevice: LiveEventSource {
    func read(synchronizing: Bool) throws(InputDeviceError) -> ReadResult {
        guard synchronizing else { return try readEvent() }
        return try readSynchronizationEvent().map { .event($0) } ?? .noEvent
    }

    func now() -> Timestamp { Shim.monotonicNow() }
}

/// Live touch input from a device: a poll loop that reads events and hands every one to the decoder.
///
/// Thin on purpose: all decisions live in ``TouchInputDecoder``. The loop only knows libevdev's three read
/// outcomes — an event goes to the decoder; `SYN_DROPPED` starts the decoder's repair and the loop reads
/// libevdev's sync events until there are none; nothing available means wait — plus the deadline the core
/// asked for and the device going away. For a protocol-A device libevdev's repair is not usable (it knows no
/// contacts), so the loop drops it and the decoder cancels the touches as it does in a replay.
///
/// ```swift
/// let input = try LiveTouchInput(device: InputDevice.openTouchscreen(path: "/dev/input/event5"))
/// while !stopRequested {
///     // The core's next deadline, and 100 ms at most: the loop sees `stopRequested` even with no input.
///     var deadline = input.currentTime + .milliseconds(100)
///     if let due = application.nextDeadline { deadline = min(deadline, due) }
///     switch try input.next(deadline: deadline) {
///     case .frames(let output): for frame in output.frames { /* hand to the core */ }
///     case .deadlinePassed(let time): /* if the core's deadline is due by `time`, advance the core to it */
///     case .ended(let output): /* hand over the final cancelling frame; stop */
///     }
/// }
/// ```
///
/// Times are on `CLOCK_MONOTONIC`, the clock ``InputDevice/open(path:)`` selects, so deadlines computed from
/// frame timestamps compare with the device's clock; ``currentTime`` reads it. Not `Sendable`: run it on one thread.
public final class LiveTouchInput {
    /// What ``next(deadline:)`` returns.
    public enum Next: Sendable {
        /// One or more frames, or diagnostics, from the decoder.
        case frames(MultitouchDecoder.Output)
        /// The deadline passed before any frame: the core should handle it now.
        case deadlinePassed(Timestamp)
        /// The device went away: the final output cancels every active touch. Later calls return `.ended`
        /// with no frames.
        case ended(MultitouchDecoder.Output)
    }

    /// The decoding path.
    public let decoder: TouchInputDecoder
    private let source: any LiveEventSource
    private var synchronizing = false
    /// Whether the repair being read is thrown away (protocol A: see ``next(deadline:)``).
    private var discardingRepair = false
    private var ended = false

    /// Reads a device.
    ///
    /// - Throws: ``MultitouchDecoder/UnsupportedDeviceError`` when the device has no touch axes.
    public convenience init(device: InputDevice, configuration: MultitouchDecoder.Configuration = .init()) throws {
        try self.init(source: device, description: device.deviceDescription, configuration: configuration)
    }

    init(
        source: any LiveEventSource, description: DeviceDescription, configuration: MultitouchDecoder.Configuration
    ) throws {
        self.source = source
        decoder = try TouchInputDecoder(description: description, configuration: configuration)
    }

    /// The current time on the clock of the device's events (`CLOCK_MONOTONIC`): the clock of ``next(deadline:)``'s
    /// deadline, and of the frames' timestamps.
    public var currentTime: Timestamp { source.now() }

    /// Blocks until the decoder produces frames, `deadline` passes (a `nil` deadline never passes), or the
    /// device goes away.
    ///
    /// A signal does not end the wait (an interrupted `poll` goes on for the time left): a loop that stops on a
    /// flag set by a signal handler (Ctrl-C) passes a deadline every time, even before the first input —
    /// ``currentTime`` plus the longest it may take to notice, such as 100 ms — and looks at the flag when
    /// `.deadlinePassed` returns. With a `nil` deadline and no input it waits for ever.
    ///
    /// - Throws: ``InputDeviceError`` for read errors other than the device's removal.
    public func next(deadline: Timestamp?) throws(InputDeviceError) -> Next {
        guard !ended else { return .ended(MultitouchDecoder.Output()) }
        do {
            while true {
                switch try source.read(synchronizing: synchronizing) {
                case .event(let event):
                    if discardingRepair { continue }
                    let output = decoder.handle(event)
                    if !output.frames.isEmpty || !output.diagnostics.isEmpty { return .frames(output) }
                case .eventsDropped(let event):
                    synchronizing = true
                    if decoder.repairsFromDeviceState {
                        decoder.beginResynchronization()
                    } else {
                        // libevdev cannot repair anonymous contacts: drop its repair and let the decoder cancel
                        // the touches as in a replay; the next full protocol-A frame starts them again.
                        discardingRepair = true
                        let output = decoder.handle(event)
                        if !output.frames.isEmpty || !output.diagnostics.isEmpty { return .frames(output) }
                    }
                case .noEvent:
                    if synchronizing {
                        synchronizing = false
                        if discardingRepair {
                            discardingRepair = false
                        } else {
                            decoder.endResynchronization()
                        }
                        continue
                    }
                    if let deadline, source.now() >= deadline { return .deadlinePassed(deadline) }
                    if try !source.waitForEvents(until: deadline), let deadline { return .deadlinePassed(deadline) }
                }
            }
        } catch .deviceRemoved {
            ended = true
            return .ended(decoder.end(at: source.now()))
        }
    }
}

@available(*, unavailable)
extension LiveTouchInput: Sendable {}
