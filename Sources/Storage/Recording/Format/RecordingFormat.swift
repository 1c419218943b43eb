/// The names of the HDF5 recording layout of docs/formats.md, in one place: every group, dataset and
/// attribute name and every unit string the writer stores and the reader, the layout check, the
/// auxiliary-stream datasets and the exporters look up. This type is the source of truth for those
/// names; docs/formats.md describes them. Most names are the reference app's v3 names and must never
/// change, or existing loaders break.
public enum RecordingFormat {
    /// The value of the root attribute ``Root/format``.
    public static let name = "study-recorder-eeg"
    /// The value of the root attribute ``Root/formatVersion``.
    public static let version = "1.0"
    /// The suffix of a derived series' time dataset: `/<group>/<name>` has `/<group>/<name>Time`.
    public static let seriesTimeSuffix = "Time"
    /// The suffix of a derived series' LSL-clock times (`--clock lsl`): `/<group>/<name>LSLTime`.
    public static let seriesLSLTimeSuffix = "LSLTime"

    /// Attributes of the file's root group.
    public enum Root {
        public static let format = "format"
        public static let formatVersion = "format_version"
        /// int64 0/1, set when the writer closes the file.
        public static let complete = "complete"
    }

    /// `/Recording`: the EEG rows and the recording's metadata (the reference's v3 names).
    public enum Recording {
        public static let group = "Recording"
        public static let data = "Data"
        public static let rawData = "RawData"
        public static let marker = "Marker"
        public static let timeStamp = "TimeStamp"
        /// float64 [samples, 1]: the rows' times on LSL's clock (`--clock lsl` only).
        public static let lslTimeStamp = "LSLTimeStamp"
        public static let channelNames = "ChannelNames"

        /// Attributes of `/Recording`.
        public enum Attribute {
            // The reference's v3 attributes ([1, 1] integers).
            public static let version = "Version"
            public static let session = "Session"
            public static let run = "Run"
            // The reference's subjectInfo keys.
            public static let subjectID = "subjectID"
            public static let sessionID = "sessionID"
            public static let runID = "runID"
            public static let day = "day"
            public static let device = "device"
            public static let samplingRateV3 = "samplingRate"
            public static let channelCount = "channelCount"
            public static let channelNames = "channelNames"
            public static let locale = "locale"
            public static let recordingTime = "recordingTime"
            public static let recordingStartTime = "recordingStartTime"
            public static let recordingEndTime = "recordingEndTime"
            // Typed metadata the reference lacked.
            public static let samplingRate = "SamplingRate"
            public static let unit = "Unit"
            public static let physicalMinimum = "PhysicalMinimum"
            public static let physicalMaximum = "PhysicalMaximum"
            public static let deviceManufacturer = "DeviceManufacturer"
            public static let deviceModel = "DeviceModel"
            public static let deviceSerial = "DeviceSerial"
            public static let deviceFirmware = "DeviceFirmware"
            public static let deviceHardware = "DeviceHardware"
            public static let clockAnchorUTC = "ClockAnchorUTC"
            public static let clockAnchorMonotonic = "ClockAnchorMonotonic"
            public static let timeBase = "TimeBase"
            public static let softwareVersion = "SoftwareVersion"
            public static let study = "Study"
            public static let participantID = "ParticipantID"
            public static let createdUTC = "CreatedUTC"
            public static let powerLineFrequency = "PowerLineFrequency"
            public static let complete = "Complete"
            public static let sampleCount = "SampleCount"
            public static let gapSampleCount = "GapSampleCount"
            public static let endReason = "EndReason"
        }

        /// Attributes of `/Recording/Data`.
        public enum DataAttribute {
            public static let unit = "unit"
            public static let dimensionLabels = "dimension_labels"
        }

        /// Attributes of `/Recording/RawData`.
        public enum RawAttribute {
            public static let bits = "RawBits"
            public static let scale = "RawScale"
            public static let offset = "RawOffset"
            public static let missingCode = "MissingCode"
            public static let conversion = "conversion"
        }

