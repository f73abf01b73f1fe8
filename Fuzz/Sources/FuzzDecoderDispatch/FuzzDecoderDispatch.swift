import FuzzSupport
import Tactile
import TactileInput
import TactileReplay

// The multitouch decoder feeding the core's dispatch, driven by arbitrary bytes read as operations, with the
// lifecycle invariant checked after every input: the decoder's contacts, the views' touches (delivery log)
// and every recognizer's touches (a ledger recognizer on each named view). At the end the decoder is ended and
// the driver finishes: then nothing may be left open.
//
// Byte 0 chooses the device (bits 0–1: protocol B with slots, protocol A, single touch) and the scene (bit 2:
// the default scene, or a scroll view of buttons with delaying recognizers). Then each operation is 4 bytes
// [kind, a, b, c] (Fuzz/make-corpora.sh turns evemu recordings into this form):
//   0, 14, 15  EV_ABS: axis table[a % 12], value Int16(b | c << 8)
//   1          EV_KEY: key table[a % 7], value b % 3
//   2–5        SYN_REPORT, a ms after the previous one (before it when b ≥ 0x80)
//   6          SYN_MT_REPORT        7  SYN_DROPPED
//   8          beginResynchronization()        9  endResynchronization()
//   10         Application.cancelAllTouches (the driver's)        11  advance the clock a × 10 ms
//   12         any event: type a % 32, code b, value c        13  end(at:) (the device went away)

let axes: [AbsoluteAxis] = [
    .multitouchSlot, .multitouchTrackingID, .multitouchPositionX, .multitouchPositionY, .multitouchTrackingID,
    .multitouchPositionX, .multitouchToolType, .multitouchPressure, .multitouchTouchMajor, .x, .y, .pressure,
]
let keys: [Key] = [.touch, .toolFinger, .toolDoubleTap, .toolTripleTap, .toolQuadrupleTap, .toolQuintupleTap, .toolPen]

let range = AxisInfo(minimum: 0, maximum: 4095)
let keyCodes: Set<UInt16> = Set(keys.map(\.rawValue))
let devices: [DeviceDescription] = [
    DeviceDescription(
        name: "Fuzz slots", properties: [.direct], codes: [.key: keyCodes],
        axes: [
            .multitouchSlot: AxisInfo(minimum: 0, maximum: 9), .multitouchTrackingID: AxisInfo(minimum: 0, maximum: 65535),
            .multitouchPositionX: range, .multitouchPositionY: range,
            .multitouchToolType: AxisInfo(minimum: 0, maximum: 2), .multitouchPressure: AxisInfo(minimum: 0, maximum: 255),
            .multitouchTouchMajor: AxisInfo(minimum: 0, maximum: 255), .x: range, .y: range,
        ]),
    DeviceDescription(
        name: "Fuzz protocol A", properties: [.direct], codes: [.key: keyCodes],
        axes: [
            .multitouchPositionX: range, .multitouchPositionY: range, .multitouchTrackingID: AxisInfo(minimum: 0, maximum: 65535),
            .multitouchTouchMajor: AxisInfo(minimum: 0, maximum: 255), .x: range, .y: range,
        ]),
    DeviceDescription(
        name: "Fuzz single touch", properties: [.direct], codes: [.key: keyCodes],
        axes: [.x: range, .y: range, .pressure: AxisInfo(minimum: 0, maximum: 255)]),
]

let scenes = dispatchScenes(rows: [.button, .button, .view])

@_cdecl("LLVMFuzzerTestOneInput")
public nonisolated func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    onMainActor(data, size, fuzz)
}

@MainActor
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let device = devices[Int(bytes[0] & 3) % devices.count]
    let scene = scenes[Int(bytes[0] >> 2) & 1]
    let checked = CheckedScene(building: scene)
    guard let decoder = try? TouchInputDecoder(
        description: device, configuration: MultitouchDecoder.Configuration(mapping: scene.screen))
    else { violation("the fuzz device does not build") }
    let driver = checked.driver
    var contacts = TouchLedger("decoder contact")
    var time = fuzzStartTime
    var latest = time
    var ended = false

    func deliver(_ output: MultitouchDecoder.Output) {
        for frame in output.frames { contacts.observe(frame) }
        if !output.frames.isEmpty || !output.diagnostics.isEmpty {
            driver.handle(output, at: output.frames.last?.timestamp ?? time)
        }
    }

    var index = 1
    while index + 4 <= bytes.count {
        let (kind, a, b, c) = (bytes[index] & 15, bytes[index + 1], bytes[index + 2], bytes[index + 3])
        index += 4
        switch kind {
        case 0, 14, 15:
            let value = Int32(Int16(bitPattern: UInt16(b) | UInt16(c) << 8))
            deliver(decoder.handle(InputEvent(timestamp: time, axes[Int(a) % axes.count], value)))
        case 1:
            deliver(decoder.handle(InputEvent(timestamp: time, keys[Int(a) % keys.count], Int32(b % 3))))
        case 2, 3, 4, 5:
            let step = Duration.milliseconds(Int64(a))
            time = b >= 0x80 ? time - step : time + step
            latest = max(latest, time)
            deliver(decoder.handle(InputEvent(timestamp: time, .report)))
        case 6:
            deliver(decoder.handle(InputEvent(timestamp: time, .multitouchReport)))
        case 7:
            deliver(decoder.handle(InputEvent(timestamp: time, .dropped)))
        case 8:
            decoder.beginResynchronization()
        case 9:
            decoder.endResynchronization()
        case 10:
            driver.cancelAllTouches(at: latest)
        case 11:
            time = time + .milliseconds(Int64(a) * 10)
            latest = max(latest, time)
            driver.advance(to: latest)
        case 12:
            deliver(decoder.handle(InputEvent(
                timestamp: time, type: EventType(rawValue: UInt16(a % 32)), code: UInt16(b), value: Int32(Int8(bitPattern: c)))))
        default:
            deliver(decoder.end(at: time))
            ended = true
        }
    }
    if !ended { deliver(decoder.end(at: latest)) }
    contacts.expectAllFinished("after the decoder ended")
    driver.finish(at: latest)
    checked.expectAllFinished("after the decoder ended and the driver finished")
    return 0
}

@_cdecl("FuzzDecoderDispatch_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzOne)
}
