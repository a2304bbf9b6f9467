//! A match counted by game pairs: each opening is played twice with the
//! colours swapped, so the two games of a pair share whatever edge the
//! opening gives one colour. Counting the pair's points together (0, ½, 1,
//! 1½ or 2 for the first contender) takes that edge out of the spread,
//! which narrows the Elo range; and a sequential probability ratio test
//! over the pairs ends a match as soon as the games say clearly enough
//! which of two Elo differences holds.

use std::fmt;

/// Game pairs by the first contender's points over the pair: index 0 for
/// none, 1 for half a point, ... 4 for both games won.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pairs {
    /// How many pairs ended with each number of half points.
    pub counts: [usize; 5],
}

/// A pair's points as a share of the two games: 0, ¼, ½, ¾ or 1.
const SHARES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The expected score per game of a player `elo` above the other.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that expects `score` per game (infinite at 0 and 1).
#[must_use]
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl Pairs {
    /// Counts one pair whose two games gave the first contender these
    /// points (each 0, 0.5 or 1).
    pub fn add(&mut self, first: f64, second: f64) {
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[halves] += 1;
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The mean score per game and the spread (variance) of a pair's mean
    /// score, over `counts` (which may hold fractions).
    fn moments(counts: [f64; 5]) -> (f64, f64) {
        let n: f64 = counts.iter().sum();
        if n <= 0.0 {
            return (0.5, 0.0);
        }
        let mean = counts.iter().zip(SHARES).map(|(c, s)| c * s).sum::<f64>() / n;
        let var = counts
            .iter()
            .zip(SHARES)
            .map(|(c, s)| c * (s - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, var)
    }

    /// Elo difference with the low and high ends of its 95% interval, from
    /// the pairs (infinite where the score or an end of its interval is 0%
    /// or 100%).
    #[must_use]
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.pairs().max(1) as f64;
        let (mean, var) = Self::moments(self.counts.map(|c| c as f64));
        // Every pair alike would claim certainty: floor the spread at that
        // of two coin tosses a pair.
        let var = var.max(0.125 / n);
        let margin = 1.96 * (var / n).sqrt();
        (elo_of(mean), elo_of(mean - margin), elo_of(mean + margin))
    }
}

impl fmt::Display for Pairs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [none, half, one, one_half, two] = self.counts;
        write!(
            f,
            "0: {none}, 1/2: {half}, 1: {one}, 3/2: {one_half}, 2: {two}"
        )
    }
}

/// A sequential probability ratio test between two Elo differences of the
/// first contender over the second: `elo0` (the null hypothesis) and
/// `elo1`, with the chances `alpha` of accepting `elo1` when `elo0` holds
/// and `beta` of accepting `elo0` when `elo1` holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The chance of a false "`elo1` holds".
    pub alpha: f64,
    /// The chance of a false "`elo0` holds".
    pub beta: f64,
}

/// What the test has concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The games favour `elo0` clearly enough.
    Elo0,
    /// The games favour `elo1` clearly enough.
    Elo1,
}

