//! The stored form of a game: its start FEN and UCI moves plus who plays what, as plain text a
//! database row can hold, and the way back to a [`GameState`], every move re-validated by the
//! engine crate so a damaged row is refused rather than trusted.
//!
//! The replay is exact: an imported PGN's moves may play on past a threefold repetition or the
//! fifty-move rule (draws that over the board only count when claimed), so the row keeps how
//! many plies were imported and those are replayed under [`DrawRule::ByClaim`], every later one
//! under the automatic rule live play uses.

use alphachess_engine::{
    Color, DrawReason, DrawRule, FenError, Game, GameResult, Outcome, Position, UciMove, WinReason,
};

use crate::games::model::clock::{GameClock, TimeControl};
use crate::games::model::color::{color_name, parse_color_name};
use crate::games::model::id::GameId;
use crate::games::model::length::MAX_PLIES;
use crate::games::model::level::Level;
use crate::games::model::players::Players;
use crate::games::model::state::GameState;
use crate::games::model::stored_tree::StoredTree;
use crate::games::model::variant::Variant;
use crate::token::TokenHash;

/// A game read back from a store, validated and rebuilt with the engine crate.
#[derive(Debug)]
pub struct StoredGame {
    pub id: GameId,
    pub token: TokenHash,
    pub state: GameState,
}

/// One game as a row: everything needed to rebuild it, nothing derived except `status` and
/// `result`, which are kept for queries and checked against the replayed game on load.
///
/// PostgreSQL keeps the record whole as JSON (`games.record`, via these serde derives), so a new
/// field is stored there by adding it here; give it `#[serde(default)]` so older rows still load.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    pub id: String,
    /// SHA-256 of the token, hex.
    pub token_hash: String,
    pub initial_fen: String,
    /// UCI moves separated by single spaces ("" before the first move).
    pub moves: String,
    /// `"white"` or `"black"`: the player's colour.
    pub player_color: String,
    pub level: i64,
    /// `"ongoing"`, `"finished"` or `"aborted"`.
    pub status: String,
    /// PGN result token: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    pub result: String,
    /// The leading plies imported from a PGN, replayed under the claim rule; `None` in a row
    /// written before this was stored (schema v4): every ply is then replayed under the claim
    /// rule, which accepts every game the automatic rule accepts and rebuilds it identically.
    pub imported_plies: Option<i64>,
    /// The ply the game started at here (the moves before it were imported).
    pub first_ply: i64,
    /// How a finished game ended, as the API spells it (`"resignation"`, `"agreement"`,
    /// `"timeout"`, ...); `None` while it goes on (and in rows older than schema version 4).
    pub reason: Option<String>,
    /// `"<limit_ms>+<increment_ms>"`, `None` untimed.
    pub time_control: Option<String>,
    /// Both remaining times after each timed move: `"<ply>:<white_ms>:<black_ms>"`, space-separated.
    pub clocks: String,
    /// The players of a game imported from a finished PGN (`players.rs`); `None` for a game
    /// against the engine, and in rows written before they were stored (SQLite schema v7).
    #[serde(default)]
    pub players: Option<Players>,
    /// The rules the game is played under. A Chess960 start without castling rights has no rook
    /// files in its FEN to say so, hence kept apart; `None` in rows written before it was stored
    /// (SQLite schema v8), whose variant is read from the FEN as it was then.
    #[serde(default)]
    pub variant: Option<Variant>,
    /// The game's version (`GameState::version`), so views keep counting up across a restart
    /// and clients can order them by it; `None` in rows written before it was stored (SQLite
    /// schema v10), which start again from 0.
    #[serde(default)]
    pub version: Option<i64>,
    /// The move tree kept with a finished game (`stored_tree.rs`), as the PGN text
    /// `pgn::write_tree` writes; `None` without one, and in rows written before it was stored
    /// (SQLite schema v11).
    #[serde(default)]
    pub tree: Option<String>,
    /// Whether a takeback or a hint made the game casual (`rated.rs`); `None` in rows written
    /// before it was stored (SQLite schema v14), whose takebacks and hints nobody recorded:
    /// such a game is read back casual, never rated on an unknown history.
    #[serde(default)]
    pub casual: Option<bool>,
}

