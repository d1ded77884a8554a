import LocationService

/// The configuration file's settings; the type lives in `LocationService`, which the Core
/// Location module shares.
typealias Configuration = WhereaboutsConfiguration

/// Where Whereabouts keeps its files (in `LocationService`, shared with the Core Location module).
typealias StandardPaths = LocationService.StandardPaths
