//! The evaluation graph in one line of text: one character per move, white's advantage up.

use crate::view::Score;

/// Block heights from white lost to white won.
const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/// The same with ASCII only (`--ascii`).
const ASCII: [char; 8] = ['_', '_', '.', '-', '-', '=', '^', '^'];

/// White's chances in 0..1 by lila's curve (centipawns cut to ±1000, a mate at the end).
fn white_share(score: Score) -> f64 {
    let cp = match score {
        Score::Cp(cp) => cp.clamp(-1000, 1000),
        Score::Mate(n) if n > 0 => 1000,
        Score::Mate(_) => -1000,
    };
    1.0 / (1.0 + (-0.00368208 * f64::from(cp)).exp())
}

/// One character per evaluation (after each move, white's side), `width` at most: a longer
/// game is sampled evenly.
pub fn sparkline(evals: &[Score], width: usize, ascii: bool) -> String {
    let glyphs = if ascii { ASCII } else { BLOCKS };
    if evals.is_empty() || width == 0 {
        return String::new();
    }
    let shown = evals.len().min(width);
    (0..shown)
        .map(|i| {
            let score = evals[i * evals.len() / shown];
            let level = (white_share(score) * 8.0).floor() as usize;
            glyphs[level.min(7)]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_game_sits_in_the_middle_and_mates_at_the_ends() {
        let evals = [
            Score::Cp(0),
            Score::Cp(30),
            Score::Mate(-2),
            Score::Mate(1),
            Score::Cp(-400),
        ];
        assert_eq!(sparkline(&evals, 80, false), "▅▅▁█▂");
        assert_eq!(sparkline(&evals, 80, true), "--_^_");
    }

    #[test]
    fn a_long_game_is_sampled_to_the_width() {
        let evals = vec![Score::Cp(0); 200];
        assert_eq!(sparkline(&evals, 60, false).chars().count(), 60);
        assert_eq!(sparkline(&[], 60, false), "");
    }
}
