/// The kernel's names for event types, codes and properties, both ways, from libevdev's tables.
///
/// These work without a device. Names follow `<linux/input-event-codes.h>` exactly, prefix included
/// (`ABS_MT_SLOT`, `BTN_TOUCH`, `INPUT_PROP_DIRECT`).
public enum EventCodeNames {
    /// The name of `code` within `type`, such as `ABS_MT_TRACKING_ID`, or `nil` when the kernel has none.
    ///
    /// The corresponding C function is `libevdev_event_code_get_name`.
    public static func name(of code: UInt16, type: EventType) -> String? {
        Shim.codeName(type: type.rawValue, code: code)
    }

    /// The code named `name` within `type` (`"ABS_X"` within ``EventType/absolute`` is 0), or `nil`.
    ///
    /// The corresponding C function is `libevdev_event_code_from_name`.
    public static func code(named name: String, type: EventType) -> UInt16? {
        Shim.code(named: name, type: type.rawValue)
    }

    /// The type and code that a code name stands for (`"BTN_TOOL_DOUBLETAP"` is `EV_KEY` 333), or `nil`.
    ///
    /// The corresponding C functions are `libevdev_event_type_from_code_name` and
    /// `libevdev_event_code_from_code_name`.
    public static func typeAndCode(named name: String) -> (type: EventType, code: UInt16)? {
        Shim.typeAndCode(codeName: name).map { (EventType(rawValue: $0.type), $0.code) }
    }

    /// The largest code of `type` (`ABS_MAX` for ``EventType/absolute``), or `nil` for an invalid type.
    ///
    /// The corresponding C function is `libevdev_event_type_get_max`.
    public static func maximumCode(of type: EventType) -> Int? { Shim.typeMaximum(type.rawValue) }
}

extension EventType {
    /// The kernel's name of the type, such as `EV_ABS`, or `nil` when it has none.
    ///
    /// The corresponding C function is `libevdev_event_type_get_name`.
    public var name: String? { Shim.typeName(rawValue) }

    /// The type with the kernel name `name` (such as `EV_KEY`), or `nil` when there is none.
    ///
    /// The corresponding C function is `libevdev_event_type_from_name`.
    public init?(name: String) {
        guard let value = Shim.type(named: name) else { return nil }
        self.init(rawValue: value)
    }
}

extension AbsoluteAxis {
    /// The axis with the kernel name `name` (such as `ABS_MT_POSITION_X`), or `nil` when there is none.
    ///
    /// The corresponding C function is `libevdev_event_code_from_name`.
    public init?(name: String) {
        guard let value = Shim.code(named: name, type: EventType.absolute.rawValue) else { return nil }
        self.init(rawValue: value)
    }
}

extension Key {
    /// The key with the kernel name `name` (such as `BTN_TOUCH`), or `nil` when there is none.
    ///
    /// The corresponding C function is `libevdev_event_code_from_name`.
    public init?(name: String) {
        guard let value = Shim.code(named: name, type: EventType.key.rawValue) else { return nil }
        self.init(rawValue: value)
    }
}

extension DeviceProperty {
    /// The kernel's name of the property, such as `INPUT_PROP_DIRECT`, or `nil` when it has none.
    ///
    /// The corresponding C function is `libevdev_property_get_name`.
    public var name: String? { Shim.propertyName(rawValue) }

    /// The property with the kernel name `name`, or `nil` when there is none.
    ///
    /// The corresponding C function is `libevdev_property_from_name`.
    public init?(name: String) {
        guard let value = Shim.property(named: name) else { return nil }
        self.init(rawValue: value)
    }
}
