/// The Muse 2's three PPG characteristics in the order Mind Monitor's `/muse/ppg` and muselsl's PPG
/// stream carry them (PPG1 ambient, PPG2 infrared, PPG3 red): one rule for the OSC and the LSL sink,
/// so a stream holding only some of them (the recorder takes the infrared one) keeps each value in
/// its place, NaN in the others.
enum MusePPGLayout {
    /// The channels, in order.
    static let channels = ["ambient", "infrared", "red"]

    /// Each of `labels`' place among ``channels``, or nil when a label is not one of them (another
    /// headband's optics, laid out as they are) or there are none.
    static func places(of labels: [String]) -> [Int]? {
        let places = labels.compactMap { channels.firstIndex(of: $0.lowercased()) }
        return places.count == labels.count && !places.isEmpty ? places : nil
    }
}
