/// Whether the app may use location services (`CLAuthorizationStatus`, Apple's raw values).
/// Linux has no per-app prompt: the status is `.authorizedAlways` while location services are
/// enabled (`enabled` in `whereabouts.conf`) and `.denied` when they are not.
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

/// How precise the granted positions are (`CLAccuracyAuthorization`). Here: `.fullAccuracy`
/// when the process may trigger Wi-Fi scans (`CAP_NET_ADMIN`), `.reducedAccuracy` when it may
/// not (Wi-Fi is then refused and positions come from the cell, kilometres wide, unless a GPS
/// is attached).
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// Which side of a region's boundary the device is on (`CLRegionState`).
public enum CLRegionState: Int, Sendable {
    case unknown = 0
    case inside = 1
    case outside = 2
}
