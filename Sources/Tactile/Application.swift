/// The object that owns windows and turns input frames into deliveries, as `UIApplication`.
///
/// STUB: the dispatcher issue fills this in.
open class Application: Responder {
    /// The windows, in the order they were added.
    public private(set) var windows: [Window] = []

    /// Creates an application with no windows. There is no shared instance.
    public override init() { super.init() }

    /// Adds a window to the application.
    public func addWindow(_ window: Window) {
        windows.append(window)
        window.application = self
    }
}
