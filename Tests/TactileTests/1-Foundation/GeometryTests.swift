import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

@Suite struct GeometryTests {
    // MARK: Rect

    @Test("A rectangle contains points half-open, as CGRect: (99,99) is inside a 100×100 rect, (100,100) is not")
    func halfOpenContainment() {
        let r = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(r.contains(Point(x: 99, y: 99)))
        #expect(r.contains(Point(x: 99.999, y: 0)))
        #expect(!r.contains(Point(x: 100, y: 100)))
        #expect(!r.contains(Point(x: 100, y: 50)))
        #expect(!r.contains(Point(x: 50, y: 100)))
        #expect(!r.contains(Point(x: -0.001, y: 50)))
    }

    @Test("An empty rectangle contains no point, and NaN is never inside")
    func emptyAndNaN() {
        #expect(!Rect(x: 5, y: 5, width: 0, height: 10).contains(Point(x: 5, y: 6)))
        #expect(!Rect(x: 0, y: 0, width: 10, height: 10).contains(Point(x: .nan, y: 5)))
        #expect(Rect(x: 5, y: 5, width: 0, height: 10).isEmpty)
        #expect(!Rect(x: 5, y: 5, width: -3, height: 10).isEmpty)
    }

    @Test("A rectangle with a negative size describes the same area as its standardized form")
    func negativeSizes() {
        let r = Rect(x: 10, y: 20, width: -4, height: -6)
        #expect(r.standardized == Rect(x: 6, y: 14, width: 4, height: 6))
        #expect(r.minX == 6 && r.maxX == 10 && r.minY == 14 && r.maxY == 20)
        #expect(r.contains(Point(x: 6, y: 14)))
        #expect(!r.contains(Point(x: 10, y: 20)))
    }

    @Test("The bounding box of points spans their extremes, and is zero for no points")
    func bounding() {
        let box = Rect.bounding([Point(x: 3, y: -1), Point(x: -2, y: 4), Point(x: 0, y: 0)])
        #expect(box == Rect(x: -2, y: -1, width: 5, height: 5))
        #expect(Rect.bounding([]) == .zero)
    }

    @Test("Outsetting grows a rectangle on every side")
    func outset() {
        let grown = Rect(x: 0, y: 0, width: 10, height: 20).outset(dx: 5, dy: 1)
        #expect(grown == Rect(x: -5, y: -1, width: 20, height: 22))
    }

    // MARK: AffineTransform

    @Test("A positive rotation turns the x axis toward +y (clockwise on a y-down screen), as CGAffineTransform")
    func rotationDirection() {
        let quarter = AffineTransform(rotationAngle: pi / 2)
        #expect(isClose(quarter.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        #expect(isClose(quarter.apply(to: Point(x: 0, y: 1)), Point(x: -1, y: 0)))
    }

    @Test("concatenating applies the receiver first: translate-then-scale differs from scale-then-translate")
    func concatenationOrder() {
        let translate = AffineTransform(translationX: 10, y: 0)
        let scale = AffineTransform(scaleX: 2, y: 3)
        #expect(translate.concatenating(scale).apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 3))
        #expect(scale.concatenating(translate).apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 3))
    }

    @Test("translatedBy, scaledBy and rotated prepend their operation, as the CGAffineTransform functions")
    func prependingOperations() {
        let t = AffineTransform(translationX: 5, y: 7)
        // CGAffineTransformScale(t, 2, 2) scales first, then translates.
        #expect(t.scaledBy(x: 2, y: 2).apply(to: Point(x: 1, y: 1)) == Point(x: 7, y: 9))
        #expect(t.translatedBy(x: 1, y: 2).apply(to: .zero) == Point(x: 6, y: 9))
        #expect(isClose(t.rotated(by: pi / 2).apply(to: Point(x: 1, y: 0)), Point(x: 5, y: 8)))
        #expect(isClose(AffineTransform.identity.rotated(by: pi / 2), AffineTransform(rotationAngle: pi / 2)))
    }

