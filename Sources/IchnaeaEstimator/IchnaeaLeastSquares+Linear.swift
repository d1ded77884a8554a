import Foundation

// The linear-algebra steps of MINPACK's lmdif (`qrfac`, `lmpar`, `qrsolv`), re-implemented
// from their published description. Matrices are arrays of rows: `a[i][j]` is row i, column j.
extension IchnaeaLeastSquares {
    /// The result of a Householder QR factorization with column pivoting.
    struct QRFactorization {
        /// Column `j` of R is column `permutation[j]` of the input.
        var permutation: [Int]
        /// R's diagonal (the strict upper triangle stays in the matrix).
        var diagonal: [Double]
        /// Euclidean norms of the input's columns.
        var columnNorms: [Double]
    }

    /// Factorizes `a` (m × n, m ≥ n) in place as `qrfac` does with pivoting: on return the
    /// strict upper triangle holds R, the lower trapezoid the Householder vectors.
    static func factorizeQR(_ a: inout [[Double]]) -> QRFactorization {
        let m = a.count, n = a[0].count
        let columnNorms = (0..<n).map { j in norm((0..<m).map { a[$0][j] }) }
        var diagonal = columnNorms
        var reference = columnNorms
        var permutation = Array(0..<n)

        for j in 0..<min(m, n) {
            // Bring the column of largest remaining norm into the pivot position.
            var kmax = j
            for k in j..<n where diagonal[k] > diagonal[kmax] { kmax = k }
            if kmax != j {
                for i in 0..<m { a[i].swapAt(j, kmax) }
                diagonal[kmax] = diagonal[j]
                reference[kmax] = reference[j]
                permutation.swapAt(j, kmax)
            }

            var columnNorm = norm((j..<m).map { a[$0][j] })
            if columnNorm != 0 {
                if a[j][j] < 0 { columnNorm = -columnNorm }
                for i in j..<m { a[i][j] /= columnNorm }
                a[j][j] += 1
                // Apply the reflection to the remaining columns and update their norms.
                for k in (j + 1)..<max(j + 1, n) {
                    var sum = 0.0
                    for i in j..<m { sum += a[i][j] * a[i][k] }
                    let temp = sum / a[j][j]
                    for i in j..<m { a[i][k] -= temp * a[i][j] }
                    if diagonal[k] != 0 {
                        let ratio = a[j][k] / diagonal[k]
                        diagonal[k] *= max(0, 1 - ratio * ratio).squareRoot()
                        let relative = diagonal[k] / reference[k]
                        if 0.05 * relative * relative <= machineEpsilon {
                            diagonal[k] = norm(((j + 1)..<max(j + 1, m)).map { a[$0][k] })
                            reference[k] = diagonal[k]
                        }
                    }
                }
            }
            diagonal[j] = -columnNorm
        }
        return QRFactorization(permutation: permutation, diagonal: diagonal, columnNorms: columnNorms)
    }

