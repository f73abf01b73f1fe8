import FuzzSupport
import Foundation
import Tactile
import TactileReplay

/// The scene decoder and scene building on arbitrary bytes; a scene that decodes is built and driven through a
/// short gesture (two fingers down, moved, one lifted, then the input ends), with the lifecycle ledgers on
/// every named view, then dropped (LeakSanitizer sees anything it leaves behind).
@_cdecl("LLVMFuzzerTestOneInput")
public nonisolated func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    onMainActor(data, size, fuzz)
}

@MainActor
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let scene: Scene
    let instance: SceneInstance
    do {
        scene = try Scene.decode(Data(bytes: data, count: size), file: "fuzz.json")
        instance = try scene.instantiate()
    } catch {
        _ = error.description
        return 0
    }
    let checked = CheckedScene(instance)
    let size = scene.windowSize
    let first = Point(x: size.width * 0.3, y: size.height * 0.4)
    let second = Point(x: size.width * 0.7, y: size.height * 0.6)
    let driver = checked.driver
    driver.send(TouchFrame(timestamp: .zero, contacts: [
        TouchContact(id: .init(1), phase: .began, location: first),
        TouchContact(id: .init(2), phase: .began, location: second),
    ]))
    driver.send(TouchFrame(timestamp: Timestamp(seconds: 0.1), contacts: [
        TouchContact(id: .init(1), phase: .moved, location: first + Point(x: 40, y: 10)),
        TouchContact(id: .init(2), phase: .moved, location: second + Point(x: -40, y: -10)),
    ]))
    driver.send(TouchFrame(timestamp: Timestamp(seconds: 0.15), contacts: [
        TouchContact(id: .init(1), phase: .ended, location: first + Point(x: 40, y: 10)),
    ]))
    driver.cancelAllTouches(at: Timestamp(seconds: 0.2))
    driver.finish(at: Timestamp(seconds: 0.2))
    checked.expectAllFinished("after cancelAllTouches and finish")
    return 0
}

@_cdecl("FuzzScene_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzOne)
}
