extension DeviceDescription {
    /// What makes the device a touchpad (``SurfaceKind/touchpad``), in words, or `nil` when it is not one:
    /// `INPUT_PROP_POINTER`, or, in a description without properties, `BTN_TOOL_FINGER` beside `BTN_TOUCH` (the
    /// legacy rule of ``surfaceKind``).
    public var touchpadEvidence: String? {
        guard surfaceKind == .touchpad else { return nil }
        if properties.contains(.pointer) { return "INPUT_PROP_POINTER" }
        return "BTN_TOOL_FINGER without INPUT_PROP_DIRECT"
    }

    /// The error for mapping this device's surface onto the screen when it is a touchpad, or `nil` when it is
    /// not one.
    ///
    /// A touchpad's coordinates describe a surface beside the screen, moved over by a pointer: mapped onto the
    /// screen as direct touches they are misleading (a finger at the pad's middle is not a touch at the screen's
    /// middle). Replay and synthesis therefore refuse a touchpad unless the caller asks for it; the message
    /// names the command-line option that does (`--allow-touchpad`), as `tactile live` refuses touchpads and
    /// `tactile record` warns.
    ///
    /// - Parameter file: the file the description came from (the error's ``TraceError/file``).
    public func touchpadRefusal(file: String) -> TraceError? {
        guard let evidence = touchpadEvidence else { return nil }
        return TraceError(
            file: file,
            reason: "\"\(name)\" is a touchpad, not a touchscreen (\(evidence)); pass --allow-touchpad to map it anyway")
    }
}
