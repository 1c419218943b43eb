// StudyRecorderKit: the one import another Swift program needs to record EEG, watch signal quality
// live, upload, and run a study's due session, the way app developers use a device SDK. The modules
// below the kit are machinery: a declaration there is `public` only when it is SDK surface, and then
// the kit re-exports its type here, one by one; everything else is `package` (reachable inside this
// package, never by a client). So the BLE stack, the simulated headband, the signal processing's
// internals, Storage's HDF5 layer, the uploader and the study runner's machinery are not a client's
// to call: recording, uploading and running a session each have one door, the kit's, with its locks
// and sealing (docs/library.md, "What the kit exports"; docs/decisions/0013). The list is every
// public type of those modules (`scripts/kit-exports`; Tests/StudyRecorderKitTests/KitSurfaceTests.swift
// checks it).

// DataSources
@_exported import struct DataSources.BlockMarker
@_exported import struct DataSources.ClockAnchor
@_exported import protocol DataSources.DataSource
@_exported import enum DataSources.DataSourceError
@_exported import struct DataSources.DeviceDescriptor
@_exported import struct DataSources.DeviceNotifications
@_exported import enum DataSources.DeviceState
@_exported import struct DataSources.DeviceStateChange
@_exported import struct DataSources.DiscardedPackets
@_exported import protocol DataSources.HostClock
@_exported import class DataSources.LSLClockMapping
@_exported import struct DataSources.Marker
@_exported import struct DataSources.MarkerTicket
@_exported import struct DataSources.OscillatorConfiguration
@_exported import struct DataSources.OscillatorSource
@_exported import enum DataSources.Pacing
@_exported import struct DataSources.SampleBlock
@_exported import enum DataSources.SignalOrigin
@_exported import struct DataSources.SourceContext
@_exported import enum DataSources.SourceEvent
@_exported import struct DataSources.StreamDescriptor
@_exported import struct DataSources.SystemHostClock

// Muse
@_exported import enum Muse.AdvertisedModel
@_exported import enum Muse.AthenaPreset
@_exported import struct Muse.BluetoothAddress
@_exported import enum Muse.DeviceAddress
@_exported import struct Muse.DiscoveredHeadband
@_exported import struct Muse.HeadbandScanner
@_exported import enum Muse.MusePreset
@_exported import struct Muse.MuseSource
@_exported import enum Muse.TransportError

// Processing
@_exported import struct Processing.BandPowerMethod
@_exported import struct Processing.BandPowerUpdate
@_exported import struct Processing.BandPowers
@_exported import struct Processing.FrequencyBand
@_exported import struct Processing.LineNoiseUpdate
@_exported import enum Processing.MainsFrequency
@_exported import enum Processing.QualityGrade
@_exported import struct Processing.QualityUpdate
@_exported import struct Processing.SessionQualitySummary
@_exported import enum Processing.SessionVerdict

// RecordingPipeline
@_exported import enum RecordingPipeline.ConnectionState
@_exported import enum RecordingPipeline.LiveRecordingEvent
@_exported import struct RecordingPipeline.QAStatus

// Report
@_exported import struct Report.MonitoringSummary
@_exported import struct Report.OverviewFlag
@_exported import struct Report.ParticipantAdherence
@_exported import struct Report.StudyMonitoring

// Storage
@_exported import struct Storage.CatalogItem
@_exported import struct Storage.DataStore
@_exported import enum Storage.EncryptionState
@_exported import enum Storage.ItemKind
@_exported import enum Storage.MetadataValue
@_exported import struct Storage.Paradigm
@_exported import struct Storage.Participant
@_exported import enum Storage.ProductVersion
@_exported import struct Storage.Provenance
@_exported import enum Storage.RecordingOutcome
@_exported import struct Storage.RecordingProgress
@_exported import struct Storage.RecordingRequest
@_exported import struct Storage.RecoveryReport
@_exported import enum Storage.StorageError
@_exported import enum Storage.TransmissionState

// Study
@_exported import enum Study.CueMode
@_exported import struct Study.KeyPress
@_exported import protocol Study.ParticipantInterface
@_exported import struct Study.RunReport
@_exported import struct Study.RunnerOptions
@_exported import protocol Study.StudyClock
@_exported import struct Study.StudyDefinition
@_exported import struct Study.SystemStudyClock

// Transfer
@_exported import class Transfer.InMemoryDestination
@_exported import struct Transfer.TransferError
@_exported import struct Transfer.TransferSetup
@_exported import struct Transfer.UploadDelivery
@_exported import protocol Transfer.UploadDestination
@_exported import enum Transfer.UploadEvent
@_exported import struct Transfer.UploadItem
@_exported import struct Transfer.UploadOptions
@_exported import struct Transfer.UploadPayload
@_exported import struct Transfer.UploadProgress
@_exported import struct Transfer.UploadReport
