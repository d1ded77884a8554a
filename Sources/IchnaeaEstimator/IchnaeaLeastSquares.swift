import Foundation

/// MINPACK's `lmdif` Levenberg–Marquardt minimizer, as `scipy.optimize.leastsq` runs it for
/// Ichnaea (`ichnaea/api/locate/mac.py`, `aggregate_mac_position`).
///
/// Ichnaea's Wi-Fi position is wherever this solver *stops*, not the exact optimum: with
/// SciPy's defaults (ftol = xtol = 1.49012e-8, gtol = 0, forward differences with a step of
/// √ε·|x|, step bound factor 100) it usually stops on the step-size test a few centimetres
/// short. Its own `test_weight` (accuracy 39.51 m) depends on that, so this is a faithful
/// re-implementation of Moré's algorithm (MINPACK-1, ANL-80-74: `lmdif`, `lmpar`, `qrfac`,
/// `qrsolv`, `fdjac2`), not a generic least-squares fit.
struct IchnaeaLeastSquares {
    /// Why the solver stopped, numbered as MINPACK's `info`.
    enum Termination: Int {
        case improperInput = 0
        case sumOfSquaresConverged = 1
        case stepConverged = 2
        case bothConverged = 3
        case gradientOrthogonal = 4
        case tooManyEvaluations = 5
        case sumOfSquaresAtMachinePrecision = 6
        case stepAtMachinePrecision = 7
        case gradientAtMachinePrecision = 8

        /// Whether SciPy reports a solution (`ier` in 1…4); otherwise Ichnaea keeps its guess.
        var foundSolution: Bool { (1...4).contains(rawValue) }
    }

    var functionTolerance = 1.49012e-8
    var stepTolerance = 1.49012e-8
    var gradientTolerance = 0.0
    var stepBoundFactor = 100.0

    static let machineEpsilon = Double.ulpOfOne

