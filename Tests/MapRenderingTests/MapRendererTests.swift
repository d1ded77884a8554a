import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import JSONCodec
import PositioningCore
import Testing

@testable import MapRendering

@Suite struct MapRendererTests {
    static let fix = Coordinate(latitude: 52.52, longitude: 13.405)

    static var sampleMap: FixMap {
        let location = Location(coordinate: fix, horizontalAccuracy: 40, source: .wifi)
        return FixMap(
            location: location, method: .accessPointCentroid,
            used: [
                FixMap.Emitter(id: "00:11:22:33:44:55", kind: .accessPoint,
                               coordinate: Geodesy.destination(from: fix, distance: 30, bearing: 45), weight: 0.7,
                               name: "Café <&> \"Wi-Fi\""),
                FixMap.Emitter(id: "00:11:22:33:44:66", kind: .accessPoint,
                               coordinate: Geodesy.destination(from: fix, distance: 50, bearing: 200), weight: 0.2),
                FixMap.Emitter(id: "LTE 262/1/100/12345", kind: .cell,
                               coordinate: Geodesy.destination(from: fix, distance: 90, bearing: 300), weight: 0.1),
            ],
            rejected: [
                FixMap.Emitter(id: "00:11:22:33:44:77", kind: .accessPoint,
                               coordinate: Geodesy.destination(from: fix, distance: 400, bearing: 90), rejection: .outlier),
                FixMap.Emitter(id: "02:00:00:00:00:01", kind: .accessPoint, coordinate: nil, rejection: .unknown),
            ],
            placeDescription: "120 m from Mitte, Berlin, Germany")
    }

    /// Parses `svg` with Foundation's XML parser and collects element names and attributes.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    static func parse(_ svg: String) throws -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        return collector
    }

    @Test func theFixPictureIsWellFormedSVGWithEverythingOnIt() throws {
        let svg = FixMapRenderer().render(Self.sampleMap)
        let document = try Self.parse(svg)
        #expect(document.elements.first?.name == "svg")
        #expect(document.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let groups = Set(document.elements.filter { $0.name == "g" }.compactMap { $0.attributes["id"] })
        #expect(groups.isSuperset(of: ["uncertainty", "fix", "used-emitters", "rejected-emitters", "scale-bar", "legend"]))
        #expect(document.text.contains("outlier"))
        #expect(document.text.contains("Mitte, Berlin"))
        #expect(document.text.contains("1 not on the map: unknown to the radio map"))
        #expect(document.text.contains("±40 m"))
    }

    @Test func usedEmittersAreSizedByWeight() throws {
        let svg = FixMapRenderer().render(Self.sampleMap)
        let document = try Self.parse(svg)
        let radii = document.elements.filter { $0.name == "circle" && $0.attributes["fill"] == "#1f9d55"
            && $0.attributes["fill-opacity"] == "0.85" }.compactMap { Double($0.attributes["r"] ?? "") }
        #expect(radii.count == 2)
        #expect(radii[0] > radii[1])
    }

    @Test func theUncertaintyCircleIsDrawnToScale() throws {
        let svg = FixMapRenderer().render(Self.sampleMap)
        let document = try Self.parse(svg)
        let circle = try #require(document.elements.first { $0.name == "circle" && $0.attributes["stroke-dasharray"] == "8 5" })
        let radius = try #require(Double(circle.attributes["r"] ?? ""))
        // The view spans the outlier 400 m away plus margin over 800 px.
        #expect(radius > 10 && radius < 80)
    }

    @Test func nothingIsLoadedFromOutside() {
        for svg in [FixMapRenderer().render(Self.sampleMap), CoverageMapRenderer().render(Self.sampleCoverage)] {
            let withoutNamespace = svg.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
            for forbidden in ["http:", "https:", "href", "url(", "<script", "<image", "@import"] {
                #expect(!withoutNamespace.contains(forbidden), "\(forbidden)")
            }
        }
    }

    @Test func theNearestPlaceIsMarkedWhenItIsOnThePicture() throws {
        var map = Self.sampleMap
        map.placeMarker = ("Mitte", Geodesy.destination(from: Self.fix, distance: 60, bearing: 0))
        #expect(FixMapRenderer().render(map).contains(#"<g id="place">"#))
        map.placeMarker = ("Potsdam", Coordinate(latitude: 52.4, longitude: 13.06))
        #expect(!FixMapRenderer().render(map).contains("Potsdam"))
    }

    @Test func textIsEscaped() throws {
        var map = Self.sampleMap
        map.placeDescription = "A & B <C> \"D\""
        let document = try Self.parse(FixMapRenderer().render(map))
        #expect(document.text.contains("A & B <C> \"D\""))
    }

    @Test(arguments: [(0.5, 200.0, 100.0), (2.0, 200.0, 200.0), (10.0, 200.0, 2000.0), (7.0, 200.0, 1000.0), (0.1, 200.0, 20.0), (30.0, 200.0, 5000.0)])
    func scaleBarsAreRoundNumbers(metresPerPixel: Double, maximumPixels: Double, metres: Double) {
        let bar = ScaleBar(metresPerPixel: metresPerPixel, maximumPixels: maximumPixels)
        #expect(bar.metres == metres)
        #expect(bar.pixels <= maximumPixels)
    }

    static var sampleCoverage: CoverageMap {
        CoverageMap(
            center: fix, radius: 300,
            accessPoints: [CoverageMap.AccessPoint(coordinate: fix, status: .usable),
                           CoverageMap.AccessPoint(coordinate: Geodesy.destination(from: fix, distance: 100, bearing: 10), status: .moved)],
            cells: [CoverageMap.Cell(coordinate: Geodesy.destination(from: fix, distance: 150, bearing: 100), radius: 500)],
            track: [Geodesy.destination(from: fix, distance: 50, bearing: 270)],
            places: [Place(id: 1, name: "Mitte", asciiName: "Mitte", coordinate: fix, featureCode: "PPLX",
                           countryCode: "DE", admin1Code: "16", population: 1000)])
    }

    @Test func theCoveragePictureShowsEachKind() throws {
        let document = try Self.parse(CoverageMapRenderer().render(Self.sampleCoverage))
        let groups = Set(document.elements.filter { $0.name == "g" }.compactMap { $0.attributes["id"] })
        #expect(groups.isSuperset(of: ["access-points", "cells", "cell-ranges", "survey-track", "places", "scale-bar", "legend"]))
        #expect(document.text.contains("Mitte"))
        #expect(document.text.contains("2 Wi-Fi access points"))
    }

    @Test func geoJSONHasTheFixTheCircleAndThePlacedEmitters() throws {
        let value = try JSONParser.parse(Array(FixGeoJSON.string(for: Self.sampleMap).utf8))
        #expect(value["type"]?.stringValue == "FeatureCollection")
        let features = try #require(value["features"]?.arrayValue)
        #expect(features.count == 6)  // fix, circle, 3 used, 1 placed rejected
        let fix = try #require(features.first)
        #expect(fix["geometry"]?["coordinates"]?[0]?.doubleValue == 13.405)  // longitude first
        let ring = try #require(features[1]["geometry"]?["coordinates"]?[0]?.arrayValue)
        #expect(ring.count == FixGeoJSON.circleVertices + 1)
        #expect(ring.first == ring.last)
        let roles = features.compactMap { $0["properties"]?["role"]?.stringValue }
        #expect(roles == ["fix", "uncertainty", "used", "used", "used", "rejected"])
    }
}
