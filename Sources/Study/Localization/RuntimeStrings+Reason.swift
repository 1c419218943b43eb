extension RuntimeStrings {
    /// A stored interruption reason (``InterruptionReason``) in this language: the known English
    /// phrases translated, any other reason (a device's or the disk's own message) as it is.
    package func reason(_ stored: String) -> String {
        guard let key = InterruptionReason.keys[stored] else { return stored }
        return self(key)
    }
}
