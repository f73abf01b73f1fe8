import TactileTestSupport
import Testing

@Suite("The rule for tests of the real recordings")
struct SharedTracesRuleTests {
    @Test("With CI set, ../shared/traces must be there (users without it skip those tests instead)")
    func presentInCI() {
        #expect(SharedTraces.isAvailable || !SharedTraces.isRequired,
                "\(SharedTraces.directory.path) is missing and CI is set: the real recordings must be tested in CI")
        #expect(SharedTraces.shouldRun == (SharedTraces.isAvailable || SharedTraces.isRequired))
    }
}