/// A stored row does not describe a valid game; it is quarantined on load.
#[derive(Debug, thiserror::Error)]
#[error("stored game {id:?} is invalid: {reason}")]
pub struct InvalidRecord {
    pub id: String,
    pub reason: String,
}

impl GameRecord {
    /// The row for a game as it is now.
    pub fn of(id: &GameId, token: &TokenHash, state: &GameState) -> GameRecord {
        let game = state.game();
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        GameRecord {
            id: id.to_string(),
            token_hash: token.to_hex(),
            initial_fen: crate::games::model::variant::stored_fen(game.initial_position()),
            moves: moves.join(" "),
            player_color: color_name(state.player()).to_owned(),
            level: i64::from(state.level().get()),
            status: if state.is_aborted() {
                "aborted"
            } else if state.is_finished() {
                "finished"
            } else {
                "ongoing"
            }
            .to_owned(),
            result: game.result().to_string(),
            imported_plies: Some(i64::try_from(state.imported_plies()).unwrap_or(i64::MAX)),
            first_ply: i64::try_from(state.first_ply()).unwrap_or(i64::MAX),
            reason: game.outcome().map(reason_name),
            time_control: state.clock().map(|clock| clock.control().to_stored()),
            clocks: state
                .clock()
                .map(GameClock::marks_to_stored)
                .unwrap_or_default(),
            players: state.players().cloned(),
            variant: Some(Variant::of(game.initial_position())),
            version: Some(i64::try_from(state.version()).unwrap_or(i64::MAX)),
            tree: state.tree().map(|tree| tree.as_pgn().to_owned()),
            casual: Some(state.is_casual()),
        }
    }

    /// The start position, in the stored variant's castling mode; an older row's as its FEN
    /// reads (Chess960 when its castling rights need it or name rook files).
    pub fn start_position(&self) -> Result<Position, FenError> {
        let start = Position::from_fen(&self.initial_fen)?;
        match self.variant {
            Some(variant) => start.with_castling_mode(variant.castling_mode()),
            None => Ok(start),
        }
    }

    /// Rebuilds the game, replaying every move through the engine crate.
    pub fn rebuild(&self) -> Result<StoredGame, InvalidRecord> {
        let invalid = |reason: String| InvalidRecord {
            id: self.id.clone(),
            reason,
        };
        let id = GameId::parse(&self.id).ok_or_else(|| invalid("malformed id".into()))?;
        let token = TokenHash::from_hex(&self.token_hash)
            .ok_or_else(|| invalid("malformed token hash".into()))?;
        let player = parse_color_name(&self.player_color)
            .ok_or_else(|| invalid(format!("unknown colour {:?}", self.player_color)))?;
        let level = Level::new(self.level)
            .ok_or_else(|| invalid(format!("level {} is out of range", self.level)))?;
        let imported = match self.imported_plies {
            None => None,
            Some(plies) => Some(
                usize::try_from(plies).map_err(|_| invalid(format!("{plies} imported plies")))?,
            ),
        };
        let game = self.replay(imported).map_err(invalid)?;
        // Unknown (an older row): every ply so far was replayed under the claim rule.
        let imported = imported.unwrap_or(game.ply());
        let first_ply = usize::try_from(self.first_ply)
            .map_err(|_| invalid(format!("first ply {} is negative", self.first_ply)))?;
        let aborted = self.status == "aborted";
        let clock = self.clock(game.ply()).map_err(invalid)?;
        let tree = self
            .tree
            .as_deref()
            .map(|text| StoredTree::from_stored(&game, text))
            .transpose()
            .map_err(invalid)?;
        Ok(StoredGame {
            id,
            token,
            state: GameState::restored(game, player, level, first_ply, aborted, clock)
                .with_imported_plies(imported)
                .with_players(self.players.clone())
                .with_tree(tree)
                .with_casual(self.casual.unwrap_or(true))
                .at_version(
                    self.version
                        .and_then(|v| u64::try_from(v).ok())
                        .unwrap_or(0),
                ),
        })
    }

