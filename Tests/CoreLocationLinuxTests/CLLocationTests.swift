import Foundation
import Testing

@testable import CoreLocationLinux

/// `CLLocation`'s 95 % radius, beside Core Location's 68 % `horizontalAccuracy`.
@Suite struct CLLocationTests {
    static let here = CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405)

    @Test func aLocationMadeByHandGetsTheGaussian95PercentRadius() {
        let location = CLLocation(coordinate: Self.here, altitude: 0, horizontalAccuracy: 100, verticalAccuracy: -1, timestamp: Date())
        #expect(abs(location.horizontalAccuracy95 - 162.1) < 0.1)
    }

    @Test func aGiven95PercentRadiusIsKeptAndAnInvalidPositionHasNone() {
        let calibrated = CLLocation(
            coordinate: Self.here, altitude: 0, horizontalAccuracy: 40, verticalAccuracy: -1, course: -1, courseAccuracy: -1,
            speed: -1, speedAccuracy: -1, timestamp: Date(), horizontalAccuracy95: 120)
        #expect(calibrated.horizontalAccuracy95 == 120)
        let invalid = CLLocation(coordinate: Self.here, altitude: 0, horizontalAccuracy: -1, verticalAccuracy: -1, timestamp: Date())
        #expect(invalid.horizontalAccuracy95 < 0)
    }
}
