/// The versions of the recorder's Muse decoders, stored with every Muse recording (`/Provenance`
/// `DecoderVersion`) so that a recording says which decoding made its samples. A version goes up
/// whenever the same bytes would decode to other samples, times or streams (a scale, a channel
/// order, a block order, a battery field).
package enum MuseDecoderVersion {
    /// The classic headband's 12-bit protocol (Muse 2016, Muse 2, Muse S gen 1–2).
    package static let classic = "muse-classic/1"
    /// The Muse S Athena's multiplexed protocol (MS-03).
    package static let athena = "muse-athena/1"
}