    /// Minimizes the sum of squares of `residuals(x)` from `start`.
    /// - Returns: the point where the solver stopped and why.
    func minimize(from start: [Double], residuals: ([Double]) -> [Double]) -> (solution: [Double], termination: Termination) {
        let n = start.count
        var x = start
        var fvec = residuals(x)
        let m = fvec.count
        guard n > 0, m >= n else { return (start, .improperInput) }
        let maximumEvaluations = 200 * (n + 1)
        var evaluations = 1
        var fnorm = Self.norm(fvec)
        var par = 0.0
        var iteration = 1
        var diag = [Double](repeating: 0, count: n)
        var delta = 0.0
        var xnorm = 0.0
        // SciPy passes epsfcn = machine epsilon, so the difference step is √ε·|x|.
        let differenceStep = Self.machineEpsilon.squareRoot()

        while true {
            // Forward-difference Jacobian (fdjac2), row = residual, column = parameter.
            var jacobian = [[Double]](repeating: [Double](repeating: 0, count: n), count: m)
            for j in 0..<n {
                let saved = x[j]
                var h = differenceStep * abs(saved)
                if h == 0 { h = differenceStep }
                x[j] = saved + h
                let shifted = residuals(x)
                x[j] = saved
                for i in 0..<m { jacobian[i][j] = (shifted[i] - fvec[i]) / h }
            }
            evaluations += n

            let qr = Self.factorizeQR(&jacobian)
            if iteration == 1 {
                diag = qr.columnNorms.map { $0 == 0 ? 1 : $0 }
                xnorm = Self.norm(zip(diag, x).map(*))
                delta = stepBoundFactor * xnorm
                if delta == 0 { delta = stepBoundFactor }
            }

            // Qᵀ·f into qtf; the R diagonal goes back onto the Jacobian's diagonal.
            var qtf = [Double](repeating: 0, count: n)
            var transformed = fvec
            for j in 0..<n {
                if jacobian[j][j] != 0 {
                    var sum = 0.0
                    for i in j..<m { sum += jacobian[i][j] * transformed[i] }
                    let temp = -sum / jacobian[j][j]
                    for i in j..<m { transformed[i] += jacobian[i][j] * temp }
                }
                jacobian[j][j] = qr.diagonal[j]
                qtf[j] = transformed[j]
            }

            // The scaled gradient's largest cosine with the residual vector.
            var gnorm = 0.0
            if fnorm != 0 {
                for j in 0..<n {
                    let l = qr.permutation[j]
                    guard qr.columnNorms[l] != 0 else { continue }
                    var sum = 0.0
                    for i in 0...j { sum += jacobian[i][j] * (qtf[i] / fnorm) }
                    gnorm = max(gnorm, abs(sum / qr.columnNorms[l]))
                }
            }
            if gnorm <= gradientTolerance { return (x, .gradientOrthogonal) }
            for j in 0..<n { diag[j] = max(diag[j], qr.columnNorms[j]) }

            var ratio = 0.0
            repeat {
                let step = Self.levenbergMarquardtParameter(
                    r: &jacobian, permutation: qr.permutation, diag: diag, qtb: qtf, delta: delta, par: &par)
                let negatedStep = step.map { -$0 }
                let trial = zip(x, negatedStep).map(+)
                let pnorm = Self.norm(zip(diag, negatedStep).map(*))
                if iteration == 1 { delta = min(delta, pnorm) }

                let trialResiduals = residuals(trial)
                evaluations += 1
                let fnorm1 = Self.norm(trialResiduals)

                var actualReduction = -1.0
                if 0.1 * fnorm1 < fnorm { actualReduction = 1 - (fnorm1 / fnorm) * (fnorm1 / fnorm) }
                var rTimesStep = [Double](repeating: 0, count: n)
                for j in 0..<n {
                    let temp = negatedStep[qr.permutation[j]]
                    for i in 0...j { rTimesStep[i] += jacobian[i][j] * temp }
                }
                let temp1 = Self.norm(rTimesStep) / fnorm
                let temp2 = par.squareRoot() * pnorm / fnorm
                let predictedReduction = temp1 * temp1 + temp2 * temp2 / 0.5
                let directionalDerivative = -(temp1 * temp1 + temp2 * temp2)
                ratio = predictedReduction != 0 ? actualReduction / predictedReduction : 0

                if ratio <= 0.25 {
                    var temp = actualReduction >= 0
                        ? 0.5 : 0.5 * directionalDerivative / (directionalDerivative + 0.5 * actualReduction)
                    if 0.1 * fnorm1 >= fnorm || temp < 0.1 { temp = 0.1 }
                    delta = temp * min(delta, pnorm / 0.1)
                    par /= temp
                } else if par == 0 || ratio >= 0.75 {
                    delta = pnorm / 0.5
                    par *= 0.5
                }

                if ratio >= 1e-4 {
                    x = trial
                    fvec = trialResiduals
                    xnorm = Self.norm(zip(diag, x).map(*))
                    fnorm = fnorm1
                    iteration += 1
                }

                let sumConverged = abs(actualReduction) <= functionTolerance
                    && predictedReduction <= functionTolerance && 0.5 * ratio <= 1
                let stepConverged = delta <= stepTolerance * xnorm
                switch (sumConverged, stepConverged) {
                case (true, true): return (x, .bothConverged)
                case (true, false): return (x, .sumOfSquaresConverged)
                case (false, true): return (x, .stepConverged)
                case (false, false): break
                }
                let eps = Self.machineEpsilon
                if evaluations >= maximumEvaluations { return (x, .tooManyEvaluations) }
                if abs(actualReduction) <= eps && predictedReduction <= eps && 0.5 * ratio <= 1 {
                    return (x, .sumOfSquaresAtMachinePrecision)
                }
                if delta <= eps * xnorm { return (x, .stepAtMachinePrecision) }
                if gnorm <= eps { return (x, .gradientAtMachinePrecision) }
            } while ratio < 1e-4
        }
    }

    /// The Euclidean norm (MINPACK `enorm`; plain sums suffice at Ichnaea's magnitudes).
    static func norm(_ vector: [Double]) -> Double {
        vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}
