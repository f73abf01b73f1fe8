import Foundation
import Testing

@testable import Tactile
@testable import TactileReplay

/// Dropping an application frees everything it built, also with touches down, withheld or claimed: the
/// reference cycles through touches, windows, views and recognizers are broken when it goes away.
@Suite("No leaks: dropping an application frees its scene")
struct LeakTests {
    /// Weak references to everything a scene instance made, checked after it is dropped.
    struct Survivors {
        var objects: [(name: String, object: () -> AnyObject?)] = []
        mutating func watch(_ name: String, _ object: AnyObject) {
            weak let reference = object
            objects.append((name, { reference }))
        }
        var alive: [String] { objects.filter { $0.object() != nil }.map(\.name) }
    }

    nonisolated static let scenes = ["default", "Traces/scenes/button-list.json", "Traces/scenes/photo-viewer.json", "Traces/scenes/drawing-canvas.json"]

    /// Builds a scene, puts three fingers down across it, moves them, lifts one, and returns weak references.
    func driveAndDrop(_ sceneName: String, lift: Bool, cancelAll: Bool) throws -> Survivors {
        var survivors = Survivors()
        try {
            let scene = sceneName == "default" ? Scene.defaultScene() : try Scene.load(path: Package.path(sceneName))
            let instance = try scene.instantiate()
            let driver = SceneDriver(instance: instance) { _ in }
            let size = instance.window.bounds.size
            let points = [0.25, 0.5, 0.75].map { Point(x: size.width * $0, y: size.height * 0.5) }
            driver.send(TouchFrame(timestamp: .zero, contacts: points.enumerated().map {
                TouchContact(id: .init(UInt64($0.offset + 1)), phase: .began, location: $0.element)
            }))
            driver.send(TouchFrame(timestamp: Timestamp(seconds: 0.05), contacts: points.enumerated().map {
                TouchContact(id: .init(UInt64($0.offset + 1)), phase: .moved, location: $0.element + Point(x: 30, y: 5))
            }))
            if lift {
                driver.send(TouchFrame(timestamp: Timestamp(seconds: 0.1), contacts: [
                    TouchContact(id: .init(3), phase: .ended, location: points[2] + Point(x: 30, y: 5))
                ]))
            }
            if cancelAll { driver.cancelAllTouches(at: Timestamp(seconds: 0.2)) }
            survivors.watch("application", instance.application)
            survivors.watch("window", instance.window)
            survivors.watch("driver", driver)
            for (name, view) in instance.views { survivors.watch("view \(name)", view) }
            for (name, recognizer) in instance.recognizers { survivors.watch("recognizer \(name)", recognizer) }
            for touch in instance.application.dispatcher.event.storage.value.touchList {
                survivors.watch("touch \(touch.id)", touch)
            }
            for touch in instance.application.dispatcher.arena.storage.value.viewDelivery.heldTouches {
                survivors.watch("held touch \(touch.id)", touch)
            }
        }()
        return survivors
    }

    @Test("Touches down, moved, one lifted (its ended withheld or delivered): everything is freed", arguments: scenes)
    func touchesDown(_ scene: String) throws {
        let survivors = try driveAndDrop(scene, lift: true, cancelAll: false)
        #expect(survivors.objects.count > 5)
        #expect(survivors.alive == [])
    }

    @Test("Touches down, never lifted: everything is freed", arguments: scenes)
    func touchesNeverLifted(_ scene: String) throws {
        let alive = try driveAndDrop(scene, lift: false, cancelAll: false).alive
        #expect(alive == [], "\(alive)")
    }

    @Test("After cancelAllTouches: everything is freed", arguments: scenes)
    func afterCancel(_ scene: String) throws {
        #expect(try driveAndDrop(scene, lift: true, cancelAll: true).alive == [])
    }

    /// A view that keeps every touch it is given (UIKit advises against it; tests and apps do it anyway).
    final class HoardingView: View {
        var touches: [Touch] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { self.touches += touches }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { self.touches += touches }
    }

    @Test("A view that keeps its touches does not keep itself and its window alive; the touch still names them")
    func hoardedTouches() {
        weak var weakWindow: Window?
        weak var weakView: View?
        weak var weakTouch: Touch?
        do {
            let app = Application()
            let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let view = HoardingView(name: "hoarder", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(view)
            app.addWindow(window)
            let point = Point(x: 50, y: 50)
            app.send(TouchFrame(timestamp: .zero, contacts: [TouchContact(id: .init(1), phase: .began, location: point)]))
            app.send(TouchFrame(timestamp: Timestamp(seconds: 0.1), contacts: [TouchContact(id: .init(1), phase: .ended, location: point)]))
            let touch = view.touches.last
            // After its end the touch still names its view and window (while they live).
            #expect(touch?.view === view && touch?.window === window)
            #expect(touch?.location(in: view) == point)
            weakWindow = window
            weakView = view
            weakTouch = touch
        }
        #expect(weakWindow == nil && weakView == nil && weakTouch == nil)
    }
}
