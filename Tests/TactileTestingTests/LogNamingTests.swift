import Tactile
import TactileTesting
import Testing

/// Issue 34: one naming rule for the window and the application in every log. These lines are copied from
/// `tactile synth tap | tactile replay - --scene canvas.json`, the scene of `GettingStarted.md` as a scene file
/// (`Tests/TactileReplayTests/CommandLine/LogNamingCommandTests.swift` checks that the tool prints them).
let linesCopiedFromTheTool = [
    "0.000s canvas: began{#1} → window → application (dropped at the end of the responder chain)",
    "canvas: ended{#1} → window → application (dropped at the end of the responder chain)",
]

@Suite("The window and the application are named alike in the tool's log and an app's")
struct LogNamingTests {
    /// The app of GettingStarted.md: an unnamed application and window, a view that does not handle touches.
    static func gettingStartedApp() -> Application {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        application.addWindow(window)
        window.addSubview(View(name: "canvas", frame: Rect(x: 0, y: 0, width: 400, height: 800)))
        return application
    }

    @Test("A line copied from tactile replay passes expectLog for the same scene built in code")
    func copiedLinesMatch() {
        let application = Self.gettingStartedApp()
        application.send(TouchFrame(timestamp: Timestamp(seconds: 0), contacts: [
            TouchContact(id: .init(1), phase: .began, location: Point(x: 100, y: 100)),
        ]))
        application.send(TouchFrame(timestamp: Timestamp(seconds: 0) + .milliseconds(80), contacts: [
            TouchContact(id: .init(1), phase: .ended, location: Point(x: 100, y: 100)),
        ]))
        expectLog(application, contains: linesCopiedFromTheTool[0], linesCopiedFromTheTool[1])
    }

    @Test("Unnamed: a window (of any class) is window, the application application, other responders their type")
    func unnamed() {
        final class MainWindow: Window {}
        final class Canvas: View {}
        #expect(Window(frame: .zero).logName == "window")
        #expect(MainWindow(frame: .zero).logName == "window")
        #expect(Application().logName == "application")
        #expect(Canvas(frame: .zero).logName == "Canvas")
        #expect(View(frame: .zero).logName == "View")
        #expect(ViewController().logName == "ViewController")
    }

    @Test("A name wins over the rule")
    func named() {
        let window = Window(name: "main", frame: .zero)
        let application = Application()
        application.name = "app"
        #expect(window.logName == "main" && application.logName == "app")
    }
}
