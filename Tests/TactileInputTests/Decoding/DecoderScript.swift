import Tactile

@testable import TactileInput

/// Builds event streams for decoder tests: reports of axis/key changes, 10 ms apart by default.
struct DecoderScript {
    enum Change {
        case axis(AbsoluteAxis, Int32)
        case key(Key, Int32)
    }

    var events: [InputEvent] = []
    var time = Timestamp(seconds: 100, microseconds: 0)

    /// Appends one report's changes and its `SYN_REPORT`, `milliseconds` after the previous report.
    mutating func report(after milliseconds: Int64 = 10, _ changes: Change...) {
        time = time + .milliseconds(milliseconds)
        for change in changes {
            switch change {
            case .axis(let axis, let value): events.append(InputEvent(timestamp: time, axis, value))
            case .key(let key, let value): events.append(InputEvent(timestamp: time, key, value))
            }
        }
        events.append(InputEvent(timestamp: time, .report))
    }
}

extension DecoderScript.Change {
    static func slot(_ value: Int32) -> Self { .axis(.multitouchSlot, value) }
    static func id(_ value: Int32) -> Self { .axis(.multitouchTrackingID, value) }
    static func x(_ value: Int32) -> Self { .axis(.multitouchPositionX, value) }
    static func y(_ value: Int32) -> Self { .axis(.multitouchPositionY, value) }
    static func tool(_ value: MultitouchToolType) -> Self { .axis(.multitouchToolType, value.rawValue) }
    static func pressure(_ value: Int32) -> Self { .axis(.multitouchPressure, value) }
}

/// A 1000 × 1000-unit, 4-slot touchscreen with tool type, pressure and touch size, mapped onto a 1000 × 1000
/// point screen so that one device unit is (almost exactly) one point.
let scriptedScreen = DeviceDescription(
    name: "Scripted Screen", properties: [.direct], codes: [.key: [Key.touch.rawValue]],
    axes: [
        .multitouchSlot: AxisInfo(minimum: 0, maximum: 3),
        .multitouchPositionX: AxisInfo(minimum: 0, maximum: 999),
        .multitouchPositionY: AxisInfo(minimum: 0, maximum: 999),
        .multitouchTrackingID: AxisInfo(minimum: 0, maximum: 65535),
        .multitouchToolType: AxisInfo(minimum: 0, maximum: 2),
        .multitouchPressure: AxisInfo(minimum: 0, maximum: 255),
        .multitouchTouchMajor: AxisInfo(minimum: 0, maximum: 255),
    ])

let scriptedConfiguration = MultitouchDecoder.Configuration(
    mapping: ScreenMapping(screenSize: Size(width: 1000, height: 1000)))

/// Runs events through a fresh decoder; returns every frame, every diagnostic and the decoder.
func decode(
    _ events: [InputEvent], description: DeviceDescription = scriptedScreen, endAt end: Timestamp? = nil
) throws -> (frames: [TouchFrame], diagnostics: [MultitouchDecoder.Diagnostic], decoder: MultitouchDecoder) {
    var decoder = try MultitouchDecoder(description: description, configuration: scriptedConfiguration)
    var output = MultitouchDecoder.Output()
    for event in events { output.append(decoder.handle(event)) }
    if let end { output.append(decoder.end(at: end)) }
    return (output.frames, output.diagnostics, decoder)
}

/// `"#1:began@(10, 20)"`-style summaries of frames, one string per frame.
func summary(_ frames: [TouchFrame]) -> [String] {
    frames.map { $0.contacts.map(\.description).joined(separator: " ") }
}
