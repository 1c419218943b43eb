import DataSources
import Processing

/// One JSON line of `study-recorder check --json`: the kind of result and the result itself, so a
/// script can filter on `type`. NaN values are written as the string "NaN" (JSON has no NaN); every
/// NaN comes with a reason field next to it.
struct CheckLine: Encodable {
    /// `started`, `quality`, `line_noise`, `band_power`, `device`, `data_loss` or `summary`.
    var type: String
    /// Channel names, in the order of every per-channel array.
    var channels: [String]?
    var quality: QualityUpdate?
    var lineNoise: LineNoiseUpdate?
    var bandPower: BandPowerUpdate?
    /// In `summary` lines: the verdict (nil when too short to judge) and its evidence.
    var verdict: String?
    var summary: SessionQualitySummary?
    /// In `summary` lines: what the participant should do about the verdict (nil when it passed).
    var advice: String?
    /// In `summary` lines: why the run ended (`duration`, `interrupted`, `good_signal`, `source_ended`).
    var reason: String?
    /// In `started` lines: the source.
    var source: String?
    var samplingRate: Double?
    var mode: String?
    var mains: String?
    /// In `data_loss` and `summary` lines: how complete the EEG stream is so far.
    var continuity: StreamContinuity?
    /// In `device` and `summary` lines: battery and device conditions (null when the source has none).
    var device: DeviceStatus?

    enum CodingKeys: String, CodingKey {
        case type, channels, quality
        case lineNoise = "line_noise"
        case bandPower = "band_power"
        case verdict, summary, advice, reason, source
        case samplingRate = "sampling_rate"
        case mode, mains
        case continuity = "data_loss"
        case device
    }
}
