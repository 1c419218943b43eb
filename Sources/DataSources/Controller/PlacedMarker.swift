/// A marker placed on the EEG sample it belongs to: the one whose time on the recording clock is
/// nearest the moment the marker was set for.
///
/// ``DataController/mark(_:at:)`` places every marker this way. A marker whose sample is in the block
/// being delivered travels in that block's ``SampleBlock/markers``; one whose sample was delivered
/// already (the moment lay before the newest sample) is announced as ``DataEvent/marker(_:)``, so a
/// recorder writes it at that earlier sample. A moment inside a gap lands on the lost sample nearest
/// it (its index, and its time by ``GapTiming``), announced just after the block that ends the gap;
/// past the last sample of a run, on the sample the moment gives at the nominal rate. A recorder
/// stores such a marker on a NaN row: the marker keeps its time, the data under it is missing.
package struct PlacedMarker: Sendable, Equatable {
    /// The marker.
    package var marker: Marker
    /// The moment it was set for, seconds since the Unix epoch on the recording clock.
    package var moment: Double
    /// The EEG sample it is placed on (the source's index, as ``SampleBlock/firstIndex`` counts).
    package var sample: Int64
    /// That sample's time on the recording clock.
    package var sampleTime: Double

    /// Creates a placement.
    package init(marker: Marker, moment: Double, sample: Int64, sampleTime: Double) {
        self.marker = marker
        self.moment = moment
        self.sample = sample
        self.sampleTime = sampleTime
    }
}

/// Names one marker set with ``DataController/mark(_:at:)``, to ask later where it was placed.
public struct MarkerTicket: Sendable, Hashable {
    let id: Int
}
