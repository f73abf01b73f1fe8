import TactileInput

/// The built-in device of `tactile synth`: "Tactile Synthetic Touchscreen", modelled on a real 11.6-inch
/// I²C touchscreen (an Elan panel in a Chromebook, whose capabilities Chromium's tests record): protocol B with
/// 10 slots, X 0–3520 and Y 0–1984 at 14 units/mm (251 × 142 mm), `ABS_MT_TOUCH_MAJOR` 0–255 at 1 unit/mm,
/// `ABS_MT_PRESSURE` 0–255, `ABS_MT_TOOL_TYPE` 0–15 (the kernel's `MT_TOOL_MAX`, as `input_mt_init_slots`
/// declares it; fingers never send it, pens and palms do), `BTN_TOUCH`, pointer emulation on
/// `ABS_X`/`ABS_Y`/`ABS_PRESSURE`, and `INPUT_PROP_DIRECT`. Its own name and ids (bus I²C, vendor 0x7ac7 "TAC7") keep
/// it from passing for the real panel.
public enum SyntheticTouchscreen {
    /// The device's name.
    public static let name = "Tactile Synthetic Touchscreen"

    /// The device description.
    public static let description: DeviceDescription = {
        let x = AxisInfo(minimum: 0, maximum: 3520, resolution: 14)
        let y = AxisInfo(minimum: 0, maximum: 1984, resolution: 14)
        return DeviceDescription(
            name: name,
            identity: .init(bus: 0x18, vendor: 0x7AC7, product: 0x0001, version: 0x0100),
            properties: [.direct],
            codes: [.key: [Key.touch.rawValue]],
            axes: [
                .x: x, .y: y, .pressure: AxisInfo(minimum: 0, maximum: 255),
                .multitouchSlot: AxisInfo(minimum: 0, maximum: 9),
                .multitouchTouchMajor: AxisInfo(minimum: 0, maximum: 255, resolution: 1),
                .multitouchPositionX: x, .multitouchPositionY: y,
                .multitouchTrackingID: AxisInfo(minimum: 0, maximum: 65535),
                .multitouchPressure: AxisInfo(minimum: 0, maximum: 255),
                .multitouchToolType: AxisInfo(minimum: 0, maximum: 15),
            ])
    }()

    /// The scan rate of the synthetic panel, in reports per second while a finger moves.
    public static let scanRate = 120.0
}
