import Foundation
import JSONCodec
import PositioningCore
import WorldSimulator

/// A town `whereabouts simulate` wrote: what it was built from.
public enum WrittenTown {
    /// The specification `simulate` wrote `directory/town.json` from (seed, centre, size
    /// preset), checked against the counts the file records, and the preset's name.
    public static func specification(in directory: String) throws(EvaluationError) -> (TownSpecification, String) {
        let path = directory + "/" + TownWriter.FileName.description
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .badInput("\(directory) holds no \(TownWriter.FileName.description); write one with `whereabouts simulate`")
        }
        let description: JSONValue
        do {
            description = try JSONParser.parse(Array(data))
        } catch {
            throw .badInput("\(path): \(error)")
        }
        guard let seed = description["seed"]?.doubleValue, seed >= 0, seed == seed.rounded(),
            let latitude = description["centre"]?["lat"]?.doubleValue,
            let longitude = description["centre"]?["lng"]?.doubleValue,
            let extent = description["extentMeters"]?.doubleValue,
            let name = TownSize.presetNames.first(where: { TownSize(named: $0)?.extentMeters == extent }),
            let size = TownSize(named: name)
        else {
            throw .badInput("\(path): not a description of a preset-size `simulate` town")
        }
        var specification = TownSpecification(seed: UInt64(seed), centre: Coordinate(latitude: latitude, longitude: longitude), size: size)
        if let fraction = description["movedFraction"]?.doubleValue { specification.movedFraction = fraction }
        let moved = Town(specification).accessPoints.filter { $0.isMoved && $0.role == .primary }.count
        guard description["counts"]?["movedRouters"]?.doubleValue == Double(moved) else {
            throw .badInput("\(path): this version of whereabouts builds a different town from it; re-run `simulate`")
        }
        return (specification, name)
    }
}
