// StudyRecorderKit: the one import another Swift program needs to record EEG, watch signal quality
// live and upload, the way app developers use a device SDK. It re-exports, one by one, the types its
// API uses — those its public declarations name, those their public members name in turn, and the
// sources a client starts from (`OscillatorSource`, `MuseSource`) — so `import StudyRecorderKit` is
// enough (docs/library.md). Nothing else of the modules below is re-exported: the BLE stack (ATT,
// GATT, packet decoders), the signal processing's internals and Storage's HDF5 layer are not SDK
// surface; a program that needs more imports that module itself. The list is generated from the
// public declarations (docs/library.md "What the kit exports"); a type the API starts to use is
// added here.

// DataSources
@_exported import struct DataSources.BlockMarker
@_exported import struct DataSources.ClockAnchor
@_exported import class DataSources.DataController
@_exported import enum DataSources.DataEvent
@_exported import protocol DataSources.DataSource
@_exported import enum DataSources.DataSourceError
@_exported import enum DataSources.DeliveryPolicy
@_exported import struct DataSources.DeviceDescriptor
@_exported import struct DataSources.DeviceNotifications
@_exported import enum DataSources.DeviceState
@_exported import struct DataSources.DeviceStateChange
@_exported import class DataSources.EventSubscription
@_exported import protocol DataSources.HostClock
@_exported import class DataSources.LSLClockMapping
@_exported import struct DataSources.Marker
@_exported import struct DataSources.MarkerTicket
@_exported import struct DataSources.OscillatorConfiguration
@_exported import struct DataSources.OscillatorSource
@_exported import enum DataSources.Pacing
@_exported import struct DataSources.PlacedMarker
@_exported import protocol DataSources.RecordedSignal
@_exported import struct DataSources.ReplaySource
@_exported import struct DataSources.SampleBlock
@_exported import struct DataSources.SourceContext
@_exported import enum DataSources.SourceEvent
@_exported import struct DataSources.StreamDescriptor
@_exported import struct DataSources.SystemHostClock

// Muse
@_exported import enum Muse.AdvertisedModel
@_exported import struct Muse.AthenaCaptureLine
@_exported import enum Muse.AthenaPreset
@_exported import struct Muse.BluetoothAddress
@_exported import struct Muse.ChannelPacket
@_exported import enum Muse.DeviceAddress
@_exported import struct Muse.DiscoveredHeadband
@_exported import struct Muse.HeadbandScanner
@_exported import enum Muse.MusePreset
@_exported import enum Muse.MuseProtocolError
@_exported import struct Muse.MuseSource
@_exported import class Muse.SimulatedHeadband
@_exported import enum Muse.SimulatorError
@_exported import enum Muse.TransportError

// Processing
@_exported import struct Processing.BandPowerMethod
@_exported import struct Processing.BandPowerUpdate
@_exported import struct Processing.BandPowers
@_exported import struct Processing.ChannelAssessment
@_exported import struct Processing.FrequencyBand
@_exported import enum Processing.IntegrationRule
@_exported import struct Processing.LineNoiseEstimator
@_exported import struct Processing.LineNoiseReading
@_exported import struct Processing.LineNoiseUpdate
@_exported import enum Processing.LiveProcessor
@_exported import enum Processing.MainsFrequency
@_exported import struct Processing.MotionDetector
@_exported import struct Processing.MyndQualityEstimator
@_exported import struct Processing.MyndQualityReading
@_exported import struct Processing.PowerSpectrum
@_exported import enum Processing.ProcessingUpdate
@_exported import struct Processing.ProcessorConfiguration
@_exported import enum Processing.QualityGrade
@_exported import enum Processing.QualityIssue
@_exported import struct Processing.QualityThresholds
@_exported import struct Processing.QualityUpdate
@_exported import struct Processing.RealFFT
@_exported import enum Processing.RelativePowerDenominator
@_exported import struct Processing.SegmentCachedWelch
@_exported import struct Processing.SessionQualitySummary
@_exported import enum Processing.SessionVerdict
@_exported import class Processing.SharedSignalProcessor
@_exported import struct Processing.SignalGrader
@_exported import struct Processing.SignalProcessor
@_exported import struct Processing.VerdictCriteria
@_exported import struct Processing.VerdictEvidence
@_exported import struct Processing.WelchEstimator
@_exported import struct Processing.WelchParameters
@_exported import struct Processing.WindowFindings
@_exported import enum Processing.WindowFunction

