import Geolocation
import JSONCodec
import PositioningCore
import SurveyFormats

extension GeolocateService {
    /// `/v1/country`: the country the request's radios are in, in the shape of Ichnaea's
    /// region API, `{"country_code":"DE","country_name":"Germany"}`; 404 `notFound` when it
    /// cannot tell.
    ///
    /// The cells' mobile country code decides first, as in Ichnaea: an MCC that belongs to one
    /// country names it without a map lookup (a cell the map does not know still counts).
    /// Otherwise — an MCC shared by several countries (310: the United States, Guam, Puerto
    /// Rico…) or no cells — the position the geolocate pipeline computes names it, through the
    /// nearest imported place (`import` of GeoNames places); when cells named candidates, that
    /// place's country must be one of them.
    func country(_ body: [UInt8], from client: String) -> HTTPResponse {
        let request: GeolocateRequest
        switch preparedRequest(body, from: client) {
        case .request(let prepared, _): request = prepared
        case .refused(let refusal): return HTTPResponse(error: refusal)
        case .answered(let response): return response
        }
        var candidates: [String] = []
        for cell in request.cellTowers {
            for code in MobileCountryCodes.countries(forMCC: cell.identity.mcc) where !candidates.contains(code) {
                candidates.append(code)
            }
        }
        if candidates.count == 1 {
            statistics.add(.found)
            return Self.countryResponse(code: candidates[0], name: nil)
        }
        do {
            let answer = try geolocator.answer(to: request, from: client)
            guard let named = answer.place?.place, !named.place.countryCode.isEmpty,
                  candidates.isEmpty || candidates.contains(named.place.countryCode.uppercased()) else {
                return HTTPResponse(error: .notFound)
            }
            statistics.add(.found)
            return Self.countryResponse(code: named.place.countryCode, name: named.countryName)
        } catch {
            return HTTPResponse(error: GeolocateErrorResponse(code: 500, reason: "internalError", message: "Radio map error: \(error)"))
        }
    }

    /// Ichnaea's country answer; the name from the imported places when they have one, else
    /// from the MCC table's (ISO 3166-1 English names).
    private static func countryResponse(code: String, name: String?) -> HTTPResponse {
        let code = code.uppercased()
        var writer = JSONWriter(reservingCapacity: 64)
        writer.beginObject()
        writer.writeKey("country_code")
        writer.write(code)
        writer.writeKey("country_name")
        writer.write(name.flatMap { $0.isEmpty ? nil : $0 } ?? MobileCountryCodes.name(ofCountry: code) ?? code)
        writer.endObject()
        return HTTPResponse(statusCode: 200, body: writer.bytes)
    }
}
