//! A policy over the legal moves, and the ways a player picks from it: the most likely move, the
//! top few, or a draw at a temperature from a uniform number the caller supplies.

use std::ops::Deref;

use alphachess_engine::Move;

/// Every legal move of a position with its probability (softmax over the legal moves only),
/// most likely first. Derefs to `[(Move, f32)]`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Policy(Vec<(Move, f32)>);

impl Policy {
    /// The softmax of the network's scores of the legal moves, sorted most likely first (ties
    /// keep the moves' order).
    pub(crate) fn from_logits(logits: Vec<(Move, f32)>) -> Policy {
        let max = logits
            .iter()
            .map(|&(_, l)| l)
            .fold(f32::NEG_INFINITY, f32::max);
        let exps: Vec<f64> = logits
            .iter()
            .map(|&(_, l)| f64::from(l - max).exp())
            .collect();
        let sum: f64 = exps.iter().sum();
        let mut moves: Vec<(Move, f32)> = logits
            .iter()
            .zip(&exps)
            .map(|(&(m, _), &e)| (m, (e / sum) as f32))
            .collect();
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        Policy(moves)
    }

    /// The moves and probabilities, most likely first.
    pub fn into_vec(self) -> Vec<(Move, f32)> {
        self.0
    }

    /// The most likely move (the authors' `go nodes 1`), or `None` with no legal move.
    pub fn best(&self) -> Option<Move> {
        self.0.first().map(|&(m, _)| m)
    }

    /// The `n` most likely moves with their probabilities.
    pub fn top(&self, n: usize) -> &[(Move, f32)] {
        &self.0[..n.min(self.0.len())]
    }

    /// A move drawn with probability proportional to `p^(1 / temperature)`, using `uniform`
    /// (a number in `[0, 1)`; values outside are clamped) as the random draw. A temperature of
    /// 0, below, or not finite picks the most likely move; 1 draws from the policy as it is;
    /// above 1 flattens it towards uniform.
    pub fn sample(&self, temperature: f32, uniform: f64) -> Option<Move> {
        if !(temperature.is_finite() && temperature > 0.0) {
            return self.best();
        }
        let top = f64::from(self.0.first()?.1).ln();
        let weights: Vec<f64> = self
            .0
            .iter()
            .map(|&(_, p)| ((f64::from(p).ln() - top) / f64::from(temperature)).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut target = uniform.clamp(0.0, 1.0) * total;
        for (&(m, _), w) in self.0.iter().zip(&weights) {
            if target < *w {
                return Some(m);
            }
            target -= w;
        }
        self.0
            .iter()
            .rev()
            .find(|&(_, p)| *p > 0.0)
            .map(|&(m, _)| m)
    }

    /// [`Policy::sample`] with the uniform number drawn from `seed` (SplitMix64): the same seed
    /// always picks the same move, for reproducible games and tests.
    pub fn sample_seeded(&self, temperature: f32, seed: u64) -> Option<Move> {
        self.sample(temperature, uniform_from_seed(seed))
    }
}

impl Deref for Policy {
    type Target = [(Move, f32)];

    fn deref(&self) -> &[(Move, f32)] {
        &self.0
    }
}

/// A number in `[0, 1)` from `seed`: one SplitMix64 step, top 53 bits.
pub fn uniform_from_seed(seed: u64) -> f64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::Square;

    fn policy() -> Policy {
        let m = |to| Move::normal(Square::E2, to);
        Policy::from_logits(vec![
            (m(Square::E3), 0.0),
            (m(Square::E4), 2f32.ln() + 1.0),
            (m(Square::E1), 1.0),
        ])
    }

    #[test]
    fn probabilities_are_a_softmax_sorted_best_first() {
        let p = policy();
        let probs: Vec<f32> = p.iter().map(|&(_, p)| p).collect();
        let e = std::f32::consts::E;
        let total = 1.0 + 2.0 * e + e;
        for (got, want) in probs.iter().zip([2.0 * e / total, e / total, 1.0 / total]) {
            assert!((got - want).abs() < 1e-6, "{got} vs {want}");
        }
        assert_eq!(p.best(), Some(Move::normal(Square::E2, Square::E4)));
        assert_eq!(p.top(2).len(), 2);
        assert_eq!(p.top(10).len(), 3);
    }

    #[test]
    fn sampling_walks_the_cumulative_probabilities() {
        let p = policy();
        let [first, second, third] = [p[0].0, p[1].0, p[2].0];
        assert_eq!(p.sample(1.0, 0.0), Some(first));
        assert_eq!(p.sample(1.0, f64::from(p[0].1) - 1e-6), Some(first));
        assert_eq!(p.sample(1.0, f64::from(p[0].1) + 1e-6), Some(second));
        assert_eq!(p.sample(1.0, 0.999_999), Some(third));
        assert_eq!(
            p.sample(0.0, 0.999_999),
            Some(first),
            "temperature 0 is the argmax"
        );
        // A very hot temperature makes every move nearly equally likely.
        assert_eq!(p.sample(1e6, 0.5), Some(second));
    }

    #[test]
    fn a_seed_always_draws_the_same_move() {
        let p = policy();
        assert_eq!(p.sample_seeded(1.0, 7), p.sample_seeded(1.0, 7));
        let draws: std::collections::HashSet<_> =
            (0..64).map(|s| p.sample_seeded(1.0, s)).collect();
        assert_eq!(draws.len(), 3, "64 seeds reach every move");
        assert!((0..1000).all(|s| (0.0..1.0).contains(&uniform_from_seed(s))));
    }

    #[test]
    fn an_empty_policy_has_no_move() {
        let empty = Policy::default();
        assert_eq!(empty.best(), None);
        assert_eq!(empty.sample(1.0, 0.5), None);
    }
}