        /// The text of the `TimeBase` attribute.
        public static let timeBaseText =
            "recording clock: UTC seconds = ClockAnchorUTC + (CLOCK_MONOTONIC seconds - ClockAnchorMonotonic)"
    }

    /// `/Events`: one row per event, in four parallel 1-D datasets.
    public enum Events {
        public static let group = "Events"
        public static let sampleIndex = "SampleIndex"
        public static let time = "Time"
        /// float64 [events]: the events' times on LSL's clock (`--clock lsl` only).
        public static let lslTime = "LSLTime"
        public static let code = "Code"
        public static let label = "Label"
    }

    /// `/Paradigm`: the paradigm a recording belongs to.
    public enum Paradigm {
        public static let group = "Paradigm"
        /// Attribute: the title.
        public static let title = "Paradigm"
        public static let baseTime = "BaseTime"
        public static let trialTime = "TrialTime"
        public static let conditionCount = "ConditionCount"
        public static let conditionLabels = "ConditionLabels"
        public static let conditionMarkers = "ConditionMarkers"
        public static let baseMarkers = "BaseMarkers"
    }

    /// `/Streams/<name>`: the auxiliary streams.
    public enum Streams {
        public static let group = "Streams"
        public static let data = "Data"
        public static let timeStamp = "TimeStamp"
        /// float64: the rows' times on LSL's clock (`--clock lsl` only).
        public static let lslTimeStamp = "LSLTimeStamp"
        /// Attributes of `/Streams/<name>`.
        public static let kind = "Kind"
        public static let channelNames = "ChannelNames"
        public static let unit = "Unit"
        public static let samplingRate = "SamplingRate"
        public static let sampleCount = "SampleCount"
        public static let gapSampleCount = "GapSampleCount"
    }

    /// `/LSLClock`: the mapping of the recording clock to Lab Streaming Layer's clock (`--clock lsl`
    /// only), pairs of readings taken together; every stored LSL time follows from it by ``rule``.
    public enum LSLClock {
        public static let group = "LSLClock"
        /// float64 [pairs]: the recording clock's reading of each pair.
        public static let recordingClock = "RecordingClock"
        /// float64 [pairs]: `lsl_local_clock()` of each pair.
        public static let lslClock = "LSLClock"
        /// Attributes of `/LSLClock`.
        public static let ruleAttribute = "Rule"
        public static let clockAttribute = "Clock"
        public static let pointCount = "PointCount"
        /// The text of the `Rule` attribute.
        public static let rule =
            "LSL seconds = t + (LSLClock[k] - RecordingClock[k]) for a recording-clock time t (seconds since the epoch), k the last pair with RecordingClock[k] <= t (the first pair for earlier t)"
        /// The text of the `Clock` attribute.
        public static let clock = "lsl_local_clock() (std::chrono::steady_clock; CLOCK_MONOTONIC on Linux)"
    }

    /// `/Provenance`: where the recording came from (``Provenance``), one attribute each.
    public enum Provenance {
        public static let group = "Provenance"
        /// `headband`, `simulated-headband`, `replayed-capture`, `replay`, `oscillator` or `other`.
        public static let source = "Source"
        /// 1 when answers, keys or consent came from a script (`--auto`, `--answers`), else 0.
        public static let scriptedParticipant = "ScriptedParticipant"
        /// Seconds of study time per second of real time (1 real time, 0 as fast as possible).
        public static let speed = "Speed"
        public static let softwareVersion = "SoftwareVersion"
        /// The Muse decoder and its version (`muse-classic/1`, `muse-athena/1`); `none` without one.
        public static let decoderVersion = "DecoderVersion"
        /// A redecoded recording's decoder when it was recorded (`DecoderVersion` then names the new one).
        public static let recordedDecoderVersion = "RecordedDecoderVersion"
        /// The command line, identifying values left out; absent when a program made it through the kit.
        public static let commandLine = "CommandLine"
        /// What `DecoderVersion` holds for a source that decodes nothing.
        public static let noDecoder = "none"
    }

