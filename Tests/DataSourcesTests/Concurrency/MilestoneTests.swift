import DataSources
import Foundation
import Testing

/// A milestone wakes every waiter once reached, from any thread; a wait after it returns at once,
/// and a cancelled wait returns without it.
struct MilestoneTests {
    @Test func reachingWakesEveryWaiterAndLaterWaitsReturnAtOnce() async {
        let milestone = Milestone()
        let waiters = (0..<4).map { _ in Task { await milestone.wait() } }
        #expect(!milestone.isReached)
        // Reached from a thread of the blocking executor, as the end of a blocking loop is.
        BlockingExecutor.shared.execute("milestone test") { milestone.reach() }
        for waiter in waiters { await waiter.value }
        #expect(milestone.isReached)
        await milestone.wait()
        milestone.reach()
    }

    @Test func aCancelledWaitReturnsWithoutTheMilestone() async {
        let milestone = Milestone()
        let waiter = Task { await milestone.wait() }
        waiter.cancel()
        await waiter.value
        #expect(!milestone.isReached)
    }
}
