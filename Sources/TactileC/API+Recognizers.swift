import CTactileAPI
import Tactile

// The functions of tactile.h's "Recognizers" section.

extension RecognizerEntry {
    /// The two recognizers of `require_to_fail` and `recognize_simultaneously`: both live, of one application.
    static func pair(_ recognizer: OpaquePointer?, _ other: OpaquePointer?) throws(APIError)
        -> (RecognizerEntry, RecognizerEntry)
    {
        let entry = try Lookup.recognizer(recognizer)
        let otherEntry = try Lookup.recognizer(other, "other")
        guard entry.application === otherEntry.application else {
            throw .state("the two recognizers belong to different applications")
        }
        return (entry, otherEntry)
    }
}

@c @implementation @MainActor
public func tactile_recognizer_create(
    _ application: OpaquePointer?, _ kind: tactile_recognizer_kind, _ name: UnsafePointer<CChar>?,
    _ recognizer: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_recognizer_create") { () throws(APIError) in
        let app = try Lookup.application(application)
        let out = try Lookup.out(recognizer, "recognizer")
        let made: GestureRecognizer
        switch kind {
        case TACTILE_RECOGNIZER_TAP: made = TapGestureRecognizer()
        case TACTILE_RECOGNIZER_LONG_PRESS: made = LongPressGestureRecognizer()
        case TACTILE_RECOGNIZER_PAN: made = PanGestureRecognizer()
        case TACTILE_RECOGNIZER_SCREEN_EDGE_PAN: made = ScreenEdgePanGestureRecognizer()
        case TACTILE_RECOGNIZER_SWIPE: made = SwipeGestureRecognizer()
        case TACTILE_RECOGNIZER_PINCH: made = PinchGestureRecognizer()
        case TACTILE_RECOGNIZER_ROTATION: made = RotationGestureRecognizer()
        case TACTILE_RECOGNIZER_CUSTOM:
            let custom = CallbackRecognizer()
            custom.application = app
            made = custom
        default: throw .invalid("kind \(kind.rawValue) is not a tactile_recognizer_kind")
        }
        if let name {
            let name = String(cString: name)
            made.name = name
            app.namedRecognizers[name] = made
        }
        made.delegate = app.simultaneity
        let handle = app.handle(for: made)
        (made as? CallbackRecognizer)?.handle = handle
        out.pointee = handle.pointer
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_destroy(_ recognizer: OpaquePointer?) -> tactile_status {
    api("tactile_recognizer_destroy") { () throws(APIError) in
        guard recognizer != nil else { return TACTILE_OK }
        let entry = try Lookup.recognizer(recognizer)
        let app = entry.application
        let made = entry.recognizer
        made.view?.removeGestureRecognizer(made)
        if let action = entry.action { made.removeAction(action) }
        if let custom = made as? CallbackRecognizer { custom.callbacks = tactile_custom_recognizer() }
        if let name = made.name, app.namedRecognizers[name] === made { app.namedRecognizers[name] = nil }
        if let handle = app.recognizerHandles.removeValue(forKey: ObjectIdentifier(made)) {
            ThreadState.current.remove(handle)
        }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_add_recognizer(_ view: OpaquePointer?, _ recognizer: OpaquePointer?) -> tactile_status {
    api("tactile_view_add_recognizer") { () throws(APIError) in
        let viewEntry = try Lookup.view(view)
        let entry = try Lookup.recognizer(recognizer)
        guard viewEntry.application === entry.application else {
            throw .state("the view and the recognizer belong to different applications")
        }
        if let current = entry.recognizer.view, current !== viewEntry.view {
            throw .state("the recognizer is on \"\(current.logName)\" already; remove it from there first")
        }
        viewEntry.view.addGestureRecognizer(entry.recognizer)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_remove_from_view(_ recognizer: OpaquePointer?) -> tactile_status {
    api("tactile_recognizer_remove_from_view") { () throws(APIError) in
        let entry = try Lookup.recognizer(recognizer)
        entry.recognizer.view?.removeGestureRecognizer(entry.recognizer)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_set_parameter(
    _ recognizer: OpaquePointer?, _ parameter: tactile_parameter, _ value: Double
) -> tactile_status {
    api("tactile_recognizer_set_parameter") { () throws(APIError) in
        let entry = try Lookup.recognizer(recognizer)
        try RecognizerParameter(parameter, of: entry.recognizer).set(value)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_get_parameter(
    _ recognizer: OpaquePointer?, _ parameter: tactile_parameter, _ value: UnsafeMutablePointer<Double>?
) -> tactile_status {
    api("tactile_recognizer_get_parameter") { () throws(APIError) in
        let entry = try Lookup.recognizer(recognizer)
        let out = try Lookup.out(value, "value")
        out.pointee = try RecognizerParameter(parameter, of: entry.recognizer).get()
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_get_state(
    _ recognizer: OpaquePointer?, _ state: UnsafeMutablePointer<tactile_recognizer_state>?
) -> tactile_status {
    api("tactile_recognizer_get_state") { () throws(APIError) in
        let entry = try Lookup.recognizer(recognizer)
        try Lookup.out(state, "state").pointee = tactile_recognizer_state(entry.recognizer.state)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_set_state(_ recognizer: OpaquePointer?, _ state: tactile_recognizer_state) -> tactile_status {
    api("tactile_recognizer_set_state") { () throws(APIError) in
        let entry = try Lookup.recognizer(recognizer)
        guard let newState = state.state else { throw .invalid("state \(state.rawValue) is not a tactile_recognizer_state") }
        guard entry.recognizer is CallbackRecognizer else {
            throw .state("only a custom recognizer's state is set from outside; a built-in recognizer's machine decides it")
        }
        entry.recognizer.state = newState
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_set_translation(_ recognizer: OpaquePointer?, _ translation: tactile_point) -> tactile_status {
    api("tactile_recognizer_set_translation") { () throws(APIError) in
        let entry = try Lookup.recognizer(recognizer)
        guard let pan = entry.recognizer as? PanGestureRecognizer else {
            throw .invalid("\"\(entry.recognizer.logName)\" is not a pan: it has no translation")
        }
        let point = Point(
            x: try Lookup.finite(translation.x, "translation.x"), y: try Lookup.finite(translation.y, "translation.y"))
        pan.setTranslation(point, in: pan.view)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_require_to_fail(_ recognizer: OpaquePointer?, _ other: OpaquePointer?) -> tactile_status {
    api("tactile_recognizer_require_to_fail") { () throws(APIError) in
        let (entry, otherEntry) = try RecognizerEntry.pair(recognizer, other)
        if let cycle = entry.recognizer.require(toFail: otherEntry.recognizer) {
            throw .state("requiring \"\(otherEntry.recognizer.logName)\" to fail closes the cycle \(cycle)")
        }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_recognize_simultaneously(
    _ recognizer: OpaquePointer?, _ other: OpaquePointer?
) -> tactile_status {
    api("tactile_recognizer_recognize_simultaneously") { () throws(APIError) in
        let (entry, otherEntry) = try RecognizerEntry.pair(recognizer, other)
        entry.application.simultaneity.allow(entry.recognizer, otherEntry.recognizer)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_set_action(
    _ recognizer: OpaquePointer?, _ callback: tactile_action_callback?, _ user_data: UnsafeMutableRawPointer?
) -> tactile_status {
    api("tactile_recognizer_set_action") { () throws(APIError) in
        let entry = try Lookup.recognizer(recognizer)
        if let action = entry.action {
            entry.recognizer.removeAction(action)
            entry.action = nil
        }
        guard let callback else { return TACTILE_OK }
        let handle = entry.application.handle(for: entry.recognizer)
        entry.action = entry.recognizer.addAction { [weak application = entry.application] recognizer in
            guard let application else { return }
            var gesture = tactile_gesture(recognizer, application: application)
            callback(user_data, handle.pointer, &gesture)
        }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_recognizer_set_custom(
    _ recognizer: OpaquePointer?, _ callbacks: UnsafePointer<tactile_custom_recognizer>?,
    _ user_data: UnsafeMutableRawPointer?
) -> tactile_status {
    api("tactile_recognizer_set_custom") { () throws(APIError) in
        let entry = try Lookup.recognizer(recognizer)
        guard let custom = entry.recognizer as? CallbackRecognizer else {
            throw .state("\"\(entry.recognizer.logName)\" is a built-in recognizer; make one of TACTILE_RECOGNIZER_CUSTOM")
        }
        custom.callbacks = callbacks?.pointee ?? tactile_custom_recognizer()
        custom.userData = user_data
        return TACTILE_OK
    }
}
