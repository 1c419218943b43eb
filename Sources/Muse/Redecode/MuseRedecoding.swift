public import DataSources

/// Decodes a Muse recording's stored notifications again with today's decoders: a ``MuseSource``
/// that plays the stored bytes, with their stored receive times, through the very session a
/// headband's bytes go through (control replies, Athena stream learning, block assembly, timing),
/// on a clock that reads the stored moments (``clock``). Run ``source`` on a
/// ``DataSources/DataController`` made with ``clock``: it takes the recording's clock anchor, and the
/// source delivers what a headband sending those bytes at those moments would have given, then ends.
///
/// The stored notifications come from a recording (``DataSources/DeviceNotifications``, read by
/// Storage); this type knows nothing of files. Given the same decoder version, the samples, their
/// times and the streams are those of the recording: the assembly timer's releases and the link's
/// closing are stored among the bytes (``MuseStreamSession/timerChannel``,
/// ``MuseStreamSession/linkChannel``).
///
/// ```swift
/// let redecoding = MuseRedecoding(notifications: stored, anchor: anchor, preset: "p21")
/// let controller = DataController(source: redecoding.source, clock: redecoding.clock)
/// ```
package struct MuseRedecoding: Sendable {
    /// Why a redecoded run ends: its stored notifications are all decoded.
    package static let endOfStoredNotifications = "the stored notifications end"

    /// The source that plays the stored notifications.
    package let source: MuseSource
    /// The clock to run it on (reads the stored moments; never waits).
    package let clock: any HostClock
    private let feed: StoredNotificationFeed

    /// A redecoding of `notifications`, stored on the recording clock anchored at `anchor`, of a
    /// headband that was asked for `preset` (the recording's `Preset` device property; `nil`: the
    /// model's default). The first `prologueEntries` entries are a connection prologue a late
    /// recording was given (``isDecodingPrologue``).
    package init(notifications: DeviceNotifications, anchor: ClockAnchor, preset: String?, prologueEntries: Int = 0) {
        let feed = StoredNotificationFeed(notifications, anchor: anchor, prologueEntries: prologueEntries)
        self.feed = feed
        var configuration = MuseSource.Configuration(
            device: .name("stored notifications"), preset: preset.flatMap { try? MusePreset(parsing: $0) } ?? .standard,
            timeScale: feed.scale, requestedPreset: preset)
        configuration.replay = feed
        source = MuseSource(configuration: configuration)
        clock = StoredNotificationClock(feed: feed)
    }

    /// Whether the entry being decoded belongs to the prologue a recording that joined its source
    /// late was given (what the source decodes now precedes the recording).
    package var isDecodingPrologue: Bool { feed.position <= feed.prologueEntries && feed.prologueEntries > 0 }

    /// Whether a device's bytes can be decoded again here (a Muse: its descriptor's kind `muse`).
    package static func decodes(_ descriptor: DeviceDescriptor) -> Bool { descriptor.kind == "muse" }

    /// The decoder versions of today's build, by the model they decode.
    package static func decoderVersion(athena: Bool) -> String { athena ? MuseDecoderVersion.athena : MuseDecoderVersion.classic }
}
