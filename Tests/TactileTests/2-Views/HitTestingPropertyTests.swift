import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

/// Counts kept across the cases of one property, to show that the property was not vacuous.
private struct Tally {
    var compared = 0, hits = 0, misses = 0, exactEdges = 0, subviewHits = 0
    /// Points skipped because rounding may decide them: chosen on an edge of a view with an inexact transform,
    /// or (rarely) a random screen point that happens to be that close to an edge.
    var ambiguousOnEdges = 0, ambiguousOnScreen = 0
}

@Suite struct HitTestingPropertyTests {
    @Test("For random view forests and points, hit-testing matches a brute-force oracle, per window and across windows")
    func hitTestMatchesOracle() async {
        var tally = Tally()
        let points = PointSpec.generator.array(of: 1...12)
        await propertyCheck(count: PropertyCases.count(200), input: SceneSpec.generator, points) { spec, points in
            let scene = Scene(spec)
            for pointSpec in points {
                let p = pointSpec.screenPoint(in: scene)
                if scene.isAmbiguous(p) {
                    if pointSpec.onScreen == nil { tally.ambiguousOnEdges += 1 } else { tally.ambiguousOnScreen += 1 }
                    continue
                }
                tally.compared += 1
                if pointSpec.onScreen == nil, [pointSpec.u, pointSpec.v].contains(where: { $0 == 0 || $0 == 1 }) {
                    tally.exactEdges += 1
                }
                let expected = scene.expectedHit(at: p)
                let actual = scene.application.hitTest(p, with: nil)
                if let expected {
                    tally.hits += 1
                    if scene.parents[expected] != nil { tally.subviewHits += 1 }
                } else {
                    tally.misses += 1
                }
                #expect(actual?.logName == expected.map { "\($0)" }, "application at \(p) for \(pointSpec)")
                for root in scene.windows {
                    let window = scene.views[root]
                    let hit = window.convertFromSuperview(p).flatMap { window.hitTest($0, with: nil) }
                    #expect(hit?.logName == scene.expectedHit(inWindow: root, at: p).map { "\($0)" },
                            "window \(root) at \(p) for \(pointSpec)")
                }
            }
        }
        print("hit-test oracle: \(tally.compared) points compared (\(tally.hits) hits of which \(tally.subviewHits) "
            + "below a window, \(tally.misses) misses, "
            + "\(tally.exactEdges) on exact corners or edges); skipped within 1e-7 of an inexact edge: "
            + "\(tally.ambiguousOnEdges) chosen there, \(tally.ambiguousOnScreen) random")
        #expect(tally.hits > tally.compared / 6 && tally.subviewHits > tally.compared / 30, "too few hits: \(tally)")
        #expect(tally.misses > 0 && tally.exactEdges > 0)
        #expect(tally.ambiguousOnScreen < tally.compared / 50)
    }

    @Test("For random view forests, convert(_:to:) and convert(_:from:) agree with the oracle and round-trip")
    func conversionMatchesOracle() async {
        let pairs = zip(
            Gen.int(in: 0...999), Gen.int(in: 0...999), Gen.double(in: -300...300), Gen.double(in: -300...300)
        ).array(of: 1...6)
        var compared = 0
        await propertyCheck(count: PropertyCases.count(200), input: SceneSpec.generator, pairs) { spec, pairs in
            let scene = Scene(spec)
            let n = spec.nodes.count
            for (ia, ib, x, y) in pairs {
                let (i, j) = (ia % n, ib % n)
                let (a, b) = (scene.views[i], scene.views[j])
                let p = Point(x: x, y: y)
                // The oracle goes through screen space: every view from a and b up to their roots must be invertible.
                guard let screenToB = scene.screenToLocal[j], scene.screenToLocal[i] != nil else { continue }
                compared += 1
                let screen = scene.localToScreen[i].apply(p)
                let expected = screenToB.apply(screen)
                let scale = [p, screen, expected].reduce(1) { Swift.max($0, abs($1.x), abs($1.y)) }
                let there = a.convert(p, to: b)
                #expect(isClose(there, expected, tolerance: 1e-6 * scale), "\(i) → \(j) of \(p)")
                #expect(isClose(b.convert(p, from: a), there, tolerance: 1e-9 * scale))
                #expect(isClose(b.convert(there, to: a), p, tolerance: 1e-6 * scale), "round trip \(i) → \(j)")
                #expect(isClose(a.convert(there, from: b), p, tolerance: 1e-6 * scale))
                // nil: the window's coordinates.
                let window = a.window ?? a
                #expect(isClose(a.convert(p, to: nil), a.convert(p, to: window), tolerance: 1e-9 * scale))
                // Rectangles: the box around the four converted corners.
                let rect = Rect(x: p.x, y: p.y, width: abs(x) / 3, height: abs(y) / 5)
                let corners = [
                    Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                    Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
                ].map { screenToB.apply(scene.localToScreen[i].apply($0)) }
                #expect(isClose(a.convert(rect, to: b), Rect.bounding(corners), tolerance: 1e-6 * scale * 2))
            }
        }
        #expect(compared > 200)
    }
}
