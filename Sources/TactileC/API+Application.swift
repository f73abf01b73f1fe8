import CTactileAPI
import Glibc
import Tactile
import TactileInput
import TactileReplay

// The functions of tactile.h's "Status and errors" and "Application" sections. Each is checked against its
// declaration in the header by the compiler (`@c @implementation`).

/// Strings returned to C that never change: made once, never freed.
private nonisolated(unsafe) let versionString: UnsafePointer<CChar> = UnsafePointer(strdup("0.1.0")!)
private nonisolated(unsafe) let statusNames: [Int32: UnsafePointer<CChar>] = {
    let names: [(tactile_status, String)] = [
        (TACTILE_OK, "TACTILE_OK"), (TACTILE_IGNORED, "TACTILE_IGNORED"),
        (TACTILE_ERROR_NULL_ARGUMENT, "TACTILE_ERROR_NULL_ARGUMENT"),
        (TACTILE_ERROR_INVALID_HANDLE, "TACTILE_ERROR_INVALID_HANDLE"),
        (TACTILE_ERROR_INVALID_ARGUMENT, "TACTILE_ERROR_INVALID_ARGUMENT"), (TACTILE_ERROR_FILE, "TACTILE_ERROR_FILE"),
        (TACTILE_ERROR_NOT_FOUND, "TACTILE_ERROR_NOT_FOUND"), (TACTILE_ERROR_BUSY, "TACTILE_ERROR_BUSY"),
        (TACTILE_ERROR_STATE, "TACTILE_ERROR_STATE"), (TACTILE_ERROR_BUFFER_TOO_SMALL, "TACTILE_ERROR_BUFFER_TOO_SMALL"),
        (TACTILE_DEVICE_REMOVED, "TACTILE_DEVICE_REMOVED"), (TACTILE_ERROR_DEVICE, "TACTILE_ERROR_DEVICE"),
    ]
    return Dictionary(uniqueKeysWithValues: names.map { (Int32($0.0.rawValue), UnsafePointer(strdup($0.1)!)) })
}()
private nonisolated(unsafe) let unknownStatusName: UnsafePointer<CChar> = UnsafePointer(strdup("unknown")!)

@c @implementation
public func tactile_last_error() -> UnsafePointer<CChar>? {
    UnsafePointer(ThreadState.current.lastError)
}

@c @implementation
public func tactile_status_name(_ status: tactile_status) -> UnsafePointer<CChar>? {
    statusNames[Int32(status.rawValue)] ?? unknownStatusName
}

@c @implementation
public func tactile_version() -> UnsafePointer<CChar>? { versionString }

/// Registers a new application and writes its handle.
@MainActor
private func register(
    _ instance: SceneInstance, fromFile: Bool, to out: UnsafeMutablePointer<OpaquePointer?>
) -> tactile_status {
    let application = CApplication(instance: instance, isFromSceneFile: fromFile)
    let state = ThreadState.current
    let owner = ObjectIdentifier(application)
    application.handle = state.insert(application, kind: .application, owner: owner)
    application.simultaneity.application = application
    application.windowHandle = application.handle(for: instance.window)
    out.pointee = application.handle.pointer
    return TACTILE_OK
}

@c @implementation @MainActor
public func tactile_application_create(
    _ width: Double, _ height: Double, _ application: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_application_create") { () throws(APIError) in
        let out = try Lookup.out(application, "application")
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw .invalid("the window size \(width) × \(height) is not two positive finite numbers")
        }
        let size = Size(width: width, height: height)
        let scene = Scene(file: "<tactile_application_create>", windowSize: size, screen: ScreenMapping(screenSize: size), views: [])
        do {
            return register(try scene.instantiate(), fromFile: false, to: out)
        } catch {
            throw .state("\(error)")
        }
    }
}

@c @implementation @MainActor
public func tactile_application_load_scene(
    _ path: UnsafePointer<CChar>?, _ application: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_application_load_scene") { () throws(APIError) in
        let path = try Lookup.string(path, "path")
        let out = try Lookup.out(application, "application")
        do {
            let instance = try Scene.load(path: path).instantiate()
            return register(instance, fromFile: true, to: out)
        } catch {
            throw APIError(status: TACTILE_ERROR_FILE, message: "\(error)")
        }
    }
}

