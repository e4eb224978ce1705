//! The two distributions the intervals and tests use: the standard normal
//! and Student's t (integer degrees of freedom), as upper tail
//! probabilities and their quantiles.

use std::f64::consts::PI;

/// `P(Z > z)` for a standard normal `Z`, to about 1e-13 relative.
pub fn normal_upper_tail(z: f64) -> f64 {
    erfc(z / std::f64::consts::SQRT_2) / 2.0
}

/// The complementary error function: the Taylor series of erf below 2.5,
/// the continued fraction of erfc from there on (which converges fast
/// where the series would lose digits).
fn erfc(x: f64) -> f64 {
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    if x < 2.5 {
        let (mut sum, mut term, mut n) = (0.0, x, 0.0);
        loop {
            let add = term / (2.0 * n + 1.0);
            sum += add;
            if add.abs() <= 1e-17 * sum.abs() {
                break;
            }
            n += 1.0;
            term *= -x * x / n;
        }
        return 1.0 - 2.0 / PI.sqrt() * sum;
    }
    // erfc(x) = e^(-x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))).
    let mut fraction = x;
    for k in (1..=80).rev() {
        fraction = x + f64::from(k) / 2.0 / fraction;
    }
    (-x * x).exp() / (PI.sqrt() * fraction)
}

/// The quantile `z` with `P(Z > z) = p` for a standard normal `Z`, `p` in
/// (0, 0.5] (Acklam's rational approximation, relative error below
/// 1.2e-9).
pub fn upper_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    // The lower quantile of p, negated.
    if p < 0.024_25 {
        let q = (-2.0 * p.ln()).sqrt();
        let num = ((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5];
        let den = (((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0;
        -num / den
    } else {
        let q = p - 0.5;
        let r = q * q;
        let num = (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q;
        let den = ((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0;
        -num / den
    }
}

/// `P(T > t)` for Student's t with `df` ≥ 1 degrees of freedom, `t` ≥ 0:
/// up to 200 degrees of freedom the finite series of `P(|T| ≤ t)` in
/// `θ = atan(t/√df)` (Abramowitz & Stegun 26.7.3–4), exact but for
/// rounding; beyond, a normal transform (26.7.8).
pub fn t_upper_tail(t: f64, df: u64) -> f64 {
    if df > 200 {
        // The series would sum hundreds of terms to a tail its rounding
        // swamps; the normal transform of Abramowitz & Stegun 26.7.8 is
        // far closer there.
        let v = df as f64;
        let z = t * (1.0 - 1.0 / (4.0 * v)) / (1.0 + t * t / (2.0 * v)).sqrt();
        return normal_upper_tail(z);
    }
    let theta = (t / (df as f64).sqrt()).atan();
    let (sin, cos) = theta.sin_cos();
    let c2 = cos * cos;
    // The sum 1 + a₁cos²θ + a₂cos⁴θ + … of the series, whose ratio of
    // terms is (2k)/(2k+1) for odd df and (2k−1)/(2k) for even.
    let series = |terms: u64, ratio: fn(f64) -> f64| {
        let (mut total, mut term) = (1.0, 1.0);
        for k in 1..=terms {
            term *= ratio(k as f64) * c2;
            total += term;
        }
        total
    };
    let inside = if df % 2 == 1 {
        let terms = df.saturating_sub(3) / 2;
        let sum = if df == 1 {
            0.0
        } else {
            sin * cos * series(terms, |k| 2.0 * k / (2.0 * k + 1.0))
        };
        2.0 / PI * (theta + sum)
    } else {
        sin * series((df - 2) / 2, |k| (2.0 * k - 1.0) / (2.0 * k))
    };
    ((1.0 - inside) / 2.0).max(0.0)
}

/// The quantile `t` with `P(T > t) = p` for Student's t with `df` ≥ 1
/// degrees of freedom, `p` in (0, 0.5]: by bisection on [`t_upper_tail`]
/// up to 200 degrees of freedom; beyond, the Cornish–Fisher expansion
/// around the normal quantile (Abramowitz & Stegun 26.7.5), then far
/// closer than the tail's own rounding.
pub fn t_upper_quantile(p: f64, df: u64) -> f64 {
    let z = upper_quantile(p);
    if df > 200 {
        let v = df as f64;
        let g1 = (z.powi(3) + z) / 4.0;
        let g2 = (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / 96.0;
        let g3 = (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z) / 384.0;
        return z + g1 / v + g2 / (v * v) + g3 / (v * v * v);
    }
    // The t quantile lies above the normal one.
    let (mut low, mut high) = (z.max(0.0), z.max(1.0));
    while t_upper_tail(high, df) > p {
        high *= 2.0;
    }
    for _ in 0..100 {
        let mid = (low + high) / 2.0;
        if t_upper_tail(mid, df) > p {
            low = mid;
        } else {
            high = mid;
        }
    }
    high
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Z95;

    #[test]
    fn normal_tails_match_known_values() {
        assert!((normal_upper_tail(Z95) - 0.025).abs() < 1e-12);
        assert!((normal_upper_tail(0.0) - 0.5).abs() < 1e-15);
        // P(Z > 5) = 2.866515718791939e-7.
        assert!((normal_upper_tail(5.0) / 2.866_515_718_791_939e-7 - 1.0).abs() < 1e-10);
        assert!((normal_upper_tail(-1.0) - 0.841_344_746_068_542_9).abs() < 1e-12);
        for p in [0.4, 0.1, 0.025, 1e-4, 1e-9] {
            // Acklam's quantile is good to 1.2e-9 relative.
            assert!((normal_upper_tail(upper_quantile(p)) / p - 1.0).abs() < 1e-7);
        }
    }

    #[test]
    fn normal_quantiles_match_known_values() {
        assert!((upper_quantile(0.025) - Z95).abs() < 1e-8);
        assert!((upper_quantile(0.05) - 1.644_853_626_951_472).abs() < 1e-8);
        assert!((upper_quantile(0.001) - 3.090_232_306_167_813).abs() < 1e-8);
        assert_eq!(upper_quantile(0.5), 0.0);
    }

    #[test]
    fn t_quantiles_match_the_tables() {
        // Two-sided 95% (upper 2.5%) values of Student's t.
        for (df, t) in [
            (1, 12.706_204_736),
            (2, 4.302_652_730),
            (3, 3.182_446_305),
            (4, 2.776_445_105),
            (9, 2.262_157_163),
            (30, 2.042_272_456),
            (100, 1.983_971_519),
            (1000, 1.962_339_081),
        ] {
            let got = t_upper_quantile(0.025, df);
            assert!((got - t).abs() < 1e-6, "df {df}: {got} vs {t}");
            // Above 200 degrees of freedom the tail is a normal transform.
            let close = if df > 200 { 1e-6 } else { 1e-9 };
            assert!((t_upper_tail(t, df) - 0.025).abs() < close, "df {df}");
        }
        // The Cauchy (df 1): P(T > 1) = 1/4.
        assert!((t_upper_tail(1.0, 1) - 0.25).abs() < 1e-15);
        // Many degrees of freedom: the normal.
        assert!((t_upper_quantile(0.025, 1_000_000) - Z95).abs() < 1e-5);
        // A far tail at many degrees of freedom: P(T > 8), 10,001 df, is
        // 6.9e-16 (the series' rounding gave 7e-15).
        let far = t_upper_tail(8.0, 10_001);
        assert!(far > 5e-16 && far < 9e-16, "{far}");
    }
}
