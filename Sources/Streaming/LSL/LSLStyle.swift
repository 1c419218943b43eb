/// How the LSL outlets are named and laid out.
///
/// - ``descriptive``: names that say what each stream is (`StudyRecorder Muse EEG`, type
///   `Accelerometer`), the device's own channels.
/// - ``muselsl``: muselsl's conventions, so `muselsl record`, `muselsl view` and eeg-notebooks find
///   everything unchanged: the device streams are named `Muse` with types `EEG`, `ACC`, `GYRO` and
///   `PPG`; the classic Muse's EEG has muselsl's five channels (TP9, AF7, AF8, TP10, `Right AUX`; the
///   AUX channel is NaN when the preset does not stream it), its PPG muselsl's three (PPG1 ambient,
///   PPG2 infrared, PPG3 red; NaN where the recorder takes no value), the IMU channels are X, Y, Z
///   (g, dps); the marker stream is named `Markers` (muselsl resolves it by name) and carries each
///   marker's code as a number, as eeg-notebooks sends them (muselsl stores markers in a numeric
///   column); device changes are not sent on it.
package enum LSLStyle: String, Sendable, CaseIterable {
    /// The recorder's own names.
    case descriptive
    /// muselsl's names, types and channel layouts.
    case muselsl
}
