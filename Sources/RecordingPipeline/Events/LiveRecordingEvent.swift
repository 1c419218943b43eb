public import DataSources
public import Processing
public import Storage

/// What a running recording reports, in order, on ``LiveRecording/events``.
///
/// A typical sequence: ``connection(_:)`` `.connecting`, ``started(_:)``, ``connection(_:)`` `.connected`,
/// then ``quality(_:)`` at 2 Hz, ``qa(_:)`` whenever the verdict changes, ``bandPower(_:)`` at the
/// configured rate, ``progress(_:)`` about twice a second of signal, device events as they happen,
/// and finally ``stored(_:)``. Every value comes from the one signal processor whose results are
/// also stored in the recording's `/Quality` group, so what is shown is what is stored.
public enum LiveRecordingEvent: Sendable {
    /// The link to the device changed.
    case connection(ConnectionState)
    /// The source is identified: its channels, rates and streams.
    case started(DeviceDescriptor)
    /// A device condition flipped (on head, battery low, ...; see ``DeviceState``).
    case device(DeviceStateChange)
    /// The battery level in percent.
    case battery(Double)
    /// Signal quality of every channel (2 Hz), as stored.
    case quality(QualityUpdate)
    /// The line-noise estimate (1 Hz), as stored.
    case lineNoise(LineNoiseUpdate)
    /// The live QA status changed: passed, or why not.
    case qa(QAStatus)
    /// Band power per channel at the configured rate, as stored.
    case bandPower(BandPowerUpdate)
    /// How far the recording has come.
    case progress(RecordingProgress)
    /// The recording is stored and catalogued (sealed, when the data folder encrypts at rest): the
    /// last event.
    case stored(CatalogItem)
}
