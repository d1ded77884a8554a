import Foundation
import PositioningCore

/// Maps coordinates to SVG pixels around a centre: a local tangent plane scaled to fit, north up.
///
/// Over the few kilometres a fix or a town covers, the azimuthal projection keeps distances
/// true to well under a pixel, so the scale bar is right everywhere on the picture.
public struct MapViewport: Sendable {
    /// The coordinate drawn at the centre of the drawing area.
    public let center: Coordinate
    /// Ground metres per pixel.
    public let metresPerPixel: Double
    /// The drawing area's centre in pixels.
    public let pixelCenter: (x: Double, y: Double)
    private let plane: LocalTangentPlane

    /// A viewport showing `radius` metres around `center` in a square of `side` pixels centred at `pixelCenter`.
    public init(center: Coordinate, radius: Double, side: Double, pixelCenter: (x: Double, y: Double)) {
        self.center = center
        self.metresPerPixel = max(radius, 1) * 2 / side
        self.pixelCenter = pixelCenter
        plane = LocalTangentPlane(origin: center)
    }

    /// The pixel position of `coordinate`.
    public func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let (east, north) = plane.project(coordinate)
        return (pixelCenter.x + east / metresPerPixel, pixelCenter.y - north / metresPerPixel)
    }

    /// `metres` on the ground in pixels.
    public func pixels(_ metres: Double) -> Double { metres / metresPerPixel }

    /// The smallest radius around `center` that holds every point of `coordinates` and the
    /// circles `radii` around the points that have one, with `margin` (0.15 = 15 %) to spare.
    public static func radius(
        around center: Coordinate, covering circles: [(Coordinate, Double)], margin: Double, minimum: Double
    ) -> Double {
        var radius = minimum
        for (coordinate, extra) in circles {
            radius = max(radius, Geodesy.distance(from: center, to: coordinate) + extra)
        }
        return radius * (1 + margin)
    }
}
