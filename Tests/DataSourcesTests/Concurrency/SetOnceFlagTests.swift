import Testing

@testable import DataSources

/// The one set-once flag: unset when made, set for good once set, and a set on one thread is seen by
/// a loop polling it on another.
struct SetOnceFlagTests {
    @Test func isSetForGoodOnceSet() {
        let flag = SetOnceFlag()
        #expect(!flag.isSet)
        flag.set()
        #expect(flag.isSet)
        flag.set()
        #expect(flag.isSet)
    }

    @Test func aLoopOnABlockingThreadSeesTheSet() async {
        let flag = SetOnceFlag()
        let executor = BlockingExecutor(name: "test-flag")
        let polling = Task {
            await executor.run { () -> Bool in
                let deadline = ContinuousClock.now + .seconds(10)
                while !flag.isSet && ContinuousClock.now < deadline {}
                return flag.isSet
            }
        }
        flag.set()
        #expect(await polling.value)
    }
}
