import Foundation
import PositioningCore
import Testing

@testable import CoreLocationLinux
@testable import LocationService

@Suite struct CLErrorTests {
    static let unavailable = [SourceAttempt(source: .gps, outcome: .unavailable, reason: "gpsd is not running")]

    @Test(arguments: [
        (LocationError.disabled, CLError.Code.denied),
        (.denied(attempts: [SourceAttempt(source: .wifi, outcome: .denied, reason: "needs CAP_NET_ADMIN")]), .denied),
        (.noSources(attempts: unavailable), .locationUnknown),
        (.locationUnknown(attempts: [SourceAttempt(source: .gps, outcome: .noFix)]), .locationUnknown),
        (.regionMonitoringFailed(reason: "at most 20 regions can be monitored"), .regionMonitoringFailure),
    ])
    func serviceErrorsMapToCoreLocationCodes(error: LocationError, code: CLError.Code) {
        #expect(CLError(error).code == code)
    }

    @Test func theReasonAndTheSourcesTriedAreInTheLocalizedDescription() {
        let error = CLError(LocationError.noSources(attempts: Self.unavailable))
        #expect(error.localizedDescription == "no location source is available here (gps: gpsd is not running)")
    }

    @Test func itBridgesToNSErrorInTheCoreLocationDomainAndMatchesByCode() {
        let error: any Error = CLError(.denied)
        let bridged = error as NSError
        #expect(bridged.domain == kCLErrorDomain)
        #expect(bridged.code == 1)
        do {
            throw error
        } catch CLError.denied {
            // matched by code, as on Apple's platforms
        } catch {
            Issue.record("CLError.denied did not match")
        }
        #expect(CLError(.network, userInfo: [NSLocalizedDescriptionKey: "offline"]).localizedDescription == "offline")
    }
}
