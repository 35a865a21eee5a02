//! Ratings from game results: the maximum-likelihood Elo (Bradley–Terry on the logistic Elo
//! curve, a draw counted as half a win) with some players fixed, and 95 % intervals from the
//! Fisher information (the inverse of the log-likelihood's curvature at the optimum).

use std::collections::{BTreeMap, BTreeSet};

use crate::play::Player;

/// One game: `a`'s score against `b`.
#[derive(Debug, Clone, Copy)]
pub struct Result1 {
    pub a: Player,
    pub b: Player,
    pub score: f64,
}

/// One player's fitted rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    /// Half the width of the 95 % interval (0 for a fixed player).
    pub margin: f64,
    pub games: usize,
}

const K: f64 = std::f64::consts::LN_10 / 400.0;

/// The expected score of a player rated `a` against one rated `b`.
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// Fits every player of `games` with `fixed` held at their given ratings. Each pair that met
/// also counts one virtual draw, so that a clean sweep has a finite rating (a mild pull toward
/// each other, stated in the README).
pub fn fit(games: &[Result1], fixed: &BTreeMap<Player, f64>) -> BTreeMap<Player, Rating> {
    let players: BTreeSet<Player> = games.iter().flat_map(|g| [g.a, g.b]).collect();
    let free: Vec<Player> = players
        .iter()
        .copied()
        .filter(|p| !fixed.contains_key(p))
        .collect();
    let index: BTreeMap<Player, usize> = free.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let pairs: BTreeSet<(Player, Player)> =
        games.iter().map(|g| (g.a.min(g.b), g.a.max(g.b))).collect();
    let mut all: Vec<Result1> = games.to_vec();
    all.extend(pairs.iter().map(|&(a, b)| Result1 { a, b, score: 0.5 }));

    let start = fixed.values().copied().sum::<f64>() / fixed.len().max(1) as f64;
    let mut rating: BTreeMap<Player, f64> = players
        .iter()
        .map(|p| (*p, fixed.get(p).copied().unwrap_or(start)))
        .collect();
    let n = free.len();
    let mut information = vec![vec![0.0; n]; n];
    for _ in 0..200 {
        let mut gradient = vec![0.0; n];
        information = vec![vec![0.0; n]; n];
        for g in &all {
            let p = expected(rating[&g.a], rating[&g.b]);
            let w = K * K * p * (1.0 - p);
            let ia = index.get(&g.a).copied();
            let ib = index.get(&g.b).copied();
            if let Some(i) = ia {
                gradient[i] += K * (g.score - p);
                information[i][i] += w;
            }
            if let Some(j) = ib {
                gradient[j] -= K * (g.score - p);
                information[j][j] += w;
            }
            if let (Some(i), Some(j)) = (ia, ib) {
                information[i][j] -= w;
                information[j][i] -= w;
            }
        }
        let Some(inverse) = invert(&information) else {
            break;
        };
        let mut largest: f64 = 0.0;
        for (i, player) in free.iter().enumerate() {
            let step: f64 = (0..n).map(|j| inverse[i][j] * gradient[j]).sum();
            let step = step.clamp(-300.0, 300.0);
            largest = largest.max(step.abs());
            *rating.get_mut(player).expect("every player is rated") += step;
        }
        if largest < 1e-6 {
            break;
        }
    }
    let covariance = invert(&information);
    players
        .iter()
        .map(|p| {
            let margin = match (index.get(p), &covariance) {
                (Some(&i), Some(c)) => 1.96 * c[i][i].max(0.0).sqrt(),
                (Some(_), None) => f64::INFINITY,
                (None, _) => 0.0,
            };
            let played = games.iter().filter(|g| g.a == *p || g.b == *p).count();
            (
                *p,
                Rating {
                    rating: rating[p],
                    margin,
                    games: played,
                },
            )
        })
        .collect()
}

/// The inverse of a square matrix by Gauss–Jordan elimination, if it is invertible.
fn invert(matrix: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let mut a: Vec<Vec<f64>> = matrix
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut row = row.clone();
            row.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            row
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-15 {
            return None;
        }
        a.swap(col, pivot);
        let p = a[col][col];
        a[col].iter_mut().for_each(|x| *x /= p);
        for row in 0..n {
            if row != col {
                let factor = a[row][col];
                if factor != 0.0 {
                    let pivot_row = a[col].clone();
                    a[row]
                        .iter_mut()
                        .zip(pivot_row)
                        .for_each(|(x, y)| *x -= factor * y);
                }
            }
        }
    }
    Some(a.into_iter().map(|row| row[n..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_server::games::ladder::Stockfish;

    fn games(a: Player, b: Player, wins: usize, draws: usize, losses: usize) -> Vec<Result1> {
        let one = |score| Result1 { a, b, score };
        std::iter::repeat_n(one(1.0), wins)
            .chain(std::iter::repeat_n(one(0.5), draws))
            .chain(std::iter::repeat_n(one(0.0), losses))
            .collect()
    }

    #[test]
    fn a_player_scoring_three_quarters_is_rated_about_191_above_a_fixed_opponent() {
        let anchor = Player::Anchor(1350);
        let step = Player::Weakened(Stockfish::new(0, Some(1), 130));
        let results = games(step, anchor, 750, 0, 250);
        let fitted = fit(&results, &BTreeMap::from([(anchor, 1350.0)]));
        // 400 * log10(3) = 190.8; the single virtual draw pulls it in by a hair.
        assert!(
            (fitted[&step].rating - 1540.8).abs() < 1.0,
            "{:?}",
            fitted[&step]
        );
        assert!(fitted[&step].margin > 10.0 && fitted[&step].margin < 30.0);
        assert_eq!(fitted[&anchor].rating, 1350.0);
    }

    #[test]
    fn ratings_chain_through_players_who_never_met_the_anchor() {
        let anchor = Player::Anchor(1350);
        let (one, two) = (
            Player::Weakened(Stockfish::new(0, Some(1), 0)),
            Player::Weakened(Stockfish::new(4, Some(3), 0)),
        );
        let mut results = games(one, anchor, 50, 0, 50);
        results.extend(games(two, one, 75, 0, 25));
        let fitted = fit(&results, &BTreeMap::from([(anchor, 1350.0)]));
        assert!((fitted[&one].rating - 1350.0).abs() < 5.0);
        assert!(
            (fitted[&two].rating - 1535.0).abs() < 15.0,
            "{:?}",
            fitted[&two]
        );
        assert!(fitted[&two].margin > fitted[&one].margin);
    }

    #[test]
    fn a_clean_sweep_still_has_a_finite_rating() {
        let anchor = Player::Anchor(1350);
        let step = Player::Weakened(Stockfish::new(6, Some(5), 0));
        let fitted = fit(
            &games(step, anchor, 20, 0, 0),
            &BTreeMap::from([(anchor, 1350.0)]),
        );
        assert!(fitted[&step].rating.is_finite() && fitted[&step].rating > 1700.0);
    }
}
