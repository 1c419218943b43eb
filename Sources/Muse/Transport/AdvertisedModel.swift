/// Which Muse model a headband is, as far as its advertisement shows, for `study-recorder devices`.
///
/// An advertisement carries the local name and the InteraXon service 0xFE8D, and nothing the public
/// sources tie to a model: the Muse 2016 and the Muse 2 advertise `Muse-XXXX`, and so does at least one
/// Muse S of the first generation; a Muse S names itself `MuseS-XXXX`, but the Muse S Athena (MS-03)
/// is told from the Muse S gen 1–2 only by its GATT table (the characteristic 273e0013), which needs a
/// connection. So this says what the name settles and no more; the model a recording was made with is
/// in its `/Device` `Model`, learned when connecting.
public enum AdvertisedModel: String, Sendable, Equatable, CaseIterable {
    /// Named `MuseS…`: a Muse S, of the first two generations or the Athena.
    case museS = "Muse S (Athena or gen 1-2: unknown until connected)"
    /// Anything else that looks like a Muse (`Muse-XXXX`, only the service 0xFE8D, no name): classic
    /// Muse, Muse 2, Muse S or Muse S Athena.
    case unknown = "unknown until connected"

    /// The model `name` (the advertised local name, if any) and `serviceUUIDs` (16-bit service UUIDs
    /// advertised) show. Service UUIDs name no model in any public source: only 0xFE8D, the vendor's,
    /// is advertised, by every Muse.
    public init(name: String?, serviceUUIDs: [UInt16] = []) {
        let name = name ?? ""
        if name.hasPrefix("MuseS") || name.hasPrefix("Muse S") {
            self = .museS
        } else {
            self = .unknown
        }
    }
}
