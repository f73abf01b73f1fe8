extension DeviceDescription {
    /// How a device reports its contacts.
    public enum TouchProtocol: Hashable, Sendable, CustomStringConvertible {
        /// Protocol B: `ABS_MT_SLOT` with `slotCount` slots (`ABS_MT_SLOT` maximum + 1, at most
        /// ``DeviceDescription/maximumSlotCount``).
        case slots(count: Int)
        /// Protocol A: anonymous contacts separated by `SYN_MT_REPORT`, tracked with libmtdev.
        case anonymous
        /// One contact: `BTN_TOUCH` with two absolute position axes (normally `ABS_X`/`ABS_Y`, see
        /// ``DeviceDescription/singleTouchPositionAxes``).
        case singleTouch
        /// Not a touch device: no multitouch position axes and no `BTN_TOUCH` with position axes.
        case none

        public var description: String {
            switch self {
            case .slots(let count): "protocol B (\(count) slots)"
            case .anonymous: "protocol A"
            case .singleTouch: "single touch"
            case .none: "no touch"
            }
        }
    }

    /// Whether the device's coordinates map straight onto a screen.
    public enum SurfaceKind: Hashable, Sendable, CustomStringConvertible {
        /// A touchscreen or pen display (`INPUT_PROP_DIRECT`).
        case touchscreen
        /// A touchpad or tablet surface (`INPUT_PROP_POINTER`).
        case touchpad
        /// Neither property nor a recognisable legacy pattern.
        case unknown

        public var description: String {
            switch self {
            case .touchscreen: "touchscreen"
            case .touchpad: "touchpad"
            case .unknown: "unknown"
            }
        }
    }

    /// The largest slot count this library accepts from a description; larger `ABS_MT_SLOT` ranges are
    /// capped, so a corrupt description cannot make the decoder allocate without bound. libevdev caps at 256
    /// too.
    public static let maximumSlotCount = 256

    /// How the device reports contacts, judged from its advertised axes.
    public var touchProtocol: TouchProtocol {
        if supports(.multitouchPositionX) && supports(.multitouchPositionY) {
            if let slot = axes[.multitouchSlot] {
                let count = Int(slot.maximum) + 1
                return .slots(count: Swift.min(Swift.max(count, 1), Self.maximumSlotCount))
            }
            return .anonymous
        }
        let (x, y) = singleTouchPositionAxes
        if supports(.touch) && axes[x] != nil && axes[y] != nil { return .singleTouch }
        return .none
    }

    /// The number of slots, or `nil` for a device without `ABS_MT_SLOT`.
    public var slotCount: Int? {
        if case .slots(let count) = touchProtocol { return count }
        return nil
    }

    /// Whether the device is a touchscreen or a touchpad.
    ///
    /// `INPUT_PROP_DIRECT` and `INPUT_PROP_POINTER` decide when present. Descriptions from old kernels have
    /// neither; then the legacy rule applies: `BTN_TOUCH` with `BTN_TOOL_FINGER` is a touchpad, `BTN_TOUCH`
    /// without it a touchscreen. The rule classifies every recording in `Traces/recordings` correctly.
    public var surfaceKind: SurfaceKind {
        if properties.contains(.direct) { return .touchscreen }
        if properties.contains(.pointer) { return .touchpad }
        guard supports(.touch) else { return .unknown }
        return supports(.toolFinger) ? .touchpad : .touchscreen
    }

    /// The axes that carry a single-touch device's position: `ABS_X`/`ABS_Y`, except for known quirks.
    ///
    /// Quirk: the eGalax USB single-touch controller (vendor 0x0eef, product 0x0001) advertises `ABS_X`/`ABS_Y`
    /// (42–1981) but sends its coordinates on `ABS_Z`/`ABS_RX` (30–4040 / 60–4035), because its HID report
    /// descriptor repeats the X/Y usages and the kernel maps the repeats to the next free axes. For that device,
    /// when it advertises both `ABS_Z` and `ABS_RX`, those are the position axes (and their ranges map to the
    /// screen). libinput rejects this device instead; we prefer to use what it sends. A decoder can override
    /// the choice with ``MultitouchDecoder/Configuration/singleTouchPositionAxes``.
    public var singleTouchPositionAxes: (x: AbsoluteAxis, y: AbsoluteAxis) {
        if identity.vendor == 0x0eef && identity.product == 0x0001
            && axes[.z] != nil && axes[.rotationX] != nil
        {
            return (.z, .rotationX)
        }
        return (.x, .y)
    }

    /// The physical size of the surface in millimetres, when both position axes have a resolution.
    public var sizeInMillimeters: (width: Double, height: Double)? {
        let (xAxis, yAxis): (AbsoluteAxis, AbsoluteAxis) =
            switch touchProtocol {
            case .slots, .anonymous: (.multitouchPositionX, .multitouchPositionY)
            case .singleTouch, .none: singleTouchPositionAxes
            }
        guard let width = axes[xAxis]?.lengthInMillimeters, let height = axes[yAxis]?.lengthInMillimeters
        else { return nil }
        return (width, height)
    }
}
