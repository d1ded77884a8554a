import CoreLocationLinux
import Foundation

/// How the samples print positions: five decimals (about a metre).
enum Format {
    static func coordinate(_ location: CLLocation) -> String {
        String(format: "%.5f, %.5f", location.coordinate.latitude, location.coordinate.longitude)
    }
}
