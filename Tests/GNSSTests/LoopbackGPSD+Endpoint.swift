import GNSS
import TestSupport

extension LoopbackGPSD {
    /// Where the test gpsd listens, as the GNSS module names it.
    var endpoint: GPSDEndpoint { GPSDEndpoint(host: "127.0.0.1", port: port) }
}
