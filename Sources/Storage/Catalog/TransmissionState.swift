/// Where an item stands on its way to the study's server.
public enum TransmissionState: String, Sendable, Codable, CaseIterable {
    /// Still being written (a recording in progress); never uploaded in this state.
    case writing
    /// Complete and waiting to be sent (again, after a failure: see attempts and next attempt).
    case pending
    /// Claimed by an upload run that is sending it now.
    case sending
    /// The server confirmed it.
    case transmitted
    /// Retired on record by a person (`study-recorder resolve ITEM --retire`): kept on this device,
    /// never uploaded; ``CatalogItem/retiredReason`` says why. For an item that can never be sent as
    /// catalogued (its file lost or damaged, no copy to restore it from).
    case retired
}
