import PropertyBased
@testable import Tactile

// Random view forests for the property tests, and a brute-force hit-test oracle that shares no code with
// `View+HitTesting.swift` or `View+Conversion.swift`: it composes 3×3 matrices top-down from the scene's
// numbers, collects every eligible view, and picks the last one in paint order.

/// A 3×3 matrix in row-major order, acting on column vectors `(x, y, 1)`.
nonisolated struct Matrix3: Sendable {
    var m: [Double]

    static let identity = Matrix3(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    static func translation(_ x: Double, _ y: Double) -> Matrix3 { Matrix3(m: [1, 0, x, 0, 1, y, 0, 0, 1]) }

    /// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`: the CGAffineTransform layout written as a column matrix.
    static func affine(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) -> Matrix3 {
        Matrix3(m: [a, c, tx, b, d, ty, 0, 0, 1])
    }

    static func * (l: Matrix3, r: Matrix3) -> Matrix3 {
        var out = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                out[3 * i + j] = (0..<3).reduce(0) { $0 + l.m[3 * i + $1] * r.m[3 * $1 + j] }
            }
        }
        return Matrix3(m: out)
    }

    func apply(_ p: Point) -> Point {
        Point(x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5])
    }

    /// The determinant by cofactor expansion along the first row.
    var determinant: Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    /// The inverse by the adjugate, or `nil` for a zero (or non-finite) determinant.
    var inverse: Matrix3? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let c = m
        let adjugate = [
            c[4] * c[8] - c[5] * c[7], c[2] * c[7] - c[1] * c[8], c[1] * c[5] - c[2] * c[4],
            c[5] * c[6] - c[3] * c[8], c[0] * c[8] - c[2] * c[6], c[2] * c[3] - c[0] * c[5],
            c[3] * c[7] - c[4] * c[6], c[1] * c[6] - c[0] * c[7], c[0] * c[4] - c[1] * c[3],
        ]
        let inverse = Matrix3(m: adjugate.map { $0 / det })
        return inverse.m.allSatisfy(\.isFinite) ? inverse : nil
    }
}

