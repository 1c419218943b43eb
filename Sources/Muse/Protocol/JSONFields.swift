import Foundation

/// The top-level fields of one JSON object, read leniently: a field of an unexpected type reads as
/// `nil` instead of failing the whole reply, and numbers and strings convert into each other where
/// that is unambiguous. Internal helper of ``MuseDeviceInfo`` and ``MuseStatus``.
struct JSONFields {
    private let object: [String: Any]

    /// Parses `json`; `nil` when it is not a JSON object (garbage never traps, it throws inside
    /// `JSONSerialization` and ends up here as `nil`).
    init?(json: String) {
        guard let data = json.data(using: .utf8),
            let parsed = try? JSONSerialization.jsonObject(with: data, options: []),
            let object = parsed as? [String: Any]
        else { return nil }
        self.object = object
    }

    /// The keys present.
    var keys: Set<String> { Set(object.keys) }

    /// A string field; a number is rendered as text (`"hw": 3.1` reads as `"3.1"`).
    func string(_ key: String) -> String? {
        switch object[key] {
        case let value as String: return value
        case let value as NSNumber: return value.stringValue
        default: return nil
        }
    }

    /// An integer field; a numeric string converts, a fractional or out-of-range number reads `nil`.
    func int(_ key: String) -> Int? {
        switch object[key] {
        case let value as String:
            return Int(value.trimmingCharacters(in: .whitespaces))
        case let value as NSNumber:
            let double = value.doubleValue
            guard double.isFinite, double == double.rounded(),
                double >= -9.0e15, double <= 9.0e15
            else { return nil }
            return Int(double)
        default:
            return nil
        }
    }

    /// A numeric field as `Double` (numeric strings convert).
    func double(_ key: String) -> Double? {
        switch object[key] {
        case let value as String: return Double(value.trimmingCharacters(in: .whitespaces))
        case let value as NSNumber: return value.doubleValue.isFinite ? value.doubleValue : nil
        default: return nil
        }
    }
}