    /// The clock as of the last move, checked against the game's `ply`.
    fn clock(&self, ply: usize) -> Result<Option<GameClock>, String> {
        let Some(text) = &self.time_control else {
            return match self.clocks.is_empty() {
                true => Ok(None),
                false => Err("clock times in an untimed game".into()),
            };
        };
        let control = TimeControl::from_stored(text)
            .ok_or_else(|| format!("time control {text:?} is invalid"))?;
        let marks = GameClock::marks_from_stored(&self.clocks, ply)
            .ok_or_else(|| format!("clock times {:?} are invalid", self.clocks))?;
        Ok(Some(GameClock::restored(control, marks)))
    }

    /// The start position, the moves and the declared result, checked against each other; the
    /// first `imported` plies (all of them if `None`) under the claim rule.
    fn replay(&self, imported: Option<usize>) -> Result<Game, String> {
        let start = self
            .start_position()
            .map_err(|error| format!("initial FEN: {error}"))?;
        let claim_rule_plies = imported.unwrap_or(usize::MAX);
        let mut game = Game::new(start).with_draw_rule(DrawRule::ByClaim);
        for (index, text) in self.moves.split_whitespace().enumerate() {
            if index >= MAX_PLIES {
                return Err(format!("more than {MAX_PLIES} plies"));
            }
            if index == claim_rule_plies {
                game.set_draw_rule(DrawRule::Automatic);
            }
            let m = text
                .parse::<UciMove>()
                .map_err(|error| format!("move {}: {error}", index + 1))?
                .to_move(game.position())
                .map_err(|error| format!("move {} {text}: {error}", index + 1))?;
            game.play(m)
                .map_err(|error| format!("move {} {text}: {error}", index + 1))?;
        }
        // A game still at its last imported position keeps the claim rule (setup.rs); once a
        // move was played here, live play ends those draws automatically. An older row does not
        // say how many plies were imported: it was switched to the automatic rule at import.
        if imported.is_none_or(|plies| game.ply() > plies) {
            game.set_draw_rule(DrawRule::Automatic);
        }
        let result: GameResult = self
            .result
            .parse()
            .map_err(|error| format!("result {:?}: {error}", self.result))?;
        apply_declared_result(&mut game, result, self.reason.as_deref())?;
        match (self.status.as_str(), game.result() == result) {
            ("ongoing" | "aborted", true) if result == GameResult::Ongoing => Ok(game),
            ("finished", true) if result != GameResult::Ongoing => Ok(game),
            (status, _) => Err(format!(
                "status {status:?} with result {} does not match the moves (board says {})",
                self.result,
                game.result()
            )),
        }
    }
}

/// The reason of `outcome` as the API spells it (the engine's serde names).
fn reason_name(outcome: Outcome) -> String {
    let json = match outcome {
        Outcome::Decisive { reason, .. } => serde_json::to_value(reason),
        Outcome::Draw { reason } => serde_json::to_value(reason),
    };
    json.ok()
        .and_then(|value| value.as_str().map(str::to_owned))
        .expect("the engine's reasons serialize as strings (tested in view.rs)")
}