    /// Finds the Levenberg–Marquardt parameter and step (`lmpar`): the step x minimizing
    /// ‖R·Pᵀx − qtb‖ subject to ‖D·x‖ ≈ delta (within 10 %), or the Gauss–Newton step when
    /// that is already short enough. `par` is read as the starting guess and updated.
    static func levenbergMarquardtParameter(
        r: inout [[Double]], permutation: [Int], diag: [Double], qtb: [Double], delta: Double, par: inout Double
    ) -> [Double] {
        let n = qtb.count
        let dwarf = Double.leastNormalMagnitude
        var x = [Double](repeating: 0, count: n)

        // Gauss–Newton direction; a singular R gets a least-squares solution.
        var work = qtb
        var rank = n
        for j in 0..<n {
            if r[j][j] == 0 && rank == n { rank = j }
            if rank < n { work[j] = 0 }
        }
        for j in stride(from: rank - 1, through: 0, by: -1) {
            work[j] /= r[j][j]
            let temp = work[j]
            for i in 0..<j { work[i] -= r[i][j] * temp }
        }
        for j in 0..<n { x[permutation[j]] = work[j] }

        var scaled = (0..<n).map { diag[$0] * x[$0] }
        var dxnorm = norm(scaled)
        var fp = dxnorm - delta
        if fp <= 0.1 * delta {
            par = 0
            return x
        }

        // Lower bound from the Newton step (only when R has full rank).
        var lower = 0.0
        if rank >= n {
            for j in 0..<n {
                let l = permutation[j]
                work[j] = diag[l] * (scaled[l] / dxnorm)
            }
            for j in 0..<n {
                var sum = 0.0
                for i in 0..<j { sum += r[i][j] * work[i] }
                work[j] = (work[j] - sum) / r[j][j]
            }
            let temp = norm(work)
            lower = ((fp / delta) / temp) / temp
        }

        // Upper bound from the scaled gradient.
        for j in 0..<n {
            var sum = 0.0
            for i in 0...j { sum += r[i][j] * qtb[i] }
            work[j] = sum / diag[permutation[j]]
        }
        let gnorm = norm(work)
        var upper = gnorm / delta
        if upper == 0 { upper = dwarf / min(delta, 0.1) }

        par = min(max(par, lower), upper)
        if par == 0 { par = gnorm / dxnorm }

        var sdiag = [Double](repeating: 0, count: n)
        var iterations = 0
        while true {
            iterations += 1
            if par == 0 { par = max(dwarf, 0.001 * upper) }
            let root = par.squareRoot()
            let augmented = diag.map { root * $0 }
            x = solveWithDiagonal(r: &r, permutation: permutation, diag: augmented, qtb: qtb, sdiag: &sdiag)
            scaled = (0..<n).map { diag[$0] * x[$0] }
            dxnorm = norm(scaled)
            let previous = fp
            fp = dxnorm - delta
            if abs(fp) <= 0.1 * delta || (lower == 0 && fp <= previous && previous < 0) || iterations == 10 {
                break
            }
            // Newton correction.
            for j in 0..<n {
                let l = permutation[j]
                work[j] = diag[l] * (scaled[l] / dxnorm)
            }
            for j in 0..<n {
                work[j] /= sdiag[j]
                let temp = work[j]
                for i in (j + 1)..<max(j + 1, n) { work[i] -= r[i][j] * temp }
            }
            let temp = norm(work)
            let correction = ((fp / delta) / temp) / temp
            if fp > 0 { lower = max(lower, par) }
            if fp < 0 { upper = min(upper, par) }
            par = max(lower, par + correction)
        }
        return x
    }

    /// Solves R·z = Qᵀb augmented by the diagonal D in the least-squares sense (`qrsolv`),
    /// using Givens rotations. R's strict lower triangle receives Sᵀ, `sdiag` S's diagonal.
    static func solveWithDiagonal(
        r: inout [[Double]], permutation: [Int], diag: [Double], qtb: [Double], sdiag: inout [Double]
    ) -> [Double] {
        let n = qtb.count
        var savedDiagonal = [Double](repeating: 0, count: n)
        var work = qtb
        for j in 0..<n {
            for i in j..<n { r[i][j] = r[j][i] }
            savedDiagonal[j] = r[j][j]
        }

        for j in 0..<n {
            let l = permutation[j]
            if diag[l] != 0 {
                for k in j..<n { sdiag[k] = 0 }
                sdiag[j] = diag[l]
                var qtbpj = 0.0
                for k in j..<n where sdiag[k] != 0 {
                    let sine: Double, cosine: Double
                    if abs(r[k][k]) < abs(sdiag[k]) {
                        let cotangent = r[k][k] / sdiag[k]
                        sine = 0.5 / (0.25 + 0.25 * cotangent * cotangent).squareRoot()
                        cosine = sine * cotangent
                    } else {
                        let tangent = sdiag[k] / r[k][k]
                        cosine = 0.5 / (0.25 + 0.25 * tangent * tangent).squareRoot()
                        sine = cosine * tangent
                    }
                    r[k][k] = cosine * r[k][k] + sine * sdiag[k]
                    let temp = cosine * work[k] + sine * qtbpj
                    qtbpj = -sine * work[k] + cosine * qtbpj
                    work[k] = temp
                    for i in (k + 1)..<max(k + 1, n) {
                        let rotated = cosine * r[i][k] + sine * sdiag[i]
                        sdiag[i] = -sine * r[i][k] + cosine * sdiag[i]
                        r[i][k] = rotated
                    }
                }
            }
            sdiag[j] = r[j][j]
            r[j][j] = savedDiagonal[j]
        }

        var rank = n
        for j in 0..<n {
            if sdiag[j] == 0 && rank == n { rank = j }
            if rank < n { work[j] = 0 }
        }
        for j in stride(from: rank - 1, through: 0, by: -1) {
            var sum = 0.0
            for i in (j + 1)..<max(j + 1, rank) { sum += r[i][j] * work[i] }
            work[j] = (work[j] - sum) / sdiag[j]
        }
        var x = [Double](repeating: 0, count: n)
        for j in 0..<n { x[permutation[j]] = work[j] }
        return x
    }
}
