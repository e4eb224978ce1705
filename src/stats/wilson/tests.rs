//! Tests of `wilson`.

use super::*;
use crate::core::UNITS_PER_GAME;

fn close(a: (f64, f64), b: (f64, f64)) {
    assert!(
        (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5,
        "{a:?} vs {b:?}"
    );
}

#[test]
fn known_values() {
    // Published values (e.g. Newcombe 1998, Table I; Wikipedia).
    close(wilson(0.0, 10, Z95).unwrap(), (0.0, 0.2775));
    close(wilson(5.0, 10, Z95).unwrap(), (0.2366, 0.7634));
    close(wilson(81.0, 263, Z95).unwrap(), (0.2553, 0.3662));
    close(wilson(15.0, 148, Z95).unwrap(), (0.0624, 0.1605));
    close(wilson(50.0, 100, Z95).unwrap(), (0.4038, 0.5962));
    close(wilson(10.0, 10, Z95).unwrap(), (0.7225, 1.0));
    assert_eq!(wilson(1.0, 0, Z95), None);
}

#[test]
fn draws_count_half() {
    let half = UNITS_PER_GAME / 2;
    let mut s = Score::default();
    s.add(2 * half);
    s.add(half);
    s.add(0);
    s.add(half);
    assert_eq!(s.rate(), Some(0.5));
    close(s.wilson95().unwrap(), wilson(2.0, 4, Z95).unwrap());
    assert_eq!(Score::default().rate(), None);
}

#[test]
fn newcombe_matches_the_published_example() {
    // Newcombe (1998), table II, example (a): 56/70 vs 48/80 gives a
    // difference of 0.2 with the interval (0.0524, 0.3339) by method 10.
    let a = Score::of_points(80, 48);
    let b = Score::of_points(70, 56);
    let (d, lo, hi) = newcombe95(&a, &b).unwrap();
    assert!((d - 0.2).abs() < 1e-12);
    close((lo, hi), (0.0524, 0.3339));
    assert_eq!(newcombe95(&Score::default(), &b), None);
}

#[test]
fn the_complement_and_the_normal_interval() {
    let mut s = Score::default();
    for units in [
        0,
        UNITS_PER_GAME / 3,
        UNITS_PER_GAME,
        UNITS_PER_GAME / 3 * 2,
    ] {
        s.add(units);
    }
    let c = s.complement();
    let mut direct = Score::default();
    for units in [
        UNITS_PER_GAME,
        UNITS_PER_GAME / 3 * 2,
        0,
        UNITS_PER_GAME / 3,
    ] {
        direct.add(units);
    }
    assert_eq!(c, direct);
    // Values 0, 1/3, 1, 2/3 and z²/2 pseudo-games at 0 and at 1 (the
    // Agresti-Coull adjustment): mean 1/2.
    let (lo, hi) = s.normal95().unwrap();
    let z2 = Z95 * Z95;
    let n = 4.0 + z2;
    let square = (14.0 / 9.0 + z2 / 2.0) / n;
    let half = Z95 * ((square - 0.25) / n).sqrt();
    assert!((lo - (0.5 - half)).abs() < 1e-12 && (hi - (0.5 + half)).abs() < 1e-12);
    // Games that all scored alike still leave a width; for 0/1 values the
    // interval is Agresti-Coull's.
    let mut firsts = Score::default();
    for _ in 0..3 {
        firsts.add(UNITS_PER_GAME);
    }
    let (lo, hi) = firsts.normal95().unwrap();
    let p = (3.0 + z2 / 2.0) / (3.0 + z2);
    let half = Z95 * (p * (1.0 - p) / (3.0 + z2)).sqrt();
    assert_eq!(hi, 1.0);
    assert!((lo - (p - half)).abs() < 1e-12 && lo < 0.7, "{lo}");
}

#[test]
fn newcombes_p_value_is_below_5_percent_exactly_when_the_interval_excludes_0() {
    let b = Score::of_points(100, 60);
    for wins in 30..=70 {
        let a = Score::of_points(100, wins);
        let (_, lo, hi) = newcombe95(&a, &b).unwrap();
        let p = newcombe_p(&a, &b).unwrap();
        assert!((0.0..=1.0).contains(&p));
        assert_eq!(p < 0.05, lo > 0.0 || hi < 0.0, "{wins}: {p} [{lo}, {hi}]");
    }
    assert_eq!(newcombe_p(&b, &b), Some(1.0));
    // Far apart, far below 5%.
    let p = newcombe_p(&Score::of_points(1000, 100), &Score::of_points(1000, 900)).unwrap();
    assert!(p < 1e-12, "{p}");
}

#[test]
fn the_lift_p_value_is_below_5_percent_exactly_when_the_lift_interval_excludes_0() {
    let not_bought = Score::of_points(100, 50);
    for wins in 30..=70 {
        let bought = Score::of_points(100, wins);
        let (_, lo, hi) = bought.lift95(&not_bought).unwrap();
        let p = bought.lift_p(&not_bought).unwrap();
        assert!((0.0..=1.0).contains(&p));
        assert_eq!(p < 0.05, lo > 0.0 || hi < 0.0, "{wins}: {p} [{lo}, {hi}]");
    }
    assert_eq!(not_bought.lift_p(&not_bought), Some(1.0));
    assert_eq!(not_bought.lift_p(&Score::of_points(1, 1)), None);
    // Alike games on both sides: no spread, so any difference is certain.
    let (all, none) = (Score::of_points(10, 10), Score::of_points(10, 0));
    assert_eq!(all.lift_p(&none), Some(0.0));
    assert_eq!(all.lift_p(&all), Some(1.0));
}
