/// What a stored PPG or optics channel label says about its light: the sensor position and the
/// wavelength, or that it measures ambient light (no LED lit). The Muse S Athena's labels
/// (`LO_730`, `RI_AMB`, …) are the recorder's **provisional** layout (docs/muse.md, "Athena"):
/// 4 positions (left/right, outer/inner) × 730 nm, 850 nm, red (660 nm) and ambient; the classic
/// Muse's PPG stream stores one channel, `infrared`.
package struct OpticalChannel: Sendable, Equatable {
    /// The label as stored (`/Streams/<name>` `ChannelNames`).
    package var label: String
    /// The sensor position (`left outer`, `left inner`, `right inner`, `right outer`), when the label says.
    package var position: String?
    /// The position's code in the label (`LO`, `LI`, `RI`, `RO`), when the label has one.
    package var positionCode: String?
    /// The light's wavelength in nm, when known (nil for ambient and for unknown labels).
    package var wavelength: Double?
    /// Whether the channel measures ambient light (the LEDs off).
    package var isAmbient: Bool
    /// Whether the label's meaning is provisional (the Athena's optics).
    package var provisional: Bool

    /// The meaning of `label`.
    package init(label: String) {
        self.label = label
        let parts = label.split(separator: "_").map(String.init)
        let positions = ["LO": "left outer", "LI": "left inner", "RI": "right inner", "RO": "right outer"]
        if parts.count == 2, let position = positions[parts[0]] {
            self.position = position
            positionCode = parts[0]
            provisional = true
            switch parts[1] {
            case "AMB": wavelength = nil; isAmbient = true
            case "RED": wavelength = 660; isAmbient = false
            default: wavelength = Double(parts[1]); isAmbient = false
            }
        } else {
            position = nil
            positionCode = nil
            wavelength = nil
            isAmbient = label.lowercased().contains("ambient")
            provisional = label.hasPrefix("OPT")
        }
    }

    /// A description for a sidecar: `730 nm, left outer sensor (provisional label)`.
    package var text: String {
        let light = isAmbient ? "ambient light (LEDs off)" : wavelength.map { "\(Int($0)) nm" } ?? (label == "infrared" ? "infrared light" : "light")
        let place = position.map { ", \($0) sensor" } ?? ""
        return light + place + (provisional ? " (provisional label)" : "")
    }
}
