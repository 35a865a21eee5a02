//! PGN export of a game, with tags saying who played what.

use std::time::{SystemTime, UNIX_EPOCH};

use alphachess_engine::{pgn, Color};

use super::state::GameState;

/// The game as PGN text, tags first.
pub fn to_pgn(state: &GameState, today: SystemTime) -> String {
    let engine_name = format!("Stockfish (level {})", state.level().get());
    let (white, black) = match state.player() {
        Color::White => ("Player".to_owned(), engine_name),
        Color::Black => (engine_name, "Player".to_owned()),
    };
    let mut tags = pgn::Tags::new();
    tags.set("Event", "AlphaChess game");
    tags.set("Site", "AlphaChess");
    tags.set("Date", pgn_date(today));
    tags.set("Round", "-");
    tags.set("White", white);
    tags.set("Black", black);
    pgn::write_game(&tags, state.game())
}

/// `YYYY.MM.DD` (UTC) as PGN dates are written.
fn pgn_date(time: SystemTime) -> String {
    let days = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0);
    let (year, month, day) = civil_from_days(i64::try_from(days).unwrap_or(0));
    format!("{year:04}.{month:02}.{day:02}")
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_written_as_pgn_wants() {
        assert_eq!(pgn_date(UNIX_EPOCH), "1970.01.01");
        // 2024-02-29 12:00 UTC.
        let leap_day = UNIX_EPOCH + Duration::from_secs(1_709_208_000);
        assert_eq!(pgn_date(leap_day), "2024.02.29");
        // 2000-03-01 00:00 UTC.
        assert_eq!(
            pgn_date(UNIX_EPOCH + Duration::from_secs(951_868_800)),
            "2000.03.01"
        );
    }
}