/// A view's transform in a random scene, with whether its arithmetic is exact in binary floating point.
nonisolated struct TransformSpec: Sendable, CustomStringConvertible {
    var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    /// Quarter turns, dyadic scales and integer translations: the implementation and the oracle compute the same
    /// bits, so points exactly on an edge can be compared.
    var isExact: Bool
    var label: String

    var affine: AffineTransform { AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
    var description: String { label }

    static let dyadic: [Double] = [0.25, 0.5, 2, 4, -1, -0.5]

    /// Builds a transform from raw generator values: `kind` up to 4 identity, 5–7 a quarter turn with a dyadic
    /// scale and an integer translation, 8–11 dyadic scales (with a translation from 10), 12–14 a rotation,
    /// 15–16 rotation, scale and translation, 17–18 a shear, 19 a singular transform.
    init(kind: Int, angle: Double, scale: Double, s1: Int, s2: Int, tx: Int, ty: Int) {
        let d1 = Self.dyadic[s1], d2 = Self.dyadic[s2]
        let (x, y) = (Double(tx), Double(ty))
        func set(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double, exact: Bool,
                 _ label: String) -> (Double, Double, Double, Double, Double, Double, Bool, String) {
            (a, b, c, d, tx, ty, exact, label)
        }
        let v: (Double, Double, Double, Double, Double, Double, Bool, String)
        switch kind {
        case 5...7:
            let (cosine, sine) = [(1.0, 0.0), (0, 1), (-1, 0), (0, -1)][s1 % 4]
            v = set(cosine * d1, sine * d1, -sine * d2, cosine * d2, x, y, exact: true,
                    "quarter(\(s1 % 4)) scale(\(d1), \(d2)) + (\(tx), \(ty))")
        case 8, 9: v = set(d1, 0, 0, d2, 0, 0, exact: true, "scale(\(d1), \(d2))")
        case 10, 11: v = set(d1, 0, 0, d2, x, y, exact: true, "scale(\(d1), \(d2)) + (\(tx), \(ty))")
        case 12...14:
            let t = AffineTransform(rotationAngle: angle)
            v = set(t.a, t.b, t.c, t.d, 0, 0, exact: false, "rotate(\(angle))")
        case 15, 16:
            let t = AffineTransform(rotationAngle: angle).scaledBy(x: scale, y: 0.7 * scale)
            v = set(t.a, t.b, t.c, t.d, x, y, exact: false, "rotate(\(angle)) scale(\(scale)) + (\(tx), \(ty))")
        case 17, 18:
            let k = angle / Double.pi
            v = set(1, 0, k, 1, x, y, exact: false, "shear(\(k)) + (\(tx), \(ty))")
        case 19:
            v = s1 % 2 == 0
                ? set(0, 0, 0, d2, 0, 0, exact: true, "singular scale(0, \(d2))")
                : set(d1, d2, 2 * d1, 2 * d2, 0, 0, exact: true, "singular rank 1")
        default: v = set(1, 0, 0, 1, 0, 0, exact: true, "identity")
        }
        (self.a, self.b, self.c, self.d, self.tx, self.ty, self.isExact, self.label) = v
    }
}

/// One view of a random scene: its geometry in its parent's (or, for a window, the screen's) coordinates.
nonisolated struct NodeSpec: Sendable, CustomStringConvertible {
    /// The untransformed frame's origin, relative to the parent's bounds origin (for a window: on the screen),
    /// so that subviews mostly land inside their parents.
    var frameOrigin: Point
    var bounds: Rect
    var anchor: Point
    var transform: TransformSpec
    var isHidden: Bool
    var alpha: Double
    var isUserInteractionEnabled: Bool
    /// Chooses the parent among earlier nodes, or a new window.
    var parentChoice: Int
    var windowLevel: Double

    var description: String {
        var flags = ""
        if isHidden { flags += " hidden" }
        if alpha != 1 { flags += " alpha \(alpha)" }
        if !isUserInteractionEnabled { flags += " disabled" }
        return "{p\(parentChoice) f\(frameOrigin) b\(bounds) a\(anchor) \(transform)\(flags) L\(windowLevel)}"
    }
}

/// A random forest of windows and views, in the order they are created and added.
nonisolated struct SceneSpec: Sendable, CustomStringConvertible {
    var nodes: [NodeSpec]

    /// The parent of each node, `nil` for windows. Node 0 is a window; a node starts a new window when its
    /// parent choice is a multiple of 7, at most three windows in all.
    var parents: [Int?] {
        var result: [Int?] = []
        var windows = 0
        for (i, node) in nodes.enumerated() {
            if i == 0 || (node.parentChoice % 7 == 0 && windows < 3) {
                result.append(nil)
                windows += 1
            } else {
                result.append(node.parentChoice % i)
            }
        }
        return result
    }

    var description: String { nodes.enumerated().map { "\($0)\($1)" }.joined(separator: " ") }

    static var generator: Generator<SceneSpec, some SendableSequenceType> {
        let geometry = zip(
            Gen.int(in: -20...120), Gen.int(in: -20...120), Gen.int(in: 0...200), Gen.int(in: 0...200),
            Gen.int(in: -60...60), Gen.int(in: -60...60)
        )
        let transform = zip(
            Gen.int(in: -10...19), Gen.double(in: -Double.pi...Double.pi), Gen.double(in: 0.3...3),
            Gen.int(in: 0...5), Gen.int(in: 0...5), Gen.int(in: -50...50), Gen.int(in: -50...50)
        ).map { kind, angle, scale, s1, s2, tx, ty in
            TransformSpec(kind: kind, angle: angle, scale: scale, s1: s1, s2: s2, tx: tx, ty: ty)
        }
        let flags = zip(
            Gen.int(in: 0...19), Gen.int(in: 0...19), Gen.int(in: 0...19), Gen.int(in: 0...7), Gen.int(in: 0...999),
            Gen.int(in: 0...2)
        )
        let anchors = Array(repeating: Point(x: 0.5, y: 0.5), count: 6) + [Point(x: 0, y: 0), Point(x: 0.25, y: 1)]
        let alphas: [Double] = [0, 0.009, 0.01, 0.5] + Array(repeating: 1, count: 16)
        let node = zip(geometry, transform, flags).map { geometry, transform, flags in
            let (x, y, w, h, ox, oy) = geometry
            let (hidden, alpha, enabled, anchor, parent, level) = flags
            let (width, height) = (Double(w), Double(h))
            return NodeSpec(
                frameOrigin: Point(x: Double(x), y: Double(y)),
                bounds: Rect(x: Double(ox), y: Double(oy), width: width, height: height),
                anchor: anchors[anchor], transform: transform,
                isHidden: hidden == 0, alpha: alphas[alpha], isUserInteractionEnabled: enabled != 0,
                parentChoice: parent, windowLevel: Double(level)
            )
        }
        return node.array(of: 1...10).map { nodes in
            // Subviews get half the size of windows and an origin spread over their parent's width and height
            // (integers, so arithmetic stays exact), so that most of them overlap their parents.
            var scene = SceneSpec(nodes: nodes)
            for (i, parent) in scene.parents.enumerated() {
                guard let parent else { continue }
                let size = scene.nodes[parent].bounds.size
                func spread(_ raw: Double, _ extent: Double) -> Double {
                    Double(Int(extent) * (Int(raw) + 20) / 140 - 10)
                }
                scene.nodes[i].bounds.size = Size(width: nodes[i].bounds.width / 2, height: nodes[i].bounds.height / 2)
                scene.nodes[i].frameOrigin = Point(
                    x: spread(nodes[i].frameOrigin.x, size.width), y: spread(nodes[i].frameOrigin.y, size.height))
            }
            return scene
        }
    }
}

/// A scene built from a ``SceneSpec``: real windows and views in an application, and the oracle's matrices.
struct Scene {
    let spec: SceneSpec
    let parents: [Int?]
    let application: Application
    let views: [View]
    /// The indices of the windows, in the order they were added to the application.
    let windows: [Int]
    /// Each node's center, in its parent's bounds coordinates (for a window: on the screen).
    let centers: [Point]
    /// Each node's map from its bounds coordinates to the screen.
    let localToScreen: [Matrix3]
    /// Each node's map from the screen to its bounds coordinates, `nil` when it or an ancestor is singular.
    let screenToLocal: [Matrix3?]
    /// Whether the node and all its ancestors have exact transforms.
    let exactPath: [Bool]

    init(_ spec: SceneSpec) {
        self.spec = spec
        let parents = spec.parents
        self.parents = parents
        let application = Application()
        var views: [View] = []
        var windows: [Int] = []
        var localToScreen: [Matrix3] = []
        var screenToLocal: [Matrix3?] = []
        var exactPath: [Bool] = []
        var centers: [Point] = []
        for (i, node) in spec.nodes.enumerated() {
            let parentOrigin = parents[i].map { spec.nodes[$0].bounds.origin } ?? .zero
            let center = Point(
                x: parentOrigin.x + node.frameOrigin.x + node.bounds.width / 2,
                y: parentOrigin.y + node.frameOrigin.y + node.bounds.height / 2)
            centers.append(center)
            let view: View = parents[i] == nil ? Window() : View()
            view.name = "\(i)"
            view.center = center
            view.bounds = node.bounds
            view.anchorPoint = node.anchor
            view.transform = node.transform.affine
            view.isHidden = node.isHidden
            view.alpha = node.alpha
            view.isUserInteractionEnabled = node.isUserInteractionEnabled
            if let p = parents[i] {
                views[p].addSubview(view)
            } else if let window = view as? Window {
                window.windowLevel = node.windowLevel
                application.addWindow(window)
                windows.append(i)
            }
            views.append(view)

            // p_parent = center + T(p - anchorInBounds), as matrices.
            let anchor = Point(
                x: node.bounds.origin.x + node.anchor.x * node.bounds.width,
                y: node.bounds.origin.y + node.anchor.y * node.bounds.height)
            let t = node.transform
            let toParent = Matrix3.translation(center.x, center.y)
                * Matrix3.affine(t.a, t.b, t.c, t.d, t.tx, t.ty) * Matrix3.translation(-anchor.x, -anchor.y)
            let parentToScreen = parents[i].map { localToScreen[$0] } ?? .identity
            let screenToParent = parents[i].map { screenToLocal[$0] } ?? .identity
            localToScreen.append(parentToScreen * toParent)
            screenToLocal.append(toParent.inverse.flatMap { inverse in screenToParent.map { inverse * $0 } })
            exactPath.append(t.isExact && (parents[i].map { exactPath[$0] } ?? true))
        }
        self.application = application
        self.views = views
        self.windows = windows
        self.localToScreen = localToScreen
        self.screenToLocal = screenToLocal
        self.exactPath = exactPath
        self.centers = centers
    }

    /// The subtree of `root` in paint order: pre-order, subviews back to front (they were added in index order).
    func paintOrder(from root: Int) -> [Int] {
        [root] + spec.nodes.indices.filter { parents[$0] == root }.flatMap { paintOrder(from: $0) }
    }

    /// Whether the screen point lies in node `i`'s bounds, half-open, written out.
    func contains(_ i: Int, _ screenPoint: Point) -> Bool {
        guard let toLocal = screenToLocal[i] else { return false }
        let p = toLocal.apply(screenPoint), b = spec.nodes[i].bounds
        return b.origin.x <= p.x && p.x < b.origin.x + b.width && b.origin.y <= p.y && p.y < b.origin.y + b.height
    }

    /// Whether node `i` can be hit at all: visible, enabled, opaque enough, invertible, and so are its ancestors,
    /// and the point is inside it and inside every ancestor.
    func isEligible(_ i: Int, _ screenPoint: Point) -> Bool {
        let node = spec.nodes[i]
        let selfOK = !node.isHidden && node.isUserInteractionEnabled && !(node.alpha < 0.01)
            && contains(i, screenPoint)
        return selfOK && (parents[i].map { isEligible($0, screenPoint) } ?? true)
    }

    /// The oracle's answer for one window: the last eligible view of its subtree in paint order.
    func expectedHit(inWindow root: Int, at screenPoint: Point) -> Int? {
        paintOrder(from: root).last { isEligible($0, screenPoint) }
    }

    /// The oracle's answer for the application: windows by level, highest first, and within a level the last
    /// added first.
    func expectedHit(at screenPoint: Point) -> Int? {
        let levels = Set(windows.map { spec.nodes[$0].windowLevel }).sorted(by: >)
        for level in levels {
            for root in windows.reversed() where spec.nodes[root].windowLevel == level {
                if let hit = expectedHit(inWindow: root, at: screenPoint) { return hit }
            }
        }
        return nil
    }

    /// Whether the point is so close to an edge of a view whose path has an inexact transform that rounding may
    /// decide the answer, so the implementation and the oracle may differ legitimately.
    func isAmbiguous(_ screenPoint: Point) -> Bool {
        spec.nodes.indices.contains { i in
            guard !exactPath[i], let toLocal = screenToLocal[i] else { return false }
            let p = toLocal.apply(screenPoint), b = spec.nodes[i].bounds
            let epsilon = 1e-7 * Swift.max(1, abs(p.x), abs(p.y), abs(screenPoint.x), abs(screenPoint.y))
            return abs(p.x - b.origin.x) < epsilon || abs(p.x - b.origin.x - b.width) < epsilon
                || abs(p.y - b.origin.y) < epsilon || abs(p.y - b.origin.y - b.height) < epsilon
        }
    }
}

/// A point to hit-test: anywhere on the screen, or at a chosen place of a chosen view (corners and edges
/// included, which is where the half-open rule matters).
nonisolated struct PointSpec: Sendable, CustomStringConvertible {
    var onScreen: Point?
    var node: Int
    var u: Double
    var v: Double

    var description: String { onScreen.map { "screen\($0)" } ?? "node \(node) at (\(u), \(v))" }

    /// The point in screen coordinates for `scene`.
    func screenPoint(in scene: Scene) -> Point {
        if let onScreen { return onScreen }
        let i = node % scene.spec.nodes.count, b = scene.spec.nodes[i].bounds
        return scene.localToScreen[i].apply(Point(x: b.origin.x + u * b.width, y: b.origin.y + v * b.height))
    }

    static var generator: Generator<PointSpec, some SendableSequenceType> {
        zip(
            Gen.int(in: 0...2), Gen.int(in: -40...380), Gen.int(in: -40...380), Gen.int(in: 0...999),
            Gen.int(in: 0...7), Gen.int(in: 0...7), Gen.double(in: 0...1), Gen.double(in: 0...1)
        ).map { mode, x, y, node, uChoice, vChoice, uRandom, vRandom in
            // An edge (0 or 1), the middle, mostly a random place inside, sometimes a little outside.
            func fraction(_ choice: Int, _ random: Double) -> Double {
                switch choice {
                case 0: 0
                case 1: 1
                case 2: 0.5
                case 7: random * 1.4 - 0.2
                default: random
                }
            }
            return PointSpec(
                onScreen: mode == 0 ? Point(x: Double(x), y: Double(y)) : nil, node: node,
                u: fraction(uChoice, uRandom), v: fraction(vChoice, vRandom))
        }
    }
}