// RecordingPipeline
@_exported import enum RecordingPipeline.ConnectionState
@_exported import struct RecordingPipeline.QAStatus
@_exported import struct RecordingPipeline.QualitySeriesProducer
@_exported import enum RecordingPipeline.LiveRecordingEvent

// Report: the study's monitoring, as `collect` leaves it in a dataset (docs/library.md)
@_exported import struct Report.MonitoringSummary
@_exported import struct Report.OverviewFlag
@_exported import struct Report.ParticipantAdherence
@_exported import struct Report.StudyMonitoring

// Storage
@_exported import class Storage.Catalog
@_exported import struct Storage.CatalogItem
@_exported import struct Storage.DataStore
@_exported import protocol Storage.DerivedSeriesProducer
@_exported import struct Storage.DerivedSeriesRow
@_exported import enum Storage.EncryptionError
@_exported import enum Storage.EncryptionMode
@_exported import struct Storage.EncryptionPolicy
@_exported import enum Storage.EncryptionState
@_exported import enum Storage.ItemKind
@_exported import enum Storage.MetadataValue
@_exported import struct Storage.OpenPGPEncryptor
@_exported import struct Storage.Paradigm
@_exported import struct Storage.Participant
@_exported import struct Storage.ParticipantRegistry
@_exported import struct Storage.RecordingEvent
@_exported import enum Storage.RecordingFormat
@_exported import struct Storage.RecordingMetadata
@_exported import enum Storage.RecordingOutcome
@_exported import struct Storage.RecordingProgress
@_exported import enum Storage.RecordingRedecoder
@_exported import class Storage.RecordingReader
@_exported import struct Storage.RecordingRequest
@_exported import class Storage.RecordingInProgress
@_exported import struct Storage.RecordingSummary
@_exported import class Storage.RecordingWriter
@_exported import enum Storage.Recovery
@_exported import struct Storage.RecoveryReport
@_exported import enum Storage.ResolutionError
@_exported import enum Storage.ItemResolution
@_exported import struct Storage.Sealer
@_exported import enum Storage.StorageError
@_exported import enum Storage.TransmissionState

// Transfer
@_exported import struct Storage.Announcement
@_exported import struct Transfer.AnnouncementSettings
@_exported import struct Transfer.BackoffPolicy
@_exported import enum Transfer.ConditionalPutProbe
@_exported import struct Transfer.ConnectionSettings
@_exported import struct Transfer.Credentials
@_exported import struct Transfer.EmailDestination
@_exported import struct Transfer.EmailSettings
@_exported import struct Transfer.EncryptionSettings
@_exported import class Transfer.InMemoryDestination
@_exported import struct Transfer.MailAttachment
@_exported import struct Transfer.Mailer
@_exported import struct Transfer.TransferConfiguration
@_exported import struct Transfer.TransferError
@_exported import struct Transfer.TransferSecrets
@_exported import struct Transfer.TransferSetup
@_exported import struct Transfer.UploadDelivery
@_exported import protocol Transfer.UploadDestination
@_exported import enum Transfer.UploadEvent
@_exported import struct Transfer.UploadOptions
@_exported import struct Transfer.UploadPayload
@_exported import struct Transfer.UploadReport
@_exported import struct Transfer.Uploader
@_exported import class Transfer.WebDAVDestination
@_exported import struct Transfer.WebDAVSettings
