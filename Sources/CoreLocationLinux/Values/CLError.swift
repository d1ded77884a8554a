import Foundation
import LocationService

/// Why Core Location could not do what was asked, as Apple's `CLError`: a code in
/// `kCLErrorDomain` and, here, a reason in the user info (`localizedDescription`).
///
/// ```swift
/// func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
///     if let error = error as? CLError, error.code == .denied { manager.stopUpdatingLocation() }
/// }
/// ```
public struct CLError: Error, CustomNSError, Hashable, Sendable {
    /// The codes of Apple's `CLError.Code`, with Apple's raw values.
    public enum Code: Int, Sendable, Hashable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
        case headingFailure = 3
        case regionMonitoringDenied = 4
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
        case regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8
        case geocodeFoundPartialResult = 9
        case geocodeCanceled = 10
        case deferredFailed = 11
        case deferredNotUpdatingLocation = 12
        case deferredAccuracyTooLow = 13
        case deferredDistanceFiltered = 14
        case deferredCanceled = 15
        case rangingUnavailable = 16
        case rangingFailure = 17
        case promptDeclined = 18
        case historicalLocationError = 19
    }

    /// What went wrong.
    public let code: Code
    /// Why, in words a user can act on (`NSLocalizedDescriptionKey`).
    public let reason: String?

    /// An error with `code`; a `String` under `NSLocalizedDescriptionKey` becomes the reason.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        reason = userInfo[NSLocalizedDescriptionKey] as? String
    }

    init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The location service's error as Core Location reports it: disabled or denied →
    /// `.denied`, no source or no fix → `.locationUnknown`, a refused region →
    /// `.regionMonitoringFailure`.
    init(_ error: LocationError) {
        switch error {
        case .disabled, .denied: self.init(.denied, reason: error.description + Self.trail(error))
        case .noSources, .locationUnknown: self.init(.locationUnknown, reason: error.description + Self.trail(error))
        case .regionMonitoringFailed: self.init(.regionMonitoringFailure, reason: error.description)
        }
    }

    private static func trail(_ error: LocationError) -> String {
        let reasons = error.attempts.compactMap { attempt in attempt.reason.map { "\(attempt.source.rawValue): \($0)" } }
        return reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")"
    }

    public static var errorDomain: String { kCLErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] {
        reason.map { [NSLocalizedDescriptionKey: $0] } ?? [:]
    }

    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var network: Code { .network }
    public static var headingFailure: Code { .headingFailure }
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    public static var regionMonitoringSetupDelayed: Code { .regionMonitoringSetupDelayed }
    public static var regionMonitoringResponseDelayed: Code { .regionMonitoringResponseDelayed }
    public static var geocodeFoundNoResult: Code { .geocodeFoundNoResult }
    public static var geocodeFoundPartialResult: Code { .geocodeFoundPartialResult }
    public static var geocodeCanceled: Code { .geocodeCanceled }
    public static var deferredFailed: Code { .deferredFailed }
    public static var rangingUnavailable: Code { .rangingUnavailable }
    public static var rangingFailure: Code { .rangingFailure }
    public static var promptDeclined: Code { .promptDeclined }
}

/// Matches a `CLError` by its code: `catch CLError.denied { … }`, as on Apple's platforms.
public func ~= (code: CLError.Code, error: any Error) -> Bool {
    (error as? CLError)?.code == code
}
