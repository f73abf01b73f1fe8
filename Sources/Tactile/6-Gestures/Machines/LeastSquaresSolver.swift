/// Fits a polynomial of degree 0, 1 or 2 to at most ``capacity`` points by least squares.
///
/// The algorithm is the one of Android's `VelocityTracker` (`solveLeastSquares`) and Flutter's
/// `lsq_solver.dart`: expand the x values into the Vandermonde matrix A, take its QR decomposition by
/// (modified) Gram–Schmidt, and solve R·b = Qᵀ·y by back substitution. All points have weight 1. Every
/// matrix lives in inline storage, so a fit allocates nothing.
struct LeastSquaresSolver {
    /// The most points a fit takes.
    static let capacity = 20
    /// The highest supported degree.
    static let maximumDegree = 2
    /// Below this norm a column of A is treated as linearly dependent on the previous ones (the value Flutter
    /// uses; x values are expected in milliseconds).
    static let precisionTolerance = 1e-10

    /// The x values of the points; only the first ``count`` are used.
    var x = InlineArray<20, Double>(repeating: 0)
    /// The y values of the points; only the first ``count`` are used.
    var y = InlineArray<20, Double>(repeating: 0)
    /// The number of points, at most ``capacity``.
    var count = 0

    /// Appends a point; ignored when the solver is full.
    mutating func append(x: Double, y: Double) {
        guard count < Self.capacity else { return }
        self.x[count] = x
        self.y[count] = y
        count += 1
    }

    /// The coefficients c₀, c₁, c₂ of the polynomial c₀ + c₁·x + c₂·x² of `degree` (higher coefficients 0)
    /// that fits the points best, or `nil` when there are fewer points than coefficients or the points do not
    /// determine the polynomial (e.g. all x equal).
    func solve(degree: Int) -> InlineArray<3, Double>? {
        precondition((0...Self.maximumDegree).contains(degree), "degree \(degree) is not in 0...2")
        let m = count
        let n = degree + 1
        guard m >= n else { return nil }
        let row = Self.capacity
        // A: row i holds x^i of every point.
        var a = InlineArray<60, Double>(repeating: 0)
        for h in 0..<m {
            a[h] = 1
            for i in 1..<n { a[i * row + h] = a[(i - 1) * row + h] * x[h] }
        }
        // Gram–Schmidt: Q has orthonormal rows, R is upper triangular, A = Rᵀ·Q.
        var q = InlineArray<60, Double>(repeating: 0)
        var r = InlineArray<9, Double>(repeating: 0)
        for j in 0..<n {
            for h in 0..<m { q[j * row + h] = a[j * row + h] }
            for i in 0..<j {
                var dot = 0.0
                for h in 0..<m { dot += q[j * row + h] * q[i * row + h] }
                for h in 0..<m { q[j * row + h] -= dot * q[i * row + h] }
            }
            var norm = 0.0
            for h in 0..<m { norm += q[j * row + h] * q[j * row + h] }
            norm = norm.squareRoot()
            if norm < Self.precisionTolerance { return nil }
            for h in 0..<m { q[j * row + h] /= norm }
            for i in j..<n {
                var dot = 0.0
                for h in 0..<m { dot += q[j * row + h] * a[i * row + h] }
                r[j * 3 + i] = dot
            }
        }
        // Back substitution: R·b = Qᵀ·y.
        var b = InlineArray<3, Double>(repeating: 0)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var value = 0.0
            for h in 0..<m { value += q[i * row + h] * y[h] }
            for j in (i + 1)..<n { value -= r[i * 3 + j] * b[j] }
            b[i] = value / r[i * 3 + i]
        }
        return b
    }
}
