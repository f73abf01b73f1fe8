import Tactile

/// The live objects built from a ``Scene``: an application with one window, its views and recognizers by name.
///
/// UI objects, on the main actor.
@preconcurrency @MainActor
public final class SceneInstance {
    /// The scene it was built from.
    public let scene: Scene
    /// The application that owns the window; drive it with frames and deadlines.
    public let application: Application
    /// The scene's window, filling the screen from its origin.
    public let window: Window
    /// The named views (the window is not included).
    public let views: [String: View]
    /// The named recognizers, by name (a scroll view's own pan is not among them).
    public let recognizers: [String: GestureRecognizer]
    /// Objects the scene must keep alive for as long as the application runs (delegates, targets).
    let retained: [AnyObject]

    init(
        scene: Scene, application: Application, window: Window, views: [String: View],
        recognizers: [String: GestureRecognizer], retained: [AnyObject]
    ) {
        self.scene = scene
        self.application = application
        self.window = window
        self.views = views
        self.recognizers = recognizers
        self.retained = retained
    }
}