/// Ends a game the way its row says when the board does not show it: a resignation (also a
/// decisive row with no reason, from before schema version 4), a flag of the side to move (only
/// the running clock can run out), an agreed draw, or a claimed one. The caller checks that the
/// outcome matches the stored result.
fn apply_declared_result(
    game: &mut Game,
    result: GameResult,
    reason: Option<&str>,
) -> Result<(), String> {
    if game.outcome().is_some() || result == GameResult::Ongoing {
        return Ok(());
    }
    let loser = match result {
        GameResult::WhiteWins => Color::Black,
        _ => Color::White,
    };
    let win = reason.map(|text| serde_json::from_value::<WinReason>(text.into()));
    let draw = reason.map(|text| serde_json::from_value::<DrawReason>(text.into()));
    let flagged = game.position().turn();
    match (result, win, draw) {
        (GameResult::Draw, _, Some(Ok(DrawReason::Agreement))) => game.agree_draw(),
        (GameResult::Draw, _, Some(Ok(DrawReason::TimeoutVsInsufficientMaterial))) => {
            game.time_out(flagged);
        }
        (
            GameResult::Draw,
            _,
            Some(Ok(DrawReason::ThreefoldRepetition | DrawReason::FiftyMoveRule)),
        ) => {
            game.claim_draw()
                .map_err(|error| format!("a claimed draw: {error}"))?;
        }
        (GameResult::Draw, ..) => return Err("a draw the board does not show".into()),
        (_, Some(Ok(WinReason::Timeout)), _) => game.time_out(flagged),
        (_, None | Some(Ok(WinReason::Resignation)), _) => game.resign(loser),
        _ => return Err(format!("reason {reason:?} does not fit result {result}")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::{CastlingMode, DrawRule, Outcome, WinReason};
    use alphachess_testkit::game_after;

    fn played(moves: &[&str], player: Color) -> GameState {
        GameState::new(game_after(moves), player, Level::new(3).expect("a level"))
    }

    /// `moves` played here, not imported: ending it is not an abort once each side made two.
    fn played_here(moves: &[&str], player: Color) -> GameState {
        let level = Level::new(3).expect("a level");
        GameState::restored(game_after(moves), player, level, 0, false, None)
    }

    fn record_of(state: &GameState) -> GameRecord {
        let id = GameId::parse("abcdefghijkl").expect("an id");
        GameRecord::of(&id, &TokenHash::of("secret"), state)
    }

    #[test]
    fn a_game_survives_the_round_trip_through_its_record() {
        let state = played(&["e2e4", "e7e5", "g1f3"], Color::Black);
        let record = record_of(&state);
        assert_eq!(record.moves, "e2e4 e7e5 g1f3");
        assert_eq!(
            (record.status.as_str(), record.result.as_str()),
            ("ongoing", "*")
        );
        let stored = record.rebuild().expect("valid");
        assert_eq!(stored.id.as_str(), "abcdefghijkl");
        assert!(stored.token.verify("secret"));
        assert_eq!(stored.state.player(), Color::Black);
        assert_eq!(stored.state.level().get(), 3);
        assert_eq!(stored.state.game().moves(), state.game().moves());
        assert_eq!(record_of(&stored.state), record);
    }

    #[test]
    fn a_chess960_game_with_castling_comes_back_as_chess960_even_from_setup_518() {
        let start = Position::chess960(518).expect("in range");
        let moves = [
            "g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7", "e1h1", "e8h8",
        ];
        let game = Game::from_uci_moves(start, moves).expect("legal");
        let state = GameState::new(game, Color::White, Level::new(3).expect("a level"));
        let record = record_of(&state);
        assert_eq!(
            record.initial_fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
        assert!(record.moves.ends_with("e1h1 e8h8"), "{}", record.moves);
        let stored = record.rebuild().expect("valid");
        assert!(stored.state.game().initial_position().is_chess960());
        assert_eq!(stored.state.game().position(), state.game().position());
        assert_eq!(record_of(&stored.state), record);
    }

    #[test]
    fn a_chess960_game_without_castling_rights_comes_back_as_chess960_and_an_older_row_as_before() {
        let fen = "bnrqkbrn/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBRN w - - 0 1";
        let start = Position::from_fen(fen)
            .and_then(|start| start.with_castling_mode(CastlingMode::Chess960))
            .expect("valid");
        let game = Game::from_uci_moves(start, ["b1c3"]).expect("legal");
        let state = GameState::new(game, Color::White, Level::MAX);
        let record = record_of(&state);
        assert_eq!(record.initial_fen, fen, "no rook files to tell");
        assert_eq!(record.variant, Some(Variant::Chess960));
        let json = serde_json::to_value(&record).expect("serializes");
        assert_eq!(json["variant"], "chess960");
        let back: GameRecord = serde_json::from_value(json.clone()).expect("reads back");
        assert_eq!(back, record);
        let rebuilt = back.rebuild().expect("valid").state;
        assert!(rebuilt.game().initial_position().is_chess960());
        assert_eq!(rebuilt.game().position(), state.game().position());
        assert_eq!(record_of(&rebuilt), record, "the round trip is stable");

        // A row written before the variant was stored (PostgreSQL's JSON without the field,
        // SQLite's NULL): read from the FEN as it was then, which says standard here.
        let mut old = json;
        old.as_object_mut().expect("an object").remove("variant");
        let old: GameRecord = serde_json::from_value(old).expect("an older row loads");
        assert_eq!(old.variant, None);
        let rebuilt = old.rebuild().expect("valid").state;
        assert!(!rebuilt.game().initial_position().is_chess960());
        assert_eq!(rebuilt.game().moves(), state.game().moves());
        let mut shredder = old.clone();
        shredder.initial_fen = Position::chess960(518).expect("in range").to_shredder_fen();
        shredder.moves = String::new();
        let rebuilt = shredder.rebuild().expect("valid").state;
        assert!(
            rebuilt.game().initial_position().is_chess960(),
            "an older row's rook files still say Chess960"
        );

        // A stored variant the start contradicts is a damaged row.
        let mut contradicted = shredder;
        contradicted.initial_fen =
            "bnrqkbrn/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBRN w GCgc - 0 1".into();
        contradicted.variant = Some(Variant::Standard);
        assert!(contradicted.rebuild().is_err(), "{contradicted:?}");
    }

    #[test]
    fn a_mate_and_a_resignation_come_back_finished() {
        // Fool's mate.
        let mate = played(&["f2f3", "e7e5", "g2g4", "d8h4"], Color::White);
        let record = record_of(&mate);
        assert_eq!(
            (record.status.as_str(), record.result.as_str()),
            ("finished", "0-1")
        );
        assert!(record.rebuild().expect("valid").state.is_finished());

        let mut resigned = played_here(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
        resigned.resign().expect("ongoing");
        let back = record_of(&resigned).rebuild().expect("valid").state;
        assert_eq!(
            back.game().outcome(),
            Some(Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Resignation
            })
        );
    }

    #[test]
    fn an_imported_game_that_played_on_past_a_threefold_repetition_replays_from_its_record() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *";
        let imported = crate::games::model::setup::parse_pgn(shuffle).expect("imports");
        let mut state = GameState::new(imported, Color::White, Level::MAX);
        state
            .play_player_move(&"d4".parse().expect("notation"), None)
            .expect("legal");
        let record = record_of(&state);
        let back = record.rebuild().expect("replays as it was played");
        assert_eq!(back.state.game().moves(), state.game().moves());
        assert_eq!(back.state.game().draw_rule(), DrawRule::Automatic);
        assert_eq!(back.state.game().outcome(), None);
        assert_eq!(record_of(&back.state), record, "the round trip is stable");

        // A game created from the start position never played past a draw: the same moves are a
        // damaged row there.
        let mut live = record.clone();
        live.imported_plies = Some(0);
        assert!(live.rebuild().is_err(), "{live:?}");
    }

    #[test]
    fn an_imported_game_ending_on_a_threefold_repetition_keeps_its_claim_after_a_restart() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
        let imported = crate::games::model::setup::parse_pgn(shuffle).expect("imports");
        let state = GameState::new(imported, Color::White, Level::MAX);
        assert!(state.can_claim_draw());
        let back = record_of(&state).rebuild().expect("replays").state;
        assert_eq!(back.game().outcome(), None);
        assert!(back.can_claim_draw(), "the claim survives the restart");
    }

    #[test]
    fn a_finished_pgns_players_survive_the_round_trip_and_an_older_row_has_none() {
        let mate = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. f3 e5 2. g4 Qh4# 0-1";
        let imported = crate::games::model::setup::import_pgn(mate).expect("imports");
        let players = imported.players.clone().expect("a finished PGN");
        let state =
            GameState::new(imported.game, Color::White, Level::MAX).with_players(imported.players);
        let record = record_of(&state);
        assert_eq!(record.players.as_ref(), Some(&players));
        let json = serde_json::to_string(&record).expect("serializes");
        let back: GameRecord = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, record);
        let rebuilt = back.rebuild().expect("valid").state;
        assert_eq!(rebuilt.players(), Some(&players));

        // A record written before the players were stored (PostgreSQL's JSON without the field).
        let mut old =
            serde_json::to_value(record_of(&played(&["e2e4"], Color::White))).expect("serializes");
        old.as_object_mut().expect("an object").remove("players");
        let old: GameRecord = serde_json::from_value(old).expect("an older row loads");
        assert_eq!(old.players, None);
        assert_eq!(old.rebuild().expect("valid").state.players(), None);
    }

    #[test]
    fn a_row_from_before_the_draw_rule_was_stored_replays_under_the_claim_rule() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *";
        let imported = crate::games::model::setup::parse_pgn(shuffle).expect("imports");
        let state = GameState::new(imported, Color::White, Level::MAX);
        let mut old = record_of(&state);
        old.imported_plies = None;
        let back = old.rebuild().expect("rescued");
        assert_eq!(back.state.game().ply(), 10);
        assert_eq!(back.state.game().draw_rule(), DrawRule::Automatic);
    }

    #[test]
    fn damaged_rows_are_refused_with_the_reason() {
        let good = record_of(&played(&["e2e4", "e7e5"], Color::White));
        type Damage = fn(&mut GameRecord);
        let damage: [(&str, Damage); 8] = [
            ("id", |r| r.id = "NOT-AN-ID".into()),
            ("token", |r| r.token_hash = "xyz".into()),
            ("colour", |r| r.player_color = "green".into()),
            ("level", |r| r.level = 22),
            ("FEN", |r| {
                r.initial_fen = "8/8/8/8/8/8/8/8 w - - 0 1".into()
            }),
            ("illegal move", |r| r.moves = "e2e4 e2e4".into()),
            ("garbage move", |r| r.moves = "e2e4 hello".into()),
            ("status", |r| r.status = "finished".into()),
        ];
        for (what, damage) in damage {
            let mut record = good.clone();
            damage(&mut record);
            assert!(record.rebuild().is_err(), "{what} damage was accepted");
        }
        let mut draw = good.clone();
        draw.status = "finished".into();
        draw.result = "1/2-1/2".into();
        assert!(draw.rebuild().is_err(), "a draw the board does not show");
    }

    #[test]
    fn aborted_agreed_and_flagged_games_come_back_as_they_ended() {
        let mut aborted = played(&["e2e4"], Color::Black);
        aborted.abort().expect("before the player's first move");
        let record = record_of(&aborted);
        assert_eq!(
            (record.status.as_str(), record.result.as_str()),
            ("aborted", "*")
        );
        let back = record.rebuild().expect("valid").state;
        assert!(back.is_aborted() && back.is_finished());

        let mut agreed = played_here(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
        agreed
            .agree_draw(agreed.version())
            .expect("the player's turn");
        let record = record_of(&agreed);
        assert_eq!(record.reason.as_deref(), Some("agreement"));
        let back = record.rebuild().expect("valid").state;
        assert_eq!(back.game().outcome(), agreed.game().outcome());

        for fen in [
            "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        ] {
            let start = Position::from_fen(fen).expect("valid");
            let mut game = Game::new(start);
            game.time_out(game.position().turn());
            let flagged = GameState::new(game, Color::White, Level::MAX);
            let record = record_of(&flagged);
            let back = record.rebuild().expect("valid").state;
            assert_eq!(back.game().outcome(), flagged.game().outcome(), "{fen}");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_timed_game_comes_back_with_its_clocks_and_the_downtime_charged_to_nobody() {
        use crate::games::model::clock::TimeControl;
        use std::time::Duration;
        use tokio::time::{advance, Instant};
        let control = TimeControl::from_secs(60, 1).expect("in range");
        let mut state =
            GameState::new(Game::default(), Color::White, Level::MAX).with_clock(Some(control));
        state
            .play_player_move(&"e4".parse().expect("notation"), None)
            .expect("legal");
        let turn = state.begin_engine_turn(true).expect("engine to move");
        advance(Duration::from_secs(4)).await;
        let reply = "e7e5"
            .parse::<UciMove>()
            .expect("UCI")
            .to_move(state.game().position())
            .expect("legal");
        state
            .apply_engine_reply(turn.version, reply)
            .expect("applies");
        let record = record_of(&state);
        assert_eq!(record.time_control.as_deref(), Some("60000+1000"));
        assert_eq!(record.clocks, "1:60000:60000 2:60000:57000");
        // Down for an hour.
        advance(Duration::from_secs(3600)).await;
        let back = record.rebuild().expect("valid").state;
        advance(Duration::from_secs(2)).await;
        let times = back.clock().expect("timed").remaining(Instant::now());
        assert_eq!(times.white, Duration::from_secs(58));
        assert_eq!(times.black, Duration::from_secs(57));

        let mut damaged = record.clone();
        damaged.clocks = "1:60000:60000 9:1:1".into();
        assert!(damaged.rebuild().is_err(), "a mark past the last move");
        let mut untimed = record;
        untimed.time_control = None;
        assert!(untimed.rebuild().is_err(), "clock times in an untimed game");
    }
}