    @Test("A transform composed with its inverse is the identity")
    func inverse() throws {
        let t = AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4)
        let inverse = try #require(t.inverted)
        #expect(isClose(t.concatenating(inverse), .identity))
        #expect(isClose(inverse.concatenating(t), .identity))
        #expect(isClose(inverse.apply(to: t.apply(to: Point(x: 12, y: -5))), Point(x: 12, y: -5)))
    }

    @Test("A singular or non-finite transform has no inverse")
    func singular() {
        #expect(AffineTransform(scaleX: 0, y: 1).inverted == nil)
        #expect(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted == nil)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted == nil)
        #expect(AffineTransform(a: 1e-300, b: 0, c: 0, d: 1e-300, tx: 0, ty: 0).inverted == nil)
        #expect(AffineTransform(scaleX: 1, y: 1).inverted == .identity)
    }

    @Test("applyLinear ignores the translation, apply does not")
    func linearPart() {
        let t = AffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 2)
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 22))
        #expect(t.applyLinear(to: Point(x: 1, y: 1)) == Point(x: 2, y: 2))
    }

    @Test("Rect.applying gives the box around the transformed corners")
    func rectApplying() {
        let r = Rect(x: 0, y: 0, width: 10, height: 20).applying(AffineTransform(rotationAngle: pi / 2))
        #expect(isClose(r, Rect(x: -20, y: 0, width: 20, height: 10)))
    }

    @Test("Descriptions print integers without a fraction")
    func descriptions() {
        #expect(Point(x: 3, y: -2.5).description == "(3, -2.5)")
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).description == "(1, 2, 3×4)")
        // A value that rounds to a whole number reads as one (mapped device coordinates are rarely exact).
        #expect(Point(x: 12.000000000000002, y: 11.999).description == "(12, 12)")
        #expect(Point(x: -0.001, y: 10.204).description == "(0, 10.2)")
    }

    @Test("For random invertible transforms and points, applying the inverse undoes the transform")
    func inverseRoundTripProperty() async {
        let transforms = zip(
            Gen.double(in: -pi...pi), Gen.double(in: 0.1...10), Gen.double(in: 0.1...10),
            Gen.double(in: -1000...1000), Gen.double(in: -1000...1000)
        ).map { angle, sx, sy, tx, ty in
            AffineTransform(rotationAngle: angle).scaledBy(x: sx, y: sy).concatenating(
                AffineTransform(translationX: tx, y: ty))
        }
        let points = zip(Gen.double(in: -1e4...1e4), Gen.double(in: -1e4...1e4)).map { Point(x: $0, y: $1) }
        await propertyCheck(count: PropertyCases.count(200), input: transforms, points) { t, p in
            guard let inverse = t.inverted else {
                Issue.record("\(t) has determinant \(t.determinant) but no inverse")
                return
            }
            #expect(isClose(inverse.apply(to: t.apply(to: p)), p, tolerance: 1e-6))
        }
    }
}

/// Issue 34: huge finite coordinates are logged as the numbers they are, never `inf`.
@Suite struct HugeCoordinateFormatTests {
    @Test("A coordinate is rounded to two decimals while its hundredths are below 2⁵³, then written as it is", arguments: [
        (12.345, "12.35"),  // rounded half away from zero… as the double lies
        (11.999999, "12"),
        (-3.5, "-3.5"),
        (90_000_000_000_000.25, "90000000000000.25"),  // hundredths below 2⁵³: rounded, exactly
        (100_000_000_000_000.5, "100000000000000.5"),  // hundredths above 2⁵³: as it is
        (1.8e305, "1.8e+305"),
        (1e308, "1e+308"),
        (-1e308, "-1e+308"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ] as [(Double, String)])
    func formatsFaithfully(value: Double, text: String) {
        #expect(formatPoints(value) == text)
        #expect(!formatPoints(value).contains("inf"))
    }

    @Test("A screen-edge pan's reason for a touch 1e308 points from the edge names the distance, not inf")
    func edgeDistance() {
        let reason = "\(RecognitionReason.notNearEdge(distance: 1e308, margin: 20))"
        #expect(reason == "began 1e+308 pt from the nearest edge > 20 pt")
    }
}
