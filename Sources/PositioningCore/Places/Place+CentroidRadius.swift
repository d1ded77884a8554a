import Foundation

extension Place {
    /// How far from its recorded centre a spot in the place may lie, in metres: the radius of a
    /// disc holding the place's inhabitants at a town's density (2,000 per km²), at least 1 km
    /// (a village's centre is still a guess at any one house) and at most 20 km; 2 km when the
    /// population is unknown. What `learn --at PLACE` pins a scan with when no accuracy is
    /// given: a place's position is a centroid, not the laptop's position.
    ///
    /// ```swift
    /// berlin.centroidRadius   // 3.7 M people: 20,000 m (capped); a town of 50,000: 2,821 m
    /// ```
    public var centroidRadius: Double {
        guard population > 0 else { return 2_000 }
        let areaSquareMetres = Double(population) / 2_000 * 1_000_000
        return min(max((areaSquareMetres / Double.pi).squareRoot(), 1_000), 20_000).rounded()
    }
}
