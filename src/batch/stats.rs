//! The statistics of a win-rate summary: the Wilson score interval and nearest-rank quantiles.

/// The normal quantile for a two-sided 95% interval (the 97.5th percentile of N(0, 1)).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `n` trials at normal quantile `z`.
///
/// With p = k/n: centre (p + z²/2n) / (1 + z²/n), half-width
/// z·√(p(1−p)/n + z²/4n²) / (1 + z²/n). The bounds are clamped to [0, 1] (they leave it only by
/// rounding); `n = 0` gives the uninformative [0, 1].
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    assert!(successes <= n, "{successes} successes out of {n}");
    if n == 0 {
        return (0.0, 1.0);
    }
    let n_f = n as f64;
    let p = successes as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / denom;
    let half = z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / denom;
    // At k = 0 (k = n) the lower (upper) bound is exactly 0 (1); say so rather than 1e-17.
    let low = if successes == 0 { 0.0 } else { centre - half };
    let high = if successes == n { 1.0 } else { centre + half };
    (low.clamp(0.0, 1.0), high.clamp(0.0, 1.0))
}

/// The 95% interval of a win rate when some deals are undecided: its lower bound is Wilson's
/// with every unknown deal counted as lost, its upper bound Wilson's with every unknown deal
/// counted as won. Unknown deals are never left out of the count.
pub fn win_interval(won: u64, lost: u64, unknown: u64) -> (f64, f64) {
    let n = won + lost + unknown;
    (wilson(won, n, Z95).0, wilson(won + unknown, n, Z95).1)
}

/// The value at `percent` (1..=100) of `sorted` (ascending) by the nearest-rank method: the
/// smallest value with at least `percent`% of the values at or below it, that is the value of
/// rank ⌈percent·n/100⌉ (1-based). Always one of the values; `None` when there are none.
pub fn nearest_rank<T: Copy>(sorted: &[T], percent: u32) -> Option<T> {
    assert!((1..=100).contains(&percent), "percentile {percent}");
    if sorted.is_empty() {
        return None;
    }
    let rank = (percent as u128 * sorted.len() as u128).div_ceil(100) as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// Median, 90th and 99th percentiles (nearest rank) and maximum of a sample.
#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize)]
pub struct Quantiles<T> {
    pub median: T,
    pub p90: T,
    pub p99: T,
    pub max: T,
}

impl<T: Copy> Quantiles<T> {
    /// The quantiles of an ascending sample; `None` when it is empty.
    pub fn of_sorted(sorted: &[T]) -> Option<Self> {
        Some(Quantiles {
            median: nearest_rank(sorted, 50)?,
            p90: nearest_rank(sorted, 90)?,
            p99: nearest_rank(sorted, 99)?,
            max: *sorted.last()?,
        })
    }
}

impl Quantiles<u64> {
    /// The quantiles of a sample of counts (sorted here).
    pub fn of_counts(mut values: Vec<u64>) -> Option<Self> {
        values.sort_unstable();
        Self::of_sorted(&values)
    }
}

impl Quantiles<f64> {
    /// The quantiles of a sample of reals (sorted here; NaN sorts last).
    pub fn of_reals(mut values: Vec<f64>) -> Option<Self> {
        values.sort_by(f64::total_cmp);
        Self::of_sorted(&values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn wilson_matches_known_values() {
        // Values computed with 50-digit decimal arithmetic from the formula above.
        let (lo, hi) = wilson(81_945, 100_000, Z95);
        assert!(close(lo, 0.817_053_733_169_433_8), "{lo}");
        assert!(close(hi, 0.821_821_724_692_936_9), "{hi}");
        let (lo, hi) = wilson(819_450, 1_000_000, Z95);
        assert!(close(lo, 0.818_694_883_153_186_7), "{lo}");
        assert!(close(hi, 0.820_202_662_548_200_9), "{hi}");
        // The textbook example 8 of 10: [0.4902, 0.9433].
        let (lo, hi) = wilson(8, 10, Z95);
        assert!(close(lo, 0.490_162_471_536_641_7), "{lo}");
        assert!(close(hi, 0.943_317_848_545_624_7), "{hi}");
    }

    #[test]
    fn wilson_at_the_edges() {
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
        let (lo, hi) = wilson(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!(close(hi, 0.277_532_799_862_889_2), "{hi}");
        let (lo, hi) = wilson(10, 10, Z95);
        assert!(close(lo, 0.722_467_200_137_110_8), "{lo}");
        assert_eq!(hi, 1.0);
        let (lo, hi) = wilson(1, 1, Z95);
        assert!(close(lo, 0.206_549_314_377_237_4), "{lo}");
        assert_eq!(hi, 1.0);
    }

    #[test]
    fn wilson_is_symmetric_and_contains_the_rate() {
        for n in [1u64, 2, 7, 40, 1000] {
            for k in 0..=n {
                let (lo, hi) = wilson(k, n, Z95);
                let (lo2, hi2) = wilson(n - k, n, Z95);
                assert!((lo - (1.0 - hi2)).abs() < 1e-12 && (hi - (1.0 - lo2)).abs() < 1e-12);
                let p = k as f64 / n as f64;
                assert!(lo <= p && p <= hi, "{k}/{n}: {lo} {p} {hi}");
            }
        }
    }

    #[test]
    fn unknowns_widen_the_interval_both_ways() {
        assert_eq!(win_interval(8, 2, 0), wilson(8, 10, Z95));
        let (lo, hi) = win_interval(7, 2, 1);
        assert_eq!(lo, wilson(7, 10, Z95).0);
        assert_eq!(hi, wilson(8, 10, Z95).1);
        assert_eq!(win_interval(0, 0, 5), (0.0, 1.0));
        assert_eq!(win_interval(0, 0, 0), (0.0, 1.0));
    }

    #[test]
    fn nearest_rank_quantiles() {
        let v: Vec<u64> = (1..=100).collect();
        let q = Quantiles::of_sorted(&v).unwrap();
        assert_eq!(
            q,
            Quantiles {
                median: 50,
                p90: 90,
                p99: 99,
                max: 100
            }
        );
        let q = Quantiles::of_counts(vec![40, 10, 30, 20]).unwrap();
        assert_eq!((q.median, q.p90, q.p99, q.max), (20, 40, 40, 40));
        let q = Quantiles::of_counts(vec![7]).unwrap();
        assert_eq!((q.median, q.p90, q.p99, q.max), (7, 7, 7, 7));
        // 1000 values: p99 is the 990th.
        let v: Vec<u64> = (1..=1000).collect();
        assert_eq!(nearest_rank(&v, 99), Some(990));
        assert_eq!(nearest_rank(&v, 50), Some(500));
        assert_eq!(nearest_rank(&v[..999], 50), Some(500));
        assert_eq!(nearest_rank::<u64>(&[], 50), None);
        assert_eq!(Quantiles::<u64>::of_counts(vec![]), None);
        let q = Quantiles::of_reals(vec![0.5, 0.25, 1.5]).unwrap();
        assert_eq!((q.median, q.p90, q.max), (0.5, 1.5, 1.5));
    }
}