    /// `/Device`: what the device reported, one attribute each.
    public enum Device {
        public static let group = "Device"
        /// The prefix of the attributes naming electrode groups (`ElectrodeGroup.front`).
        public static let electrodeGroupPrefix = "ElectrodeGroup."

        /// `/Device/Notifications`: what the device sent, byte for byte, as it arrived (docs/formats.md).
        /// Parallel 1-D datasets, one row per notification, and the bytes back to back.
        public enum Notifications {
            public static let group = "Device/Notifications"
            /// float64 seconds since the epoch, recording clock: when the notification arrived.
            public static let time = "Time"
            /// int64 ns on the source's receive clock: the exact moment its decoder was given.
            public static let receiveClock = "ReceiveClock"
            /// uint8 index into the `Channels` attribute.
            public static let channel = "Channel"
            /// uint16 byte count of each notification.
            public static let length = "Length"
            /// uint8, every notification's bytes back to back (offsets: the running sum of `Length`).
            public static let bytes = "Bytes"
            /// Attribute: channel names (characteristic UUIDs; `timer`, `link`: the decoder's own notes).
            public static let channels = "Channels"
            /// Attribute: receive-clock seconds per host second (the source's speed).
            public static let receiveClockScale = "ReceiveClockScale"
            /// Attribute: the leading rows that are the connection's prologue, given to a recording
            /// that joined a running source (0: the recording saw its source start).
            public static let prologueEntries = "PrologueEntries"
            /// Attributes set on closing: the row count and the byte count.
            public static let count = "NotificationCount"
            public static let byteCount = "ByteCount"
        }
    }

    /// `/Quality`: signal quality and band power computed while recording (derived series).
    public enum Quality {
        public static let group = "Quality"
        public static let grade = "Grade"
        public static let bandPowerAbsolute = "BandPowerAbsolute"
        public static let bandPowerRelative = "BandPowerRelative"
        public static let bandPowerPrefix = "BandPower"
        public static let bandAmplitude = "BandAmplitude"
        public static let lineNoiseRatio = "LineNoiseRatio"
        public static let lineNoiseQuality = "LineNoiseQuality"
        public static let myndQuality = "MyndQuality"
        public static let myndBlockQuality = "MyndBlockQuality"
        public static let mainsFrequency = "MainsFrequency"
        /// Per channel, each quality window's issues as a bit mask (docs/formats.md).
        public static let issues = "Issues"
        /// Each quality window's last row of `/Recording/Data` and its findings as flags.
        public static let window = "Window"
        /// Attributes of `/Quality`.
        public static let qualityWindowSeconds = "QualityWindowSeconds"
        public static let bandPowerWindowSeconds = "BandPowerWindowSeconds"
    }

    /// Attributes of a derived series' datasets.
    public enum Series {
        /// The column names of `/<group>/<name>`.
        public static let columns = "columns"
        /// The unit of `/<group>/<name>Time`.
        public static let unit = "unit"
    }

    /// Unit strings stored in `unit` attributes.
    public enum Unit {
        public static let microsecondsSinceEpoch = "microseconds since 1970-01-01T00:00:00Z"
        public static let secondsSinceEpoch = "seconds since 1970-01-01T00:00:00Z"
        /// `/LSLClock/RecordingClock`.
        public static let secondsSinceEpochRecordingClock = "seconds since 1970-01-01T00:00:00Z (recording clock)"
        /// Every LSL-clock time.
        public static let lslSeconds = "seconds (lsl_local_clock)"
        /// `/Events/SampleIndex`.
        public static let sampleIndex = "sample (0-based row of /Recording/Data)"
        /// `/Recording/Marker`: a code, not a quantity.
        public static let markerCode = "marker code (0: no event at the sample; /Events/Code)"
    }
}
