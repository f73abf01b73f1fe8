import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

@Suite struct ViewGeometryTests {
    @Test("Changing the bounds size keeps the center and grows the frame around it")
    func boundsSizeKeepsCenter() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        v.bounds.size = Size(width: 200, height: 50)
        #expect(v.center == Point(x: 50, y: 50))
        #expect(v.frame == Rect(x: -50, y: 25, width: 200, height: 50))
    }

    @Test("Changing the bounds origin moves the content, not the frame")
    func boundsOriginKeepsFrame() {
        let v = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        v.bounds.origin = Point(x: 30, y: -20)
        #expect(v.frame == Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(v.convertToSuperview(Point(x: 30, y: -20)) == Point(x: 10, y: 10))
    }

    @Test("Setting the center moves the frame and keeps the bounds")
    func centerMovesFrame() {
        let v = View(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        v.center = Point(x: 100, y: 100)
        #expect(v.frame == Rect(x: 80, y: 90, width: 40, height: 20))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 40, height: 20))
    }

    @Test("A transform changes the frame, not the center nor the bounds")
    func transformKeepsCenterAndBounds() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        v.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(v.center == Point(x: 50, y: 25))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.frame == Rect(x: -50, y: -25, width: 200, height: 100))
        v.transform = AffineTransform(rotationAngle: pi / 2)
        #expect(isClose(v.frame, Rect(x: 25, y: -25, width: 50, height: 100)))
    }

    @Test("A transform's translation moves the frame, as UIKit's CGAffineTransform(translationX:y:)")
    func translationMovesFrame() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        v.transform = AffineTransform(translationX: 30, y: -10)
        #expect(v.frame == Rect(x: 30, y: -10, width: 100, height: 50))
        #expect(v.center == Point(x: 50, y: 25))
    }

    @Test("A 45° rotation gives the frame the box around the rotated bounds")
    func rotatedFrame() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        v.transform = AffineTransform(rotationAngle: pi / 4)
        let half = 50 * 2.0.squareRoot()
        #expect(isClose(v.frame, Rect(x: 50 - half, y: 50 - half, width: 2 * half, height: 2 * half)))
    }

    @Test("The anchor point places the bounds around the center, and the transform turns about it")
    func anchorPoint() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        v.anchorPoint = .zero
        // CALayer keeps the position (center) when the anchor point changes.
        #expect(v.center == Point(x: 50, y: 25))
        #expect(v.frame == Rect(x: 50, y: 25, width: 100, height: 50))
        v.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(v.center == .zero)
        v.transform = AffineTransform(rotationAngle: pi / 2)
        #expect(isClose(v.frame, Rect(x: -50, y: 0, width: 50, height: 100)))
    }

    @Test("Setting the frame of a scaled view sets the bounds size the transform maps to it")
    func frameOfScaledView() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        v.transform = AffineTransform(scaleX: 2, y: 4)
        v.frame = Rect(x: 10, y: 20, width: 100, height: 200)
        #expect(v.bounds.size == Size(width: 50, height: 50))
        #expect(v.center == Point(x: 60, y: 120))
        #expect(v.frame == Rect(x: 10, y: 20, width: 100, height: 200))
    }

    @Test("Setting the frame of a quarter-turned view swaps width and height into the bounds")
    func frameOfQuarterTurnedView() {
        let v = View()
        v.transform = AffineTransform(rotationAngle: pi / 2)
        v.frame = Rect(x: 0, y: 0, width: 30, height: 80)
        #expect(isClose(v.bounds.width, 80) && isClose(v.bounds.height, 30))
        #expect(isClose(v.frame, Rect(x: 0, y: 0, width: 30, height: 80)))
    }

    @Test("Setting the frame of a 45°-rotated view keeps the bounds size and honours the origin")
    func frameOfDiagonalView() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        v.transform = AffineTransform(rotationAngle: pi / 4)
        v.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(v.bounds.size == Size(width: 100, height: 100))
        #expect(isClose(v.frame.origin, .zero))
    }

    @Test("A frame with a negative size is standardized")
    func negativeFrame() {
        let v = View(frame: Rect(x: 10, y: 10, width: -20, height: 30))
        #expect(v.frame == Rect(x: -10, y: 10, width: 20, height: 30))
        #expect(v.bounds.size == Size(width: 20, height: 30))
    }

    @Test("For random transforms (not near 45° turns) and anchors, a moved and scaled frame reads back as set")
    func frameRoundTripProperty() async {
        let transforms = zip(
            Gen.int(in: 0...3), Gen.double(in: -0.3...0.3), Gen.double(in: 0.2...5), Gen.double(in: 0.2...5),
            Gen.double(in: -1e3...1e3), Gen.double(in: -1e3...1e3)
        ).map { quarter, jitter, sx, sy, tx, ty in
            AffineTransform(scaleX: sx, y: sy).rotated(by: Double(quarter) * pi / 2 + jitter)
                .concatenating(AffineTransform(translationX: tx, y: ty))
        }
        let views = zip(
            Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 1...500), Gen.double(in: 1...500),
            Gen.double(in: -1e3...1e3)
        )
        let changes = zip(Gen.double(in: -1e3...1e3), Gen.double(in: -1e3...1e3), Gen.double(in: 0.1...10))
        await propertyCheck(count: PropertyCases.count(200), input: transforms, views, changes) { transform, view, change in
            let (ax, ay, width, height, origin) = view
            let (dx, dy, k) = change
            let v = View(frame: Rect(x: 0, y: 0, width: width, height: height))
            v.bounds.origin = Point(x: origin, y: -origin)
            v.anchorPoint = Point(x: ax, y: ay)
            v.transform = transform
            let old = v.frame
            let new = Rect(x: old.minX + dx, y: old.minY + dy, width: old.width * k, height: old.height * k)
            v.frame = new
            #expect(isClose(v.frame, new, tolerance: 1e-6), "\(transform) anchor \(v.anchorPoint)")
            #expect(isClose(v.bounds.width, width * k, tolerance: 1e-6))
            #expect(isClose(v.bounds.height, height * k, tolerance: 1e-6))
            #expect(v.bounds.origin == Point(x: origin, y: -origin) && v.transform == transform)
        }
    }
}
