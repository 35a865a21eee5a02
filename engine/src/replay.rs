//! A [`Game`] built by playing a list of moves written as text (UCI or SAN), as test data,
//! stored games and openings are written.

use std::fmt;

use crate::{
    Game, IllegalUciMoveError, ParseSanError, ParseUciMoveError, PlayError, Position, SanError,
    SanPlus, UciMove,
};

/// Why a move of a list could not be played; see [`ReplayError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayErrorReason {
    /// The text is not UCI move syntax.
    ParseUci(ParseUciMoveError),
    /// The UCI move is not legal in the position reached.
    IllegalUci(IllegalUciMoveError),
    /// The text is not SAN syntax.
    ParseSan(ParseSanError),
    /// The SAN move names no legal move, or several, in the position reached.
    IllegalSan(SanError),
    /// The game had ended before this move.
    Play(PlayError),
}

impl fmt::Display for ReplayErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayErrorReason::ParseUci(err) => err.fmt(f),
            ReplayErrorReason::IllegalUci(err) => err.fmt(f),
            ReplayErrorReason::ParseSan(err) => err.fmt(f),
            ReplayErrorReason::IllegalSan(err) => err.fmt(f),
            ReplayErrorReason::Play(err) => err.fmt(f),
        }
    }
}

/// A move of a list given to [`Game::from_uci_moves`], [`Game::play_uci_moves`] or their SAN
/// twins could not be played: which one, as written, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The move's index in the list (0 for the first).
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// Why it could not be played.
    pub reason: ReplayErrorReason,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}) at index {}: {}",
            self.index + 1,
            self.text,
            self.index,
            self.reason
        )
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.reason {
            ReplayErrorReason::ParseUci(err) => Some(err),
            ReplayErrorReason::IllegalUci(err) => Some(err),
            ReplayErrorReason::ParseSan(err) => Some(err),
            ReplayErrorReason::IllegalSan(err) => Some(err),
            ReplayErrorReason::Play(err) => Some(err),
        }
    }
}

