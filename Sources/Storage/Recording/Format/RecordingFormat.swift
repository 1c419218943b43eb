/// The names of the HDF5 recording layout of docs/formats.md, in one place: every group, dataset and
/// attribute name and every unit string the writer stores and the reader, the layout check, the
/// auxiliary-stream datasets and the exporters look up. This type is the source of truth for those
/// names; docs/formats.md describes them. Most names are the reference app's v3 names and must never
/// change, or existing loaders break.
package enum RecordingFormat {
    /// The value of the root attribute ``Root/format``.
    package static let name = "study-recorder-eeg"
    /// The value of the root attribute ``Root/formatVersion``.
    package static let version = "1.0"
    /// The suffix of a derived series' time dataset: `/<group>/<name>` has `/<group>/<name>Time`.
    package static let seriesTimeSuffix = "Time"
    /// The suffix of a derived series' LSL-clock times (`--clock lsl`): `/<group>/<name>LSLTime`.
    package static let seriesLSLTimeSuffix = "LSLTime"

    /// Attributes of the file's root group.
    package enum Root {
        package static let format = "format"
        package static let formatVersion = "format_version"
        /// int64 0/1, set when the writer closes the file.
        package static let complete = "complete"
    }

    /// `/Recording`: the EEG rows and the recording's metadata (the reference's v3 names).
    package enum Recording {
        package static let group = "Recording"
        package static let data = "Data"
        package static let rawData = "RawData"
        package static let marker = "Marker"
        package static let timeStamp = "TimeStamp"
        /// float64 [samples, 1]: the rows' times on LSL's clock (`--clock lsl` only).
        package static let lslTimeStamp = "LSLTimeStamp"
        package static let channelNames = "ChannelNames"

        /// Attributes of `/Recording`.
        package enum Attribute {
            // The reference's v3 attributes ([1, 1] integers).
            package static let version = "Version"
            package static let session = "Session"
            package static let run = "Run"
            // The reference's subjectInfo keys.
            package static let subjectID = "subjectID"
            package static let sessionID = "sessionID"
            package static let runID = "runID"
            package static let day = "day"
            package static let device = "device"
            package static let samplingRateV3 = "samplingRate"
            package static let channelCount = "channelCount"
            package static let channelNames = "channelNames"
            package static let locale = "locale"
            package static let recordingTime = "recordingTime"
            package static let recordingStartTime = "recordingStartTime"
            package static let recordingEndTime = "recordingEndTime"
            // Typed metadata the reference lacked.
            package static let samplingRate = "SamplingRate"
            package static let unit = "Unit"
            package static let physicalMinimum = "PhysicalMinimum"
            package static let physicalMaximum = "PhysicalMaximum"
            package static let deviceManufacturer = "DeviceManufacturer"
            package static let deviceModel = "DeviceModel"
            package static let deviceSerial = "DeviceSerial"
            package static let deviceFirmware = "DeviceFirmware"
            package static let deviceHardware = "DeviceHardware"
            package static let clockAnchorUTC = "ClockAnchorUTC"
            package static let clockAnchorMonotonic = "ClockAnchorMonotonic"
            package static let timeBase = "TimeBase"
            package static let softwareVersion = "SoftwareVersion"
            package static let study = "Study"
            package static let participantID = "ParticipantID"
            package static let createdUTC = "CreatedUTC"
            package static let powerLineFrequency = "PowerLineFrequency"
            package static let complete = "Complete"
            package static let sampleCount = "SampleCount"
            package static let gapSampleCount = "GapSampleCount"
            package static let endReason = "EndReason"
        }

        /// Attributes of `/Recording/Data`.
        package enum DataAttribute {
            package static let unit = "unit"
            package static let dimensionLabels = "dimension_labels"
        }

        /// Attributes of `/Recording/RawData`.
        package enum RawAttribute {
            package static let bits = "RawBits"
            package static let scale = "RawScale"
            package static let offset = "RawOffset"
            package static let missingCode = "MissingCode"
            package static let conversion = "conversion"
        }

        /// The text of the `TimeBase` attribute.
        package static let timeBaseText =
            "recording clock: UTC seconds = ClockAnchorUTC + (CLOCK_MONOTONIC seconds - ClockAnchorMonotonic)"
    }

    /// `/Events`: one row per event, in four parallel 1-D datasets.
    package enum Events {
        package static let group = "Events"
        package static let sampleIndex = "SampleIndex"
        package static let time = "Time"
        /// float64 [events]: the events' times on LSL's clock (`--clock lsl` only).
        package static let lslTime = "LSLTime"
        package static let code = "Code"
        package static let label = "Label"
    }

    /// `/Paradigm`: the paradigm a recording belongs to.
    package enum Paradigm {
        package static let group = "Paradigm"
        /// Attribute: the title.
        package static let title = "Paradigm"
        package static let baseTime = "BaseTime"
        package static let trialTime = "TrialTime"
        package static let conditionCount = "ConditionCount"
        package static let conditionLabels = "ConditionLabels"
        package static let conditionMarkers = "ConditionMarkers"
        package static let baseMarkers = "BaseMarkers"
    }

    /// `/Streams/<name>`: the auxiliary streams.
    package enum Streams {
        package static let group = "Streams"
        package static let data = "Data"
        package static let timeStamp = "TimeStamp"
        /// float64: the rows' times on LSL's clock (`--clock lsl` only).
        package static let lslTimeStamp = "LSLTimeStamp"
        /// Attributes of `/Streams/<name>`.
        package static let kind = "Kind"
        package static let channelNames = "ChannelNames"
        package static let unit = "Unit"
        package static let samplingRate = "SamplingRate"
        package static let sampleCount = "SampleCount"
        package static let gapSampleCount = "GapSampleCount"
    }

    /// `/LSLClock`: the mapping of the recording clock to Lab Streaming Layer's clock (`--clock lsl`
    /// only), pairs of readings taken together; every stored LSL time follows from it by ``rule``.
    package enum LSLClock {
        package static let group = "LSLClock"
        /// float64 [pairs]: the recording clock's reading of each pair.
        package static let recordingClock = "RecordingClock"
        /// float64 [pairs]: `lsl_local_clock()` of each pair.
        package static let lslClock = "LSLClock"
        /// Attributes of `/LSLClock`.
        package static let ruleAttribute = "Rule"
        package static let clockAttribute = "Clock"
        package static let pointCount = "PointCount"
        /// The text of the `Rule` attribute.
        package static let rule =
            "LSL seconds = t + (LSLClock[k] - RecordingClock[k]) for a recording-clock time t (seconds since the epoch), k the last pair with RecordingClock[k] <= t (the first pair for earlier t)"
        /// The text of the `Clock` attribute.
        package static let clock = "lsl_local_clock() (std::chrono::steady_clock; CLOCK_MONOTONIC on Linux)"
    }

    /// `/Provenance`: where the recording came from (``Provenance``), one attribute each.
    package enum Provenance {
        package static let group = "Provenance"
        /// `headband`, `simulated-headband`, `replayed-capture`, `replay`, `oscillator` or `other`.
        package static let source = "Source"
        /// 1 when answers, keys or consent came from a script (`--auto`, `--answers`), else 0.
        package static let scriptedParticipant = "ScriptedParticipant"
        /// Seconds of study time per second of real time (1 real time, 0 as fast as possible).
        package static let speed = "Speed"
        package static let softwareVersion = "SoftwareVersion"
        /// The Muse decoder and its version (`muse-classic/1`, `muse-athena/1`); `none` without one.
        package static let decoderVersion = "DecoderVersion"
        /// A redecoded recording's decoder when it was recorded (`DecoderVersion` then names the new one).
        package static let recordedDecoderVersion = "RecordedDecoderVersion"
        /// The command line, identifying values left out; absent when a program made it through the kit.
        package static let commandLine = "CommandLine"
        /// What `DecoderVersion` holds for a source that decodes nothing.
        package static let noDecoder = "none"
    }

    /// `/Device`: what the device reported, one attribute each.
    package enum Device {
        package static let group = "Device"
        /// The prefix of the attributes naming electrode groups (`ElectrodeGroup.front`).
        package static let electrodeGroupPrefix = "ElectrodeGroup."

        /// `/Device/Notifications`: what the device sent, byte for byte, as it arrived (docs/formats.md).
        /// Parallel 1-D datasets, one row per notification, and the bytes back to back.
        package enum Notifications {
            package static let group = "Device/Notifications"
            /// float64 seconds since the epoch, recording clock: when the notification arrived.
            package static let time = "Time"
            /// int64 ns on the source's receive clock: the exact moment its decoder was given.
            package static let receiveClock = "ReceiveClock"
            /// uint8 index into the `Channels` attribute.
            package static let channel = "Channel"
            /// uint16 byte count of each notification.
            package static let length = "Length"
            /// uint8, every notification's bytes back to back (offsets: the running sum of `Length`).
            package static let bytes = "Bytes"
            /// Attribute: channel names (characteristic UUIDs; `timer`, `link`: the decoder's own notes).
            package static let channels = "Channels"
            /// Attribute: receive-clock seconds per host second (the source's speed).
            package static let receiveClockScale = "ReceiveClockScale"
            /// Attribute: the leading rows that are the connection's prologue, given to a recording
            /// that joined a running source (0: the recording saw its source start).
            package static let prologueEntries = "PrologueEntries"
            /// Attributes set on closing: the row count and the byte count.
            package static let count = "NotificationCount"
            package static let byteCount = "ByteCount"
        }
    }

    /// `/Quality`: signal quality and band power computed while recording (derived series).
    package enum Quality {
        package static let group = "Quality"
        package static let grade = "Grade"
        package static let bandPowerAbsolute = "BandPowerAbsolute"
        package static let bandPowerRelative = "BandPowerRelative"
        package static let bandPowerPrefix = "BandPower"
        package static let bandAmplitude = "BandAmplitude"
        package static let lineNoiseRatio = "LineNoiseRatio"
        package static let lineNoiseQuality = "LineNoiseQuality"
        package static let myndQuality = "MyndQuality"
        package static let myndBlockQuality = "MyndBlockQuality"
        package static let mainsFrequency = "MainsFrequency"
        /// Per channel, each quality window's issues as a bit mask (docs/formats.md).
        package static let issues = "Issues"
        /// Each quality window's last row of `/Recording/Data` and its findings as flags.
        package static let window = "Window"
        /// Attributes of `/Quality`.
        package static let qualityWindowSeconds = "QualityWindowSeconds"
        package static let bandPowerWindowSeconds = "BandPowerWindowSeconds"
    }

    /// Attributes of a derived series' datasets.
    package enum Series {
        /// The column names of `/<group>/<name>`.
        package static let columns = "columns"
        /// The unit of `/<group>/<name>Time`.
        package static let unit = "unit"
    }

    /// Unit strings stored in `unit` attributes.
    package enum Unit {
        package static let microsecondsSinceEpoch = "microseconds since 1970-01-01T00:00:00Z"
        package static let secondsSinceEpoch = "seconds since 1970-01-01T00:00:00Z"
        /// `/LSLClock/RecordingClock`.
        package static let secondsSinceEpochRecordingClock = "seconds since 1970-01-01T00:00:00Z (recording clock)"
        /// Every LSL-clock time.
        package static let lslSeconds = "seconds (lsl_local_clock)"
        /// `/Events/SampleIndex`.
        package static let sampleIndex = "sample (0-based row of /Recording/Data)"
        /// `/Recording/Marker`: a code, not a quantity.
        package static let markerCode = "marker code (0: no event at the sample; /Events/Code)"
    }
}
