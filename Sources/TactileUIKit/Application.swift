// `UIApplication.shared`: UIKit makes the one application in `UIApplicationMain`; a Tactile app creates its
// `Application` itself (one per screen or per replay), so it names the one UIKit code reaches as `shared`.

extension Application {
    /// The application UIKit code reaches as `UIApplication.shared`: the one the app set here, as
    /// `UIApplication.shared = application` where it creates it (held weakly). Reading it before one is set,
    /// or after that application was released, stops the program with a message saying so: UIKit code that uses
    /// `shared` has no other way to go on.
    ///
    /// Set and read on the main actor, as every UI object.
    public static var shared: Application {
        get {
            guard let application = SharedApplication.current else {
                fatalError(
                    "UIApplication.shared: no application is set; write `UIApplication.shared = application` "
                        + "where the app creates its Application"
                )
            }
            return application
        }
        set { SharedApplication.current = newValue }
    }
}

/// The weak reference behind `Application/shared`.
@MainActor
private enum SharedApplication {
    /// On the main actor with the rest of the UI.
    static weak var current: Application?
}