impl Game {
    /// The game from `start` after the UCI moves of `moves`, played in order.
    ///
    /// ```
    /// use alphachess_engine::{Game, GameResult, Position, ReplayErrorReason};
    ///
    /// let game = Game::from_uci_moves(Position::startpos(), ["f2f3", "e7e5", "g2g4", "d8h4"])?;
    /// assert_eq!(game.result(), GameResult::BlackWins);
    ///
    /// let error = Game::from_uci_moves(Position::startpos(), ["e2e4", "e2e4"]).unwrap_err();
    /// assert_eq!((error.index, error.text.as_str()), (1, "e2e4"));
    /// assert!(matches!(error.reason, ReplayErrorReason::IllegalUci(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_uci_moves<I>(start: Position, moves: I) -> Result<Game, ReplayError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut game = Game::new(start);
        game.play_uci_moves(moves)?;
        Ok(game)
    }

    /// The game from `start` after the SAN moves of `moves` (check marks optional, not
    /// verified), played in order.
    ///
    /// ```
    /// use alphachess_engine::{Game, Position};
    ///
    /// let game = Game::from_san_moves(Position::startpos(), ["e4", "e5", "Nf3", "Nc6"])?;
    /// assert_eq!(game.ply(), 4);
    /// assert!(Game::from_san_moves(Position::startpos(), ["e4", "e4"]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_san_moves<I>(start: Position, moves: I) -> Result<Game, ReplayError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut game = Game::new(start);
        game.play_san_moves(moves)?;
        Ok(game)
    }

    /// Plays the UCI moves of `moves` in order, under this game's draw rule. On an error the
    /// moves before the one named are played and the game stays there.
    ///
    /// ```
    /// use alphachess_engine::{DrawRule, Game};
    ///
    /// let mut game = Game::default().with_draw_rule(DrawRule::ByClaim);
    /// game.play_uci_moves("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4".split(' '))?;
    /// assert_eq!(game.outcome(), None, "the threefold repetition was not claimed");
    ///
    /// let error = game.play_uci_moves(["e7e5", "e4e5"]).unwrap_err();
    /// assert_eq!(error.index, 1);
    /// assert_eq!(game.ply(), 10, "e7e5 was played");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_uci_moves<I>(&mut self, moves: I) -> Result<(), ReplayError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.replay(moves, |game, text| {
            let uci: UciMove = text.parse().map_err(ReplayErrorReason::ParseUci)?;
            let m = uci
                .to_move(game.position())
                .map_err(ReplayErrorReason::IllegalUci)?;
            game.play(m).map_err(ReplayErrorReason::Play)
        })
    }

    /// Plays the SAN moves of `moves` (check marks optional, not verified) in order, under this
    /// game's draw rule. On an error the moves before the one named are played.
    pub fn play_san_moves<I>(&mut self, moves: I) -> Result<(), ReplayError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.replay(moves, |game, text| {
            let san: SanPlus = text.parse().map_err(ReplayErrorReason::ParseSan)?;
            let m = san
                .to_move(game.position())
                .map_err(ReplayErrorReason::IllegalSan)?;
            game.play(m).map_err(ReplayErrorReason::Play)
        })
    }

    /// Plays each text of `moves` with `play`, naming the first that fails.
    fn replay<I>(
        &mut self,
        moves: I,
        mut play: impl FnMut(&mut Game, &str) -> Result<(), ReplayErrorReason>,
    ) -> Result<(), ReplayError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for (index, text) in moves.into_iter().enumerate() {
            let text = text.as_ref();
            play(self, text).map_err(|reason| ReplayError {
                index,
                text: text.to_owned(),
                reason,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Outcome, WinReason};

    #[test]
    fn uci_and_san_lists_build_the_same_game() {
        let by_uci = Game::from_uci_moves(Position::startpos(), ["e2e4", "c7c5", "g1f3"])
            .expect("legal moves");
        let by_san =
            Game::from_san_moves(Position::startpos(), ["e4", "c5", "Nf3"]).expect("legal moves");
        assert_eq!(by_uci.moves(), by_san.moves());
        assert_eq!(by_uci.ply(), 3);
    }

    #[test]
    fn an_empty_list_is_the_start_position() {
        let start = Position::chess960(0).expect("in range");
        let game =
            Game::from_uci_moves(start.clone(), Vec::<String>::new()).expect("nothing to play");
        assert_eq!(game.position(), &start);
    }

    #[test]
    fn the_error_names_the_index_the_text_and_the_reason() {
        let error = Game::from_uci_moves(Position::startpos(), ["e2e4", "e7e5", "e2e5"])
            .expect_err("e2 is empty");
        assert_eq!(error.index, 2);
        assert_eq!(error.text, "e2e5");
        assert!(matches!(error.reason, ReplayErrorReason::IllegalUci(_)));
        assert_eq!(
            error.to_string(),
            "move 3 (e2e5) at index 2: no piece on e2"
        );

        let error = Game::from_uci_moves(Position::startpos(), ["e2e9"]).expect_err("no e9");
        assert_eq!(error.index, 0);
        assert_eq!(error.reason, ReplayErrorReason::ParseUci(ParseUciMoveError));

        let error = Game::from_san_moves(Position::startpos(), ["e4", "Zz9"]).expect_err("no Z");
        assert_eq!(error.index, 1);
        assert_eq!(error.reason, ReplayErrorReason::ParseSan(ParseSanError));
    }

    #[test]
    fn moves_played_onto_a_game_keep_its_draw_rule_and_stop_at_the_bad_one() {
        let mut game = Game::default().with_draw_rule(crate::DrawRule::ByClaim);
        let knights = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4";
        game.play_san_moves(["Nf3"]).expect("legal");
        game.undo();
        game.play_uci_moves(knights.split(' '))
            .expect("no automatic draw under the claim rule");
        let error = game
            .play_san_moves(["e5", "Nf3", "Kf2"])
            .expect_err("black's king is far from f2");
        assert_eq!(error.index, 2);
        assert!(matches!(error.reason, ReplayErrorReason::IllegalSan(_)));
        assert_eq!(game.ply(), 11, "e5 and Nf3 were played");
    }

    #[test]
    fn a_move_after_the_game_ended_is_refused_as_such() {
        let mated = Game::from_san_moves(Position::startpos(), ["f3", "e5", "g4", "Qh4#"])
            .expect("fool's mate");
        let mate = Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Checkmate,
        };
        assert_eq!(mated.outcome(), Some(mate));
        // The start position a third time ends the game (the default, automatic draw rule)
        // though e2e4 is still a legal move.
        let knights = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4";
        let error = Game::from_uci_moves(Position::startpos(), knights.split(' '))
            .expect_err("drawn by repetition");
        assert_eq!(error.index, 8);
        assert_eq!(error.reason, ReplayErrorReason::Play(PlayError::GameOver));
    }
}
