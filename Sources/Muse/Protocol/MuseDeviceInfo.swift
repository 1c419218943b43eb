/// The headband's answer to `v1` (``MuseCommand/versionInfo``), e.g.
/// `{"ap":"headset","sp":"RevE","tp":"consumer","hw":"3.1","bn":27,"fw":"1.2.13","bl":"1.2.3","pv":1,"rc":0}`.
///
/// Every field is optional: firmwares differ, so missing keys read as `nil`, unknown keys are ignored,
/// and a field of the wrong type reads as `nil`. Store it with the recording so data can be traced to
/// the firmware that produced it.
package struct MuseDeviceInfo: Sendable, Equatable {
    /// `fw`: firmware version, e.g. `"1.2.13"`.
    package var firmwareVersion: String?
    /// `hw`: hardware version, e.g. `"3.1"`.
    package var hardwareVersion: String?
    /// `bn`: firmware build number.
    package var buildNumber: Int?
    /// `bl`: bootloader version.
    package var bootloaderVersion: String?
    /// `sp`: the board revision, e.g. `"RevE"`.
    package var boardRevision: String?
    /// `tp`: the product type, e.g. `"consumer"`.
    package var productType: String?
    /// `ap`: the running application, e.g. `"headset"`.
    package var application: String?
    /// `pv`: protocol version.
    package var protocolVersion: Int?
    /// `rc`: result code, 0 = OK.
    package var resultCode: Int?

    /// Creates device information from its fields.
    package init(
        firmwareVersion: String? = nil, hardwareVersion: String? = nil, buildNumber: Int? = nil,
        bootloaderVersion: String? = nil, boardRevision: String? = nil, productType: String? = nil,
        application: String? = nil, protocolVersion: Int? = nil, resultCode: Int? = nil
    ) {
        self.firmwareVersion = firmwareVersion
        self.hardwareVersion = hardwareVersion
        self.buildNumber = buildNumber
        self.bootloaderVersion = bootloaderVersion
        self.boardRevision = boardRevision
        self.productType = productType
        self.application = application
        self.protocolVersion = protocolVersion
        self.resultCode = resultCode
    }

    /// Reads a `v1` reply; `nil` only when `json` is not a JSON object at all.
    package init?(json: String) {
        guard let fields = JSONFields(json: json) else { return nil }
        self.init(
            firmwareVersion: fields.string("fw"), hardwareVersion: fields.string("hw"),
            buildNumber: fields.int("bn"), bootloaderVersion: fields.string("bl"),
            boardRevision: fields.string("sp"), productType: fields.string("tp"),
            application: fields.string("ap"), protocolVersion: fields.int("pv"),
            resultCode: fields.int("rc")
        )
    }
}
