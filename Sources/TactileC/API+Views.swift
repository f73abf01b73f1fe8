import CTactileAPI
import Tactile

// The functions of tactile.h's "Views" section.

extension Rect {
    init(_ rect: tactile_rect, _ argument: String) throws(APIError) {
        self.init(
            x: try Lookup.finite(rect.x, "\(argument).x"), y: try Lookup.finite(rect.y, "\(argument).y"),
            width: try Lookup.finite(rect.width, "\(argument).width"),
            height: try Lookup.finite(rect.height, "\(argument).height"))
    }
}

extension tactile_rect {
    init(_ rect: Rect) { self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height) }
}

extension ViewEntry {
    /// The views of `tactile_view_add_subview` and `tactile_view_insert_subview`, checked: both live, of the same
    /// application, and the subview neither the window nor the view or one of its ancestors.
    static func subviewPair(_ view: OpaquePointer?, _ subview: OpaquePointer?) throws(APIError) -> (ViewEntry, ViewEntry) {
        let parent = try Lookup.view(view)
        let child = try Lookup.view(subview, "subview")
        guard parent.application === child.application else {
            throw .state("the two views belong to different applications")
        }
        guard !parent.view.isDescendant(of: child.view) else {
            throw .state("subview is view or one of its ancestors: the tree would have a cycle")
        }
        guard child.view !== parent.application.instance.window else { throw .state("the window cannot be a subview") }
        return (parent, child)
    }
}

/// `tactile_view_set_frame` and `tactile_view_set_bounds`.
@MainActor
private func setRect(
    _ function: StaticString, _ view: OpaquePointer?, _ rect: tactile_rect, _ name: String,
    _ property: ReferenceWritableKeyPath<View, Rect>
) -> tactile_status {
    api(function) { () throws(APIError) in
        let entry = try Lookup.view(view)
        entry.view[keyPath: property] = try Rect(rect, name)
        return TACTILE_OK
    }
}

