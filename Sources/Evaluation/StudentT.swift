import Foundation

/// Student's t distribution on a whole number of degrees of freedom, for intervals drawn from
/// few units.
///
/// ```swift
/// StudentT.twoSidedQuantile(0.95, degreesOfFreedom: 4)  // 2.776
/// ```
public enum StudentT {
    /// P(|T| ≤ t) for T with `degreesOfFreedom` degrees of freedom.
    ///
    /// The finite series in θ = atan(t / √ν) of Abramowitz & Stegun 26.7.3–26.7.4, exact for
    /// every whole ν.
    public static func twoSidedProbability(_ t: Double, degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom >= 1, "at least one degree of freedom")
        let nu = degreesOfFreedom
        let theta = atan(abs(t) / Double(nu).squareRoot())
        let (sine, cosine) = (sin(theta), cos(theta))
        let cosineSquared = cosine * cosine
        // Σ of the products 2·4…(k−1) / 1·3…k (odd ν) or 1·3…(k−1) / 2·4…k (even ν) times cosᵏ.
        var term = nu.isMultiple(of: 2) ? 1.0 : cosine
        var sum = nu == 1 ? 0 : term
        var power = nu.isMultiple(of: 2) ? 2 : 3
        while power <= nu - 2 {
            term *= cosineSquared * Double(power - 1) / Double(power)
            sum += term
            power += 2
        }
        return nu.isMultiple(of: 2) ? sine * sum : 2 / Double.pi * (theta + sine * sum)
    }

    /// The t with P(|T| ≤ t) = `confidence` (e.g. 0.95), found by bisection to 1e-9.
    public static func twoSidedQuantile(_ confidence: Double, degreesOfFreedom: Int) -> Double {
        precondition(confidence > 0 && confidence < 1, "a confidence between 0 and 1")
        var (low, high) = (0.0, 1.0)
        while twoSidedProbability(high, degreesOfFreedom: degreesOfFreedom) < confidence { high *= 2 }
        while high - low > 1e-9 {
            let middle = (low + high) / 2
            if twoSidedProbability(middle, degreesOfFreedom: degreesOfFreedom) < confidence { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
