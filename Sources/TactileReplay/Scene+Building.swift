import Tactile

extension Scene {
    /// Builds the live objects: an ``Application`` with one window of ``windowSize`` at the screen's origin,
    /// the view tree in file order (back to front), the recognizers with their failure requirements and the
    /// simultaneous pairs.
    ///
    /// Plain views are built as views that forward their touches (or keep them, with `handlesTouches`),
    /// controls as ``Control``. The delivery log names each view and recognizer by its scene name.
    ///
    /// - Parameter unavailableRecognizers: what to do with a recognizer or view kind this build cannot create.
    /// - Throws: ``SceneError`` for an unavailable kind under ``UnavailablePolicy/fail``.
    public func instantiate(unavailableRecognizers: UnavailablePolicy = .fail) throws(SceneError) -> SceneInstance {
        let application = Application()
        application.name = "application"
        let window = Window(name: "window", frame: Rect(origin: .zero, size: windowSize))
        application.addWindow(window)
        var builder = Builder(scene: self, policy: unavailableRecognizers)
        for spec in views {
            window.addSubview(try builder.makeView(spec))
        }
        try builder.wireRecognizers()
        builder.summarizeUnavailableRecognizers()
        return SceneInstance(
            scene: self, application: application, window: window, views: builder.views,
            recognizers: builder.recognizers, warnings: builder.warnings, retained: builder.retained)
    }

    /// Builds a scene step by step, collecting names and warnings.
    private struct Builder {
        let scene: Scene
        let policy: UnavailablePolicy
        let factory = RecognizerFactory()
        var views: [String: View] = [:]
        var recognizers: [String: GestureRecognizer] = [:]
        var warnings: [String] = []
        var retained: [AnyObject] = []
        /// Recognizers built, with their specs, in tree order.
        var built: [(spec: RecognizerSpec, recognizer: GestureRecognizer)] = []
        /// Recognizers left out under ``UnavailablePolicy/skipWithWarning``.
        var leftOut: [RecognizerSpec] = []

        init(scene: Scene, policy: UnavailablePolicy) {
            self.scene = scene
            self.policy = policy
        }

        mutating func unavailable(_ what: String, path: String, fallback: String) throws(SceneError) {
            let error = SceneError(file: scene.file, path: path, reason: "\(what) is not available in this build")
            switch policy {
            case .fail: throw error
            case .skipWithWarning: warnings.append("\(error) (\(fallback))")
            }
        }

        mutating func makeView(_ spec: ViewSpec) throws(SceneError) -> View {
            let view: View
            switch spec.kind {
            case .view(let handlesTouches):
                view = SceneView(handlesTouches: handlesTouches)
            case .control(let isEnabled):
                let control = Control(frame: .zero)
                control.isEnabled = isEnabled
                view = control
            case .scrollView(let scrollSpec):
                if let scrollView = factory.makeScrollView(scrollSpec) {
                    view = scrollView
                } else {
                    try unavailable("view kind 'scrollView'", path: spec.path + ".kind", fallback: "built as a plain view")
                    view = SceneView(handlesTouches: false)
                }
            }
            view.name = spec.name
            switch spec.geometry {
            case .frame(let frame):
                view.frame = frame
            case .layout(let bounds, let center, let transform):
                view.bounds = bounds
                view.center = center
                view.transform = transform
            }
            view.isHidden = spec.flags.isHidden
            view.alpha = spec.flags.alpha
            view.isUserInteractionEnabled = spec.flags.isUserInteractionEnabled
            view.isMultipleTouchEnabled = spec.flags.isMultipleTouchEnabled
            view.isExclusiveTouch = spec.flags.isExclusiveTouch
            view.clipsToBounds = spec.flags.clipsToBounds
            if let name = spec.name { views[name] = view }
            for subview in spec.subviews {
                view.addSubview(try makeView(subview))
            }
            for recognizerSpec in spec.recognizers {
                if let recognizer = factory.makeRecognizer(recognizerSpec, on: view) {
                    built.append((recognizerSpec, recognizer))
                    if let name = recognizerSpec.name { recognizers[name] = recognizer }
                } else {
                    switch policy {
                    case .fail:
                        throw SceneError(
                            file: scene.file, path: recognizerSpec.path + ".kind",
                            reason: "recognizer kind '\(recognizerSpec.kind.name)' is not available in this build")
                    case .skipWithWarning:
                        leftOut.append(recognizerSpec)
                    }
                }
            }
            return view
        }

        /// One warning for all the recognizers left out (a scene has many; the reason is the same).
        mutating func summarizeUnavailableRecognizers() {
            guard !leftOut.isEmpty else { return }
            var kinds: [String] = []
            for spec in leftOut where !kinds.contains(spec.kind.name) { kinds.append(spec.kind.name) }
            let names = leftOut.map { $0.name ?? $0.path }.joined(separator: ", ")
            let count = leftOut.count == 1 ? "1 recognizer" : "\(leftOut.count) recognizers"
            warnings.append(
                "\(scene.file): \(count) left out (\(names)): recognizer kind\(kinds.count == 1 ? "" : "s") "
                    + "\(kinds.map { "'\($0)'" }.joined(separator: ", ")) not available in this build")
        }

        /// Failure requirements and simultaneous pairs, among the recognizers that were built.
        mutating func wireRecognizers() throws(SceneError) {
            for (spec, recognizer) in built {
                for name in spec.requireToFail {
                    if let other = recognizers[name] { factory.require(recognizer, toFail: other) }
                }
            }
            if let delegate = factory.makeSimultaneityDelegate(pairs: scene.simultaneous, recognizers: recognizers) {
                retained.append(delegate)
            }
        }
    }
}
