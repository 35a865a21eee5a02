//! What players of a rating band would play (`GET /api/v1/explore/human`, Maia's networks), as
//! one row above the engine's lines: `Rated 1500 (Maia): e5 53%, c5 21%, e6 9%`.

use serde::Deserialize;

/// The bands Maia learned from: lichess players rated 1100 … 1900.
pub const BANDS: std::ops::RangeInclusive<u16> = 1100..=1900;

/// The band shown when the command line names none.
pub const DEFAULT_BAND: u16 = 1500;

/// How many moves the row lists.
pub const HUMAN_MOVES: u8 = 5;

/// The server's answer.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct HumanMoves {
    pub band: u16,
    pub moves: Vec<HumanMove>,
}

/// One move and how often players of the band choose it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct HumanMove {
    pub san: String,
    pub probability: f32,
}

impl HumanMoves {
    /// The row: each move in SAN with its probability in whole percent (`<1%` below one).
    pub fn row(&self) -> String {
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|m| format!("{} {}", m.san, percent(m.probability)))
            .collect();
        let moves = match moves.is_empty() {
            true => "no legal move".to_owned(),
            false => moves.join(", "),
        };
        format!("Rated {} (Maia): {moves}", self.band)
    }
}

fn percent(probability: f32) -> String {
    let percent = (probability * 100.0).round();
    match percent < 1.0 {
        true => "<1%".into(),
        false => format!("{percent}%"),
    }
}

/// `--band`: 1100, 1200, … 1900.
pub fn parse_band(text: &str) -> Result<u16, String> {
    let not_a_band = || format!("{text} is not a band: 1100, 1200, … 1900");
    let band: u16 = text.parse().map_err(|_| not_a_band())?;
    match BANDS.contains(&band) && band.is_multiple_of(100) {
        true => Ok(band),
        false => Err(not_a_band()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_row_lists_each_move_with_its_percentage() {
        let moves = HumanMoves {
            band: 1500,
            moves: vec![
                HumanMove {
                    san: "e5".into(),
                    probability: 0.534,
                },
                HumanMove {
                    san: "Nc6".into(),
                    probability: 0.004,
                },
            ],
        };
        assert_eq!(moves.row(), "Rated 1500 (Maia): e5 53%, Nc6 <1%");
        let none = HumanMoves {
            band: 1100,
            moves: Vec::new(),
        };
        assert_eq!(none.row(), "Rated 1100 (Maia): no legal move");
    }

    #[test]
    fn only_maia_s_nine_bands_are_accepted() {
        assert_eq!(parse_band("1100"), Ok(1100));
        assert_eq!(parse_band("1900"), Ok(1900));
        for bad in ["1000", "1550", "2000", "x", ""] {
            assert!(parse_band(bad).is_err(), "{bad}");
        }
    }
}
