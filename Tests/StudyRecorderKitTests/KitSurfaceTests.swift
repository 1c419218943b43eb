import Foundation
import Testing
import TestSupport

/// The kit is the one door to the recorder (docs/decisions/0013): in the modules below it `public`
/// means SDK surface, re-exported by the kit; the machinery is `package`; the package ships the
/// command, the kit and its testing product. These read the sources, so a type that turns public
/// without being chosen, or a re-export that names a `package` type, fails here and not in a
/// client's build.
@Suite struct KitSurfaceTests {
    /// The modules whose public types the kit re-exports.
    static let belowTheKit = ["DataSources", "Muse", "Processing", "RecordingPipeline", "Report", "Storage", "Study", "Transfer"]
    /// The modules only the command uses: nothing in them is public.
    static let commandOnly = ["Collection", "Exports", "Notifications", "Streaming", "Typesetting"]
    /// Machinery whose guarantees the kit's doors hold (locks, sealing, recovery, one upload path):
    /// none of it may become public.
    static let machinery = [
        "RecordingWriter", "RecordingReader", "RecordingInProgress", "Catalog", "Sealer", "Recovery", "Uploader",
        "WebDAVDestination", "SimulatedHeadband", "SimulatorEngine", "StudyRunner", "SignalProcessor", "QualityMonitor",
        "ATTClient",
    ]

    static let declaration = try! NSRegularExpression(
        pattern: #"^public\s+(?:final\s+)?(struct|class|enum|actor|protocol|typealias)\s+(\w+)"#, options: [.anchorsMatchLines])

    /// The public top-level types of `module`, by name.
    static func publicTypes(of module: String) throws -> Set<String> {
        let folder = ProjectPaths.root.appendingPathComponent("Sources/\(module)")
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 2), in: text)!]))
            }
        }
        return names
    }

    @Test func theKitReExportsEveryPublicTypeBelowItAndNothingElse() throws {
        let kit = try String(
            contentsOf: ProjectPaths.root.appendingPathComponent("Sources/StudyRecorderKit/StudyRecorderKit.swift"), encoding: .utf8)
        let reExport = try NSRegularExpression(pattern: #"^@_exported import \w+ (\w+)\.(\w+)$"#, options: [.anchorsMatchLines])
        var exported: Set<String> = []
        for match in reExport.matches(in: kit, range: NSRange(kit.startIndex..., in: kit)) {
            exported.insert("\(kit[Range(match.range(at: 1), in: kit)!]).\(kit[Range(match.range(at: 2), in: kit)!])")
        }
        var public_: Set<String> = []
        for module in Self.belowTheKit {
            public_.formUnion(try Self.publicTypes(of: module).map { "\(module).\($0)" })
        }
        #expect(exported.subtracting(public_).sorted() == [], "re-exported but not public (scripts/kit-exports prints the list)")
        #expect(public_.subtracting(exported).sorted() == [], "public but not re-exported: make it package, or add it")
        #expect(exported.count < 100, "the SDK surface is chosen type by type: \(exported.count) types")
    }

    @Test func theMachineryIsNotPublic() throws {
        var found: [String] = []
        for module in Self.belowTheKit + Self.commandOnly {
            found += try Self.publicTypes(of: module).filter { Self.machinery.contains($0) }.map { "\(module).\($0)" }
        }
        #expect(found == [])
        for module in Self.commandOnly {
            #expect(try Self.publicTypes(of: module) == [], "\(module) is the command's")
        }
    }

    @Test func thePackageShipsTheCommandTheKitAndItsTestingProduct() throws {
        let manifest = try String(contentsOf: ProjectPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let product = try NSRegularExpression(pattern: #"\.(library|executable)\(name: "([\w-]+)""#)
        let names = product.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).map {
            String(manifest[Range($0.range(at: 2), in: manifest)!])
        }
        #expect(names.sorted() == ["StudyRecorderKit", "StudyRecorderTesting", "study-recorder"])
        // The examples are built as a client outside the package is: public API only.
        #expect(manifest.components(separatedBy: "packageAccess: false").count - 1 == 2)
    }
}
