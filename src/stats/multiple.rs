//! Many comparisons at once: Holm's step-down adjustment of p-values,
//! so that rows that differ only by chance are flagged together in at
//! most the chosen share of runs, however many rows there are.

/// Holm's step-down adjustment of `p` (`None` for a row without a test,
/// left out of the count and of the result): the `k`-th smallest of the
/// `m` p-values becomes `(m − k + 1) · p`, never below the adjusted value
/// before it, and at most 1. A row is then flagged at level α when its
/// adjusted p-value is at most α: the chance that any row is flagged
/// when none differs is at most α, whatever the rows' dependence.
pub fn holm(p: &[Option<f64>]) -> Vec<Option<f64>> {
    let mut order: Vec<(usize, f64)> = p
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((i, (*p)?)))
        .collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1));
    let m = order.len() as f64;
    let mut adjusted = vec![None; p.len()];
    let mut running: f64 = 0.0;
    for (k, (i, p)) in order.into_iter().enumerate() {
        running = running.max((m - k as f64) * p);
        adjusted[i] = Some(running.min(1.0));
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_p_value_is_multiplied_by_all_and_the_order_is_kept() {
        let adjusted = holm(&[Some(0.03), None, Some(0.01), Some(0.04), Some(0.5)]);
        // Sorted: 0.01 × 4, 0.03 × 3, 0.04 × 2 (raised to 0.09), 0.5 × 1.
        let expected = [Some(0.09), None, Some(0.04), Some(0.09), Some(0.5)];
        for (a, e) in adjusted.iter().zip(expected) {
            match (a, e) {
                (Some(a), Some(e)) => assert!((a - e).abs() < 1e-12, "{adjusted:?}"),
                _ => assert_eq!(*a, e),
            }
        }
    }

    #[test]
    fn adjusted_p_values_never_exceed_1_and_none_stays_none() {
        assert_eq!(
            holm(&[Some(0.6), Some(0.7), None]),
            [Some(1.0), Some(1.0), None]
        );
        assert!(holm(&[]).is_empty());
    }
}
