/// What ``EEGBlockAssembler`` produces, in stream order: blocks, and runs of lost blocks between them.
package enum EEGAssemblyEvent: Sendable, Equatable {
    /// A block, complete or with some channels missing.
    case block(EEGBlock)
    /// Blocks lost on every channel, reported before the next block that did arrive.
    case lost(EEGBlockGap)
}