/// `tactile_view_get_frame` and `tactile_view_get_bounds`.
@MainActor
private func getRect(
    _ function: StaticString, _ view: OpaquePointer?, _ rect: UnsafeMutablePointer<tactile_rect>?, _ name: String,
    _ property: KeyPath<View, Rect>
) -> tactile_status {
    api(function) { () throws(APIError) in
        let entry = try Lookup.view(view)
        try Lookup.out(rect, name).pointee = tactile_rect(entry.view[keyPath: property])
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_create(
    _ application: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ frame: tactile_rect,
    _ view: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_view_create") { () throws(APIError) in
        let app = try Lookup.application(application)
        let out = try Lookup.out(view, "view")
        let made = CallbackView(frame: try Rect(frame, "frame"))
        if let name {
            let name = String(cString: name)
            made.name = name
            app.namedViews[name] = made
        }
        made.application = app
        made.handle = app.handle(for: made)
        out.pointee = made.handle.pointer
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_destroy(_ view: OpaquePointer?) -> tactile_status {
    api("tactile_view_destroy") { () throws(APIError) in
        guard view != nil else { return TACTILE_OK }
        let entry = try Lookup.view(view)
        let app = entry.application
        guard entry.view !== app.instance.window else {
            throw .state("the window cannot be destroyed; destroy the application")
        }
        entry.view.removeFromSuperview()
        if let made = entry.view as? CallbackView { made.callback = nil }
        if let name = entry.view.name, app.namedViews[name] === entry.view { app.namedViews[name] = nil }
        if let handle = app.viewHandles.removeValue(forKey: ObjectIdentifier(entry.view)) {
            ThreadState.current.remove(handle)
        }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_add_subview(_ view: OpaquePointer?, _ subview: OpaquePointer?) -> tactile_status {
    api("tactile_view_add_subview") { () throws(APIError) in
        let (parent, child) = try ViewEntry.subviewPair(view, subview)
        parent.view.addSubview(child.view)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_insert_subview(_ view: OpaquePointer?, _ subview: OpaquePointer?, _ index: Int) -> tactile_status {
    api("tactile_view_insert_subview") { () throws(APIError) in
        let (parent, child) = try ViewEntry.subviewPair(view, subview)
        let others = parent.view.subviews.count(where: { $0 !== child.view })
        guard index >= 0, index <= others else {
            throw .invalid("index \(index) is beyond the \(others) other subviews")
        }
        parent.view.insertSubview(child.view, at: index)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_remove_from_superview(_ view: OpaquePointer?) -> tactile_status {
    api("tactile_view_remove_from_superview") { () throws(APIError) in
        try Lookup.view(view).view.removeFromSuperview()
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_set_frame(_ view: OpaquePointer?, _ frame: tactile_rect) -> tactile_status {
    setRect("tactile_view_set_frame", view, frame, "frame", \.frame)
}

@c @implementation @MainActor
public func tactile_view_get_frame(_ view: OpaquePointer?, _ frame: UnsafeMutablePointer<tactile_rect>?) -> tactile_status {
    getRect("tactile_view_get_frame", view, frame, "frame", \.frame)
}

@c @implementation @MainActor
public func tactile_view_set_bounds(_ view: OpaquePointer?, _ bounds: tactile_rect) -> tactile_status {
    setRect("tactile_view_set_bounds", view, bounds, "bounds", \.bounds)
}

@c @implementation @MainActor
public func tactile_view_get_bounds(_ view: OpaquePointer?, _ bounds: UnsafeMutablePointer<tactile_rect>?) -> tactile_status {
    getRect("tactile_view_get_bounds", view, bounds, "bounds", \.bounds)
}

@c @implementation @MainActor
public func tactile_view_set_center(_ view: OpaquePointer?, _ center: tactile_point) -> tactile_status {
    api("tactile_view_set_center") { () throws(APIError) in
        let entry = try Lookup.view(view)
        entry.view.center = Point(x: try Lookup.finite(center.x, "center.x"), y: try Lookup.finite(center.y, "center.y"))
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_get_center(_ view: OpaquePointer?, _ center: UnsafeMutablePointer<tactile_point>?) -> tactile_status {
    api("tactile_view_get_center") { () throws(APIError) in
        let entry = try Lookup.view(view)
        let point = entry.view.center
        try Lookup.out(center, "center").pointee = tactile_point(x: point.x, y: point.y)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_set_transform(_ view: OpaquePointer?, _ transform: tactile_transform) -> tactile_status {
    api("tactile_view_set_transform") { () throws(APIError) in
        let entry = try Lookup.view(view)
        let t = transform
        for (value, name) in [(t.a, "a"), (t.b, "b"), (t.c, "c"), (t.d, "d"), (t.tx, "tx"), (t.ty, "ty")] {
            _ = try Lookup.finite(value, "transform.\(name)")
        }
        guard t.a * t.d - t.b * t.c != 0 else {
            throw .invalid("the transform is not invertible (a·d − b·c = 0): touches could not be located in the view")
        }
        entry.view.transform = AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_get_transform(
    _ view: OpaquePointer?, _ transform: UnsafeMutablePointer<tactile_transform>?
) -> tactile_status {
    api("tactile_view_get_transform") { () throws(APIError) in
        let entry = try Lookup.view(view)
        let t = entry.view.transform
        try Lookup.out(transform, "transform").pointee = tactile_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_set_alpha(_ view: OpaquePointer?, _ alpha: Double) -> tactile_status {
    api("tactile_view_set_alpha") { () throws(APIError) in
        let entry = try Lookup.view(view)
        let alpha = try Lookup.finite(alpha, "alpha")
        guard (0...1).contains(alpha) else { throw .invalid("alpha \(alpha) is not within 0…1") }
        entry.view.alpha = alpha
        return TACTILE_OK
    }
}

/// The flag's property of a view.
@MainActor
private func flagPath(_ flag: tactile_view_flag) throws(APIError) -> ReferenceWritableKeyPath<View, Bool> {
    switch flag {
    case TACTILE_VIEW_USER_INTERACTION_ENABLED: \.isUserInteractionEnabled
    case TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED: \.isMultipleTouchEnabled
    case TACTILE_VIEW_EXCLUSIVE_TOUCH: \.isExclusiveTouch
    case TACTILE_VIEW_HIDDEN: \.isHidden
    case TACTILE_VIEW_CLIPS_TO_BOUNDS: \.clipsToBounds
    default: throw .invalid("flag \(flag.rawValue) is not a tactile_view_flag")
    }
}

@c @implementation @MainActor
public func tactile_view_set_flag(_ view: OpaquePointer?, _ flag: tactile_view_flag, _ value: Bool) -> tactile_status {
    api("tactile_view_set_flag") { () throws(APIError) in
        let entry = try Lookup.view(view)
        entry.view[keyPath: try flagPath(flag)] = value
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_get_flag(
    _ view: OpaquePointer?, _ flag: tactile_view_flag, _ value: UnsafeMutablePointer<Bool>?
) -> tactile_status {
    api("tactile_view_get_flag") { () throws(APIError) in
        let entry = try Lookup.view(view)
        let path = try flagPath(flag)
        try Lookup.out(value, "value").pointee = entry.view[keyPath: path]
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_convert_from_window(
    _ view: OpaquePointer?, _ point: tactile_point, _ converted: UnsafeMutablePointer<tactile_point>?
) -> tactile_status {
    api("tactile_view_convert_from_window") { () throws(APIError) in
        let entry = try Lookup.view(view)
        let out = try Lookup.out(converted, "converted")
        let result = entry.view.convert(
            Point(x: try Lookup.finite(point.x, "point.x"), y: try Lookup.finite(point.y, "point.y")), from: nil)
        out.pointee = tactile_point(x: result.x, y: result.y)
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_view_set_touch_callback(
    _ view: OpaquePointer?, _ callback: tactile_touch_callback?, _ user_data: UnsafeMutableRawPointer?
) -> tactile_status {
    api("tactile_view_set_touch_callback") { () throws(APIError) in
        let entry = try Lookup.view(view)
        guard let made = entry.view as? CallbackView else {
            throw .state(
                "\"\(entry.view.logName)\" is a scene's view or the window: its touches are handled as the scene says")
        }
        made.callback = callback
        made.userData = user_data
        return TACTILE_OK
    }
}
