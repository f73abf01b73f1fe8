import Foundation
import TactileTestSupport
import Testing

@testable import TactileReplay

/// Issue 34, "Huge finite values" (found by fuzzing): every number the logs write is valid and faithful, and a scene
/// number that makes no geometric sense is refused with its JSON path.
@Suite("Huge finite values", .serialized)
struct HugeValueTests {
    @Test("A JSON coordinate is rounded to 0.001 while its thousandths are below 2⁵³, then written as it is", arguments: [
        (123.4564, 123.456),
        (-0.0004, 0),
        (9_000_000_000_000.125, 9_000_000_000_000.125),  // thousandths below 2⁵³: rounded, exactly
        (10_000_000_000_000.5, 10_000_000_000_000.5),  // above: as it is
        (1.8e305, 1.8e305),  // was -inf: 1.8e305 × 1000 overflowed
        (1e308, 1e308),
        (-1e308, -1e308),
        (Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude),
    ] as [(Double, Double)])
    func jsonCoordinate(value: Double, readsBack: Double) throws {
        let text = JSONField.coordinate(value)
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [NSNumber]
        #expect(parsed?.first?.doubleValue == readsBack, "\(text)")
        #expect(!text.contains("inf") && !text.contains("nan"))
    }

    @Test("A text position has one decimal while its tenths are below 2⁵³, then is written as it is", arguments: [
        (120.04, "120.0"),
        (-3.45, "-3.5"),
        (900_000_000_000_000.5, "900000000000000.5"),
        (1_000_000_000_000_000.5, "1000000000000000.5"),
        (1e308, "1e+308"),
        (-1e308, "-1e+308"),
    ] as [(Double, String)])
    func textPosition(value: Double, text: String) {
        #expect(ReplayLogPrinter.oneDecimal(value) == text)
    }

    /// A scene with `number` as its window's width and height, or in its calibration's first coefficient.
    static func scene(width: String = "400", calibration: String = "1") -> String {
        temporaryFile(
            #"{"version": 1, "window": {"width": \#(width), "height": \#(width)}, "screen": {"calibration": [\#(calibration), 0, 0, 0, 1, 0]}}"#,
            name: "scene.json")
    }

    @Test("A scene's numbers lie within ±10⁹: the bound is taken, one step beyond it is refused with its JSON path")
    func sceneBound() throws {
        for (width, calibration) in [("1e9", "1"), ("400", "1e9"), ("400", "-1e9")] {
            let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", Self.scene(width: width, calibration: calibration), "--json"])
            #expect(result.status == 0, "\(width) \(calibration): \(result.errors)")
            for line in result.outputLines {
                #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], "\(line)")
            }
        }
        let wide = Self.scene(width: "1000000001")
        expectOneLineError(
            try Tactile.run(["replay", "Traces/tap.evemu", "--scene", wide]),
            "\(wide): window.width: 1000000001.0 is out of range: a scene's numbers lie within ±1000000000 (10⁹)")
        for coefficient in ["5e307", "-1000000001"] {
            let scene = Self.scene(calibration: coefficient)
            let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", scene])
            #expect(result.status == 1)
            #expect(result.errorLines.first?.hasPrefix("\(scene): screen.calibration[0]: ") == true, "\(result.errors)")
            #expect(result.errors.contains("is out of range: a scene's numbers lie within ±1000000000 (10⁹)"))
        }
    }

    @Test("A huge window at the bound: the JSON log is JSON and the text log has no inf, with the largest coordinates")
    func logsAtTheBound() throws {
        let scene = Self.scene(width: "1e9")
        let json = try Tactile.run(["replay", "Traces/pan.evemu", "--scene", scene, "--json"])
        let text = try Tactile.run(["replay", "Traces/pan.evemu", "--scene", scene, "--positions", "--explain"])
        #expect(json.status == 0 && text.status == 0)
        for line in json.outputLines { #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any]) }
        #expect(!text.output.contains("inf") && !text.output.contains("nan"))
    }

    @Test("Issue 37: a flick through the scroll pager at the calibration bound: the offsets stay finite and it comes to rest",
          arguments: ["1e9 0 0 0 1e9 0", "-1e9 0 0 0 -1e9 0", "1e9 0 -1e9 0 1e9 -1e9"])
    func scrollAtTheCalibrationBound(calibration: String) throws {
        for trace in ["Traces/swipe.evemu", "Traces/pan.evemu"] {
            let text = try Tactile.run(["replay", trace, "--scene", "Traces/scenes/scroll-pager.json",
                                        "--calibration=\(calibration)", "--explain"])
            #expect(text.status == 0, "\(text.errors)")
            #expect(!text.output.contains("inf") && !text.output.contains("nan"), "\(trace) \(calibration)")
            // Every scroll that began came to rest (no motion left running at the end of the trace).
            let began = text.outputLines.filter { $0.contains("pager: dragging from") }.count
            let rested = text.outputLines.filter { $0.contains("pager: came to rest at") }.count
            #expect(began == 0 || rested >= 1, "\(trace) \(calibration): \(began) drags, \(rested) rests")
            let json = try Tactile.run(["replay", trace, "--scene", "Traces/scenes/scroll-pager.json",
                                        "--calibration=\(calibration)", "--json"])
            for line in json.outputLines {
                #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], "\(line)")
            }
        }
    }

    @Test("--calibration takes coefficients within ±10⁹, as a scene does")
    func calibrationOption() throws {
        #expect(try Tactile.run(["replay", "Traces/tap.evemu", "--calibration", "1e9 0 0 0 1 0"]).status == 0)
        expectUsageError(
            try Tactile.run(["replay", "Traces/tap.evemu", "--calibration", "5e307 0 0 0 1 0"]),
            "--calibration takes six numbers 'a b c d e f' within ±1000000000, such as '1 0 0 0 1 0' (got '5e307 0 0 0 1 0')")
    }
}
