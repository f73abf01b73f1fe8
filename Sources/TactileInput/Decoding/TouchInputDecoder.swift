import Tactile

/// The whole decoding path for one device: protocol A through ``ProtocolAConverter`` (libmtdev), then
/// ``MultitouchDecoder`` for every protocol.
///
/// Live input and replay both use this type, so a trace decodes exactly as the device would. Not `Sendable`:
/// it owns libmtdev's state for protocol-A devices.
public final class TouchInputDecoder {
    /// The device being decoded.
    public let deviceDescription: DeviceDescription
    /// The state machine that makes the frames.
    public private(set) var decoder: MultitouchDecoder
    private let converter: ProtocolAConverter?

    /// Creates the decoding path for a device.
    ///
    /// - Throws: ``MultitouchDecoder/UnsupportedDeviceError`` when the device has no touch axes.
    public init(
        description: DeviceDescription, configuration: MultitouchDecoder.Configuration = .init()
    ) throws {
        deviceDescription = description
        decoder = try MultitouchDecoder(description: description, configuration: configuration)
        if case .anonymous = description.touchProtocol {
            // One smoothing policy whatever udev did to the kernel's fuzz: the fuzz udev saved, else the description's
            // (JitterFilter.automatic's fuzz, whatever the jitter filter itself is set to).
            var positionFuzz: [AbsoluteAxis: Int32] = [:]
            for axis in [AbsoluteAxis.multitouchPositionX, .multitouchPositionY] {
                positionFuzz[axis] = JitterFilter.automatic.fuzz(
                    for: axis, description: description, udev: configuration.udevProperties)
            }
            converter = ProtocolAConverter(description: description, fuzz: positionFuzz)
        } else {
            converter = nil
        }
    }

    /// The number of fingers the device says are down through `BTN_TOOL_*` keys (see
    /// ``MultitouchDecoder/toolFingerCount``).
    public var toolFingerCount: Int { decoder.toolFingerCount }

    /// Reports in which the jitter filter held a moving contact in place (``MultitouchDecoder/filteredMotionCount``).
    public var filteredMotionCount: Int { decoder.filteredMotionCount }

    /// Whether a live device's repair after `SYN_DROPPED` (libevdev's sync events) can restore the touches:
    /// true for slots and single touch, false for protocol A, whose contacts libevdev does not track.
    public var repairsFromDeviceState: Bool { converter == nil }

    /// Applies one event; returns the frames it completes and any diagnostics.
    public func handle(_ event: InputEvent) -> MultitouchDecoder.Output {
        var output = MultitouchDecoder.Output()
        handle(event, into: &output)
        return output
    }

    /// Applies one event and appends the frames it completes and any diagnostics to `output` (see
    /// ``MultitouchDecoder/handle(_:into:)``).
    public func handle(_ event: InputEvent, into output: inout MultitouchDecoder.Output) {
        Self.handle(event, decoder: &decoder, converter: converter, into: &output)
    }

    /// Runs `body` with the decoder's state and the protocol-A converter in one access, for a loop over many
    /// events (a replay's frame) that hands each to ``handle(_:decoder:converter:into:)``: calling
    /// ``handle(_:into:)`` per event would check exclusive access to the state at every event (15 % of a
    /// decode's instructions). `body` must not use this decoder's members; the state it is given has them all.
    func withState<Result>(
        _ body: (inout MultitouchDecoder, ProtocolAConverter?) throws(TraceError) -> Result
    ) throws(TraceError) -> Result {
        try body(&decoder, converter)
    }

    /// Applies one event to `decoder`, through `converter` for protocol A (see ``handle(_:into:)``).
    static func handle(
        _ event: InputEvent, decoder: inout MultitouchDecoder, converter: ProtocolAConverter?,
        into output: inout MultitouchDecoder.Output
    ) {
        guard let converter else {
            decoder.handle(event, into: &output)
            return
        }
        converter.convert(event) { converted in
            switch converted {
            case .event(let event): decoder.handle(event, into: &output)
            case .diagnostic(let diagnostic): output.diagnostics.append(diagnostic)
            }
        }
    }

    /// Starts a live repair after `SYN_DROPPED` (see ``MultitouchDecoder/beginResynchronization()``).
    public func beginResynchronization() { decoder.beginResynchronization() }

    /// Ends a live repair.
    public func endResynchronization() { decoder.endResynchronization() }

    /// Cancels every active contact and stops decoding (see ``MultitouchDecoder/end(at:)``).
    public func end(at timestamp: Timestamp) -> MultitouchDecoder.Output { decoder.end(at: timestamp) }
}

@available(*, unavailable)
extension TouchInputDecoder: Sendable {}