impl Sprt {
    /// Reads `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (the chances 0.05 each
    /// when not given).
    ///
    /// # Errors
    /// What is wrong with the text.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let numbers = text
            .split(',')
            .map(|part| {
                part.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("{part:?} is not a number"))
            })
            .collect::<Result<Vec<f64>, String>>()?;
        let (elo0, elo1, alpha, beta) = match *numbers.as_slice() {
            [elo0, elo1] => (elo0, elo1, 0.05, 0.05),
            [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
            _ => {
                return Err(format!(
                    "expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA, got {text:?}"
                ));
            }
        };
        if elo0 >= elo1 {
            return Err(format!("ELO0 ({elo0}) must be below ELO1 ({elo1})"));
        }
        if !(elo0.abs() < 1000.0 && elo1.abs() < 1000.0) {
            return Err("the Elo differences must lie between -1000 and 1000".into());
        }
        for chance in [alpha, beta] {
            if !(chance > 0.0 && chance < 0.5) {
                return Err(format!(
                    "ALPHA and BETA must lie between 0 and 0.5, got {chance}"
                ));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The log-likelihood ratio below which `elo0` is accepted and above
    /// which `elo1` is.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of `elo1` against `elo0` after `pairs`, in
    /// the normal approximation of the generalised test: the pairs' mean
    /// and spread stand for the distribution of a pair's score. Half a
    /// pair is added to every count first, so that a run of identical
    /// pairs (a spread of zero) does not decide the test at once.
    #[must_use]
    pub fn llr(&self, pairs: &Pairs) -> f64 {
        let counts = pairs.counts.map(|c| c as f64 + 0.5);
        let n: f64 = counts.iter().sum();
        let (mean, var) = Pairs::moments(counts);
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The verdict after `pairs`, if the ratio has crossed a bound.
    #[must_use]
    pub fn verdict(&self, pairs: &Pairs) -> Option<Verdict> {
        let (low, high) = self.bounds();
        let llr = self.llr(pairs);
        if llr >= high {
            Some(Verdict::Elo1)
        } else if llr <= low {
            Some(Verdict::Elo0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(counts: [usize; 5]) -> Pairs {
        Pairs { counts }
    }

    #[test]
    fn a_pair_is_counted_by_its_half_points() {
        let mut p = Pairs::default();
        p.add(1.0, 0.0);
        p.add(1.0, 1.0);
        p.add(0.5, 1.0);
        p.add(0.0, 0.0);
        p.add(0.5, 0.0);
        assert_eq!(p.counts, [1, 1, 1, 1, 1]);
        assert_eq!(p.pairs(), 5);
        assert_eq!(p.to_string(), "0: 1, 1/2: 1, 1: 1, 3/2: 1, 2: 1");
    }

    #[test]
    fn pairs_that_each_split_are_an_even_match_and_narrower_than_the_games_say() {
        // Forty pairs in which each side won its black game: 40 wins and
        // 40 losses, an even match. Counted by games the range is about
        // +-78 Elo; by pairs nothing varies, and only the floor (two coin
        // tosses a pair) is left.
        let (elo, low, high) = pairs([0, 0, 40, 0, 0]).elo();
        assert_eq!(elo, 0.0);
        assert!(low < 0.0 && high > 0.0);
        assert!(high - low < 160.0, "{low} to {high}");
        // Half the pairs won outright and half lost outright: even again,
        // but the pairs now vary as much as the games.
        let (elo, low, high) = pairs([20, 0, 0, 0, 20]).elo();
        assert_eq!(elo, 0.0);
        assert!(high - low > 200.0, "{low} to {high}");
    }

    #[test]
    fn scores_and_elo_go_both_ways() {
        for elo in [-400.0, -120.0, 0.0, 35.0, 300.0] {
            assert!((elo_of(expected_score(elo)) - elo).abs() < 1e-9);
        }
        assert_eq!(expected_score(0.0), 0.5);
        assert_eq!(elo_of(0.0), f64::NEG_INFINITY);
        assert_eq!(elo_of(1.0), f64::INFINITY);
    }

    #[test]
    fn the_test_reads_its_hypotheses_and_refuses_what_cannot_be_tested() {
        let t = Sprt::parse("0,10").unwrap();
        assert_eq!((t.elo0, t.elo1, t.alpha, t.beta), (0.0, 10.0, 0.05, 0.05));
        let t = Sprt::parse("-300, -250, 0.1, 0.2").unwrap();
        assert_eq!(
            (t.elo0, t.elo1, t.alpha, t.beta),
            (-300.0, -250.0, 0.1, 0.2)
        );
        for bad in [
            "",
            "10",
            "10,0",
            "5,5",
            "0,x",
            "0,10,0.5,0.05",
            "0,10,0.05",
            "0,inf",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad:?} was taken");
        }
        // With both chances 5% the bounds are ln(1/19) and ln(19).
        let (low, high) = Sprt::parse("0,10").unwrap().bounds();
        assert!((low + 19f64.ln()).abs() < 1e-12 && (high - 19f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn the_ratio_favours_the_hypothesis_nearer_the_games() {
        let t = Sprt::parse("0,50").unwrap();
        // A score halfway between the two hypotheses' favours neither.
        let halfway = (expected_score(0.0) + expected_score(50.0)) / 2.0;
        assert!(halfway > 0.5);
        // No pairs: nothing is known.
        assert_eq!(t.verdict(&Pairs::default()), None);
        // A strong lead over many pairs accepts elo1, a deficit elo0; an
        // even record leans to elo0 (0 is nearer than 50).
        assert_eq!(t.verdict(&pairs([5, 10, 30, 25, 30])), Some(Verdict::Elo1));
        assert_eq!(t.verdict(&pairs([30, 25, 30, 10, 5])), Some(Verdict::Elo0));
        assert!(t.llr(&pairs([5, 10, 20, 10, 5])) < 0.0);
        // More of the same evidence moves the ratio further.
        let few = t.llr(&pairs([1, 2, 6, 5, 6]));
        let many = t.llr(&pairs([2, 4, 12, 10, 12]));
        assert!(few > 0.0 && many > few, "{few} then {many}");
    }

    #[test]
    fn a_run_of_identical_pairs_decides_only_after_several() {
        let t = Sprt::parse("0,50").unwrap();
        let (_, high) = t.bounds();
        // Both games of every pair won: a first pair or two is not enough,
        // a dozen are.
        assert!(t.llr(&pairs([0, 0, 0, 0, 2])) < high);
        assert_eq!(t.verdict(&pairs([0, 0, 0, 0, 12])), Some(Verdict::Elo1));
        assert_eq!(t.verdict(&pairs([12, 0, 0, 0, 0])), Some(Verdict::Elo0));
    }
}
