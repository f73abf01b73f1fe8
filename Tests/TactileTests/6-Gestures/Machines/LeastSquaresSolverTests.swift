import Testing
@testable import Tactile

@Suite("Least-squares polynomial fit")
nonisolated struct LeastSquaresSolverTests {
    func solver(_ points: [(Double, Double)]) -> LeastSquaresSolver {
        var solver = LeastSquaresSolver()
        for (x, y) in points { solver.append(x: x, y: y) }
        return solver
    }

    @Test("A quadratic through exact points is recovered coefficient by coefficient")
    func recoversQuadratic() throws {
        let points = stride(from: -100.0, through: 0, by: 8).map { x in (x, 3 - 0.5 * x + 0.02 * x * x) }
        let fit = try #require(solver(points).solve(degree: 2))
        #expect(abs(fit[0] - 3) < 1e-9)
        #expect(abs(fit[1] + 0.5) < 1e-9)
        #expect(abs(fit[2] - 0.02) < 1e-12)
    }

    @Test("A line through scattered points is the least-squares line")
    func lineThroughSymmetricNoise() throws {
        // x̄ = 1.5, ȳ = 3: slope = Σ(x−x̄)(y−ȳ) / Σ(x−x̄)² = 8 / 5, intercept = ȳ − slope·x̄ = 0.6.
        let fit = try #require(solver([(0, 1), (1, 1), (2, 5), (3, 5)]).solve(degree: 1))
        #expect(abs(fit[1] - 1.6) < 1e-12)
        #expect(abs(fit[0] - 0.6) < 1e-12)
        #expect(fit[2] == 0)
    }

    @Test("Degree 0 is the mean")
    func degreeZeroIsMean() throws {
        let fit = try #require(solver([(0, 2), (1, 4), (5, 9)]).solve(degree: 0))
        #expect(abs(fit[0] - 5) < 1e-12)
    }

    @Test("Too few points, or points at one x, determine no polynomial")
    func underdetermined() {
        #expect(solver([(0, 1), (1, 2)]).solve(degree: 2) == nil)
        #expect(solver([(3, 1), (3, 2), (3, 5)]).solve(degree: 1) == nil)
        #expect(solver([]).solve(degree: 0) == nil)
    }

    @Test("The solver keeps at most 20 points")
    func capacity() {
        var s = LeastSquaresSolver()
        for i in 0..<30 { s.append(x: Double(i), y: 0) }
        #expect(s.count == 20)
    }
}
