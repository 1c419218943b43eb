import Foundation

extension CatalogItem {
    /// The name people see for the item: its file name without the participant's UUID
    /// (`r_rest_1_2_3.h5` for `recordings/<uuid>/r_rest_1_2_3_<uuid>.h5`), as `list` shows it. The
    /// folder says whose it is; every command that takes an item accepts this name
    /// (``DataStore/item(named:)``).
    public var shownName: String {
        (path as NSString).lastPathComponent.replacingOccurrences(of: "_" + participant, with: "")
    }
}