@c @implementation @MainActor
public func tactile_application_destroy(_ application: OpaquePointer?) -> tactile_status {
    api("tactile_application_destroy") { () throws(APIError) in
        guard application != nil else { return TACTILE_OK }
        let app = try Lookup.application(application)
        guard app.dispatchDepth == 0 else {
            throw APIError(
                status: TACTILE_ERROR_BUSY,
                message: "called from inside one of the application's callbacks; destroy it after the input call returns")
        }
        // Views made by the program stop calling back (the runtime may still hold them until they are freed).
        for handle in app.viewHandles.values {
            if let entry = ThreadState.current.object(handle, kind: .view) as? ViewEntry,
                let view = entry.view as? CallbackView
            {
                view.callback = nil
            }
        }
        ThreadState.current.removeAll(ownedBy: ObjectIdentifier(app))
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_window(
    _ application: OpaquePointer?, _ window: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_application_window") { () throws(APIError) in
        let app = try Lookup.application(application)
        try Lookup.out(window, "window").pointee = app.windowHandle.pointer
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_find_view(
    _ application: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ view: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_application_find_view") { () throws(APIError) in
        let app = try Lookup.application(application)
        let name = try Lookup.string(name, "name")
        let out = try Lookup.out(view, "view")
        // The window by the name the log gives it ("window": a scene's window has no name of its own).
        let window = app.instance.window
        let found: View? = app.namedViews[name] ?? app.instance.views[name] ?? (name == window.logName ? window : nil)
        guard let found else {
            throw APIError(status: TACTILE_ERROR_NOT_FOUND, message: "no view is named \"\(name)\"")
        }
        out.pointee = app.handle(for: found).pointer
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_find_recognizer(
    _ application: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ recognizer: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_application_find_recognizer") { () throws(APIError) in
        let app = try Lookup.application(application)
        let name = try Lookup.string(name, "name")
        let out = try Lookup.out(recognizer, "recognizer")
        guard let found = app.namedRecognizers[name] ?? app.instance.recognizers[name] else {
            throw APIError(status: TACTILE_ERROR_NOT_FOUND, message: "no recognizer is named \"\(name)\"")
        }
        out.pointee = app.handle(for: found).pointer
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_hit_test(
    _ application: OpaquePointer?, _ point: tactile_point, _ view: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_application_hit_test") { () throws(APIError) in
        let app = try Lookup.application(application)
        let out = try Lookup.out(view, "view")
        let location = Point(x: try Lookup.finite(point.x, "point.x"), y: try Lookup.finite(point.y, "point.y"))
        out.pointee = app.instance.application.hitTest(location, with: nil).map { app.handle(for: $0).pointer }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_set_simultaneous_callback(
    _ application: OpaquePointer?, _ callback: tactile_simultaneous_callback?, _ user_data: UnsafeMutableRawPointer?
) -> tactile_status {
    api("tactile_application_set_simultaneous_callback") { () throws(APIError) in
        let app = try Lookup.application(application)
        app.simultaneity.callback = callback
        app.simultaneity.userData = user_data
        // Asked for every pair: every recognizer of the application gets the delegate (it keeps the scene's pairs).
        if callback != nil {
            for recognizer in app.instance.recognizers.values { recognizer.delegate = app.simultaneity }
            for recognizer in app.namedRecognizers.values { recognizer.delegate = app.simultaneity }
            for handle in app.recognizerHandles.values {
                (ThreadState.current.object(handle, kind: .recognizer) as? RecognizerEntry)?.recognizer.delegate =
                    app.simultaneity
            }
        }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_set_log(
    _ application: OpaquePointer?, _ format: tactile_log_format, _ positions: Bool
) -> tactile_status {
    api("tactile_application_set_log") { () throws(APIError) in
        let app = try Lookup.application(application)
        switch format {
        case TACTILE_LOG_NONE: app.setLog(nil, positions: positions)
        case TACTILE_LOG_TEXT: app.setLog(.text, positions: positions)
        case TACTILE_LOG_EXPLAIN: app.setLog(.explain, positions: positions)
        case TACTILE_LOG_JSON_LINES: app.setLog(.jsonLines(explain: false), positions: positions)
        default: throw .invalid("format \(format.rawValue) is not a tactile_log_format")
        }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_read_log(
    _ application: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ length: UnsafeMutablePointer<Int>?
) -> tactile_status {
    api("tactile_application_read_log") { () throws(APIError) in
        let app = try Lookup.application(application)
        let length = try Lookup.out(length, "length")
        let unread = app.unreadLog()
        guard let buffer, capacity > 0 else {
            length.pointee = unread.count
            return TACTILE_OK
        }
        // Whole lines that fit in capacity - 1 bytes.
        var end = unread.startIndex
        var index = unread.startIndex
        while index < unread.endIndex, index - unread.startIndex < capacity - 1 {
            if unread[index] == UInt8(ascii: "\n") { end = index + 1 }
            index += 1
        }
        if end == unread.startIndex, !unread.isEmpty {
            let lineEnd = unread.firstIndex(of: UInt8(ascii: "\n")) ?? unread.endIndex
            length.pointee = lineEnd - unread.startIndex + 2
            throw APIError(
                status: TACTILE_ERROR_BUFFER_TOO_SMALL,
                message: "the next line needs \(length.pointee) bytes with its NUL; the buffer has \(capacity)")
        }
        let count = end - unread.startIndex
        unread[unread.startIndex..<end].withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count) }
        }
        buffer[count] = 0
        length.pointee = count
        app.consumeLog(count)
        return TACTILE_OK
    }
}
