//! `GameView`: the JSON every frontend reads (field names are part of the HTTP contract).

use alphachess_engine::{Color, DrawReason, Move, Outcome, Position, SanPlus, WinReason};
use serde::Serialize;
use tokio::time::Instant;
use utoipa::ToSchema;

use super::color_name::ColorName;
use super::review_status::ReviewStatus;
use super::schemas::{PlayersSchema, VariantSchema};
use super::step_view::StepView;
use crate::games::model::clock::{millis, GameClock};
use crate::games::model::id::GameId;
use crate::games::model::players::Players;
use crate::games::model::state::GameState;
use crate::games::model::variant::Variant;
use crate::openings::{opening_of, Opening};

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ongoing,
    Finished,
    /// Ended with no result before each side made two moves (abort, resignation or a flag
    /// then): not rated, no review.
    Aborted,
}

impl Status {
    /// Where `state` stands.
    pub fn of(state: &GameState) -> Status {
        if state.is_aborted() {
            Status::Aborted
        } else if state.game().outcome().is_some() {
            Status::Finished
        } else {
            Status::Ongoing
        }
    }
}

/// How a finished game ended: the engine's own reason, written flat (`"checkmate"`,
/// `"threefold_repetition"`) as its serde spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum EndReason {
    Win(WinReason),
    Draw(DrawReason),
}

impl From<Outcome> for EndReason {
    fn from(outcome: Outcome) -> EndReason {
        match outcome {
            Outcome::Decisive { reason, .. } => EndReason::Win(reason),
            Outcome::Draw { reason } => EndReason::Draw(reason),
        }
    }
}

// Schema only: how the OpenAPI document describes an `EndReason`; a test pins it to the
// engine's serde spelling of every `WinReason` and `DrawReason`.
/// How a finished game ended.
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)] // never built: only its schema is read
pub enum Reason {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoveRule,
    /// Only under the engine's claim rule (FIDE over the board); live games end at threefold.
    FivefoldRepetition,
    /// Only under the engine's claim rule (FIDE over the board); live games end at fifty moves.
    SeventyFiveMoveRule,
    InsufficientMaterial,
    Resignation,
    /// The loser's time ran out.
    Timeout,
    /// Stockfish accepted the player's draw offer.
    Agreement,
    /// A player's time ran out, but the opponent could not possibly checkmate.
    TimeoutVsInsufficientMaterial,
}

/// A played move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct MoveView {
    #[schema(example = "e2e4")]
    pub uci: String,
    #[schema(example = "e4")]
    pub san: String,
    /// The position after the move, so a frontend can show any earlier position without knowing
    /// the rules.
    #[schema(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    pub fen_after: String,
    /// The mover's remaining time right after the move, increment included, in milliseconds;
    /// null in an untimed game (and for moves imported with a PGN).
    #[schema(example = json!(null))]
    pub clock_ms: Option<u64>,
}

/// A timed game's clocks, as of the moment the view was made: a frontend counts the running
/// side down locally from them and resyncs on every view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Clock {
    /// The time control's starting time (0 in an increment-only control such as 0+1, whose
    /// clocks start at one increment).
    #[schema(example = 180_000)]
    pub limit_ms: u64,
    /// Added after each timed move.
    #[schema(example = 2_000)]
    pub increment_ms: u64,
    #[schema(example = 176_400)]
    pub white_ms: u64,
    #[schema(example = 180_000)]
    pub black_ms: u64,
    /// The side whose clock runs: null before the player's first move and once the game is over.
    #[schema(value_type = Option<ColorName>)]
    pub running: Option<Color>,
}

impl Clock {
    /// `clock` as it reads at `now`.
    pub fn of(clock: &GameClock, now: Instant) -> Clock {
        let times = clock.remaining(now);
        let control = clock.control();
        Clock {
            limit_ms: millis(control.limit()),
            increment_ms: millis(control.increment()),
            white_ms: millis(times.white),
            black_ms: millis(times.black),
            running: clock.running(),
        }
    }
}

/// A move with its squares, as the board needs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct LegalMoveView {
    #[schema(example = "g1f3")]
    pub uci: String,
    #[schema(example = "Nf3")]
    pub san: String,
    #[schema(example = "g1")]
    pub from: String,
    /// The square the piece lands on; for castling the king's destination (g1/c1/g8/c8) in both
    /// variants, while `uci` is king-takes-rook in Chess960.
    #[schema(example = "f3")]
    pub to: String,
    /// `q`, `r`, `b` or `n` for a promotion.
    #[schema(example = json!(null))]
    pub promotion: Option<String>,
    /// The position after the move, so a frontend can show the move before the server has
    /// answered without knowing the rules (castling's rook, en passant, promotion).
    #[schema(example = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")]
    pub fen_after: String,
}

impl LegalMoveView {
    /// `m`, legal in `before`, described there; `after` is the position it leads to.
    pub fn new(before: &Position, m: Move, after: &Position) -> LegalMoveView {
        LegalMoveView {
            uci: m.to_string(),
            san: SanPlus::from_move(before, m).to_string(),
            from: m.from().to_string(),
            to: before
                .castling_squares(m)
                .map_or(m.to(), |castle| castle.king_to)
                .to_string(),
            promotion: m.promotion().map(|role| role.char().to_string()),
            fen_after: after.to_fen(),
        }
    }

    /// `m`, one of `position`'s legal moves, played there to find the position after it.
    fn legal(position: &Position, m: Move) -> LegalMoveView {
        let mut after = position.clone();
        after.play_unchecked(m);
        LegalMoveView::new(position, m, &after)
    }
}

/// Everything a frontend needs to draw and play a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameView {
    pub id: String,
    /// Counts the game's changes: every move, takeback, offer, ending, and the engine starting
    /// or stopping to think. A view with a larger version is newer, so a client that receives
    /// views from several places (an answer, the stream, a poll) keeps the largest. It keeps
    /// counting across a server restart.
    #[schema(example = 12)]
    pub version: u64,
    /// The current position.
    pub fen: String,
    /// The position the game started from (X-FEN in Chess960: `KQkq` for the outermost rooks).
    pub initial_fen: String,
    /// `standard` or `chess960`. In Chess960, castling moves are king-takes-rook in `uci`
    /// (`b1a1`, as Stockfish writes them with `UCI_Chess960`); a move may be sent either way.
    #[schema(value_type = VariantSchema)]
    pub variant: Variant,
    /// The Chess960 setup number (0–959) of the start position, if it is one of the 960 setups
    /// and the game is Chess960; null otherwise.
    #[schema(example = 518)]
    pub chess960_position: Option<u16>,
    #[schema(value_type = ColorName)]
    pub player_color: Color,
    /// The side to move.
    #[schema(value_type = ColorName)]
    pub turn: Color,
    /// Plies played since `initial_fen` (the length of `moves`).
    pub ply: usize,
    /// The ladder's step: 1 (a true beginner) to 21 (full strength).
    pub level: u8,
    /// The step's name and measured rating (engine scale, see `GET /api/levels`).
    pub step: StepView,
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[schema(example = "*")]
    pub result: String,
    #[schema(value_type = Option<Reason>)]
    pub reason: Option<EndReason>,
    #[schema(value_type = Option<ColorName>)]
    pub winner: Option<Color>,
    /// Whether the side to move is in check.
    pub check: bool,
    pub last_move: Option<LegalMoveView>,
    /// `moves[i]` is ply `i + 1`.
    pub moves: Vec<MoveView>,
    /// The side to move's legal moves while the game is ongoing; empty once it is finished.
    pub legal_moves: Vec<LegalMoveView>,
    /// Whether the engine is searching its reply now (a `game` event follows on the live stream).
    pub engine_thinking: bool,
    /// Whether a takeback would be accepted now: the game is ongoing and the player has a move on
    /// the board (or in flight) to take back. Frontends read this instead of guessing from ply
    /// parity, which breaks when the engine opened the game or the game started from a FEN.
    pub can_take_back: bool,
    /// Whether the game counts for the player's rating (as lichess's `gameFull.rated`): it started
    /// from the standard position (not a FEN, a PGN, the editor; Chess960 is unrated) and nobody
    /// took a move back or used a hint. It turns false at the first takeback or hint, and when the
    /// game is aborted (ended before each side made two moves).
    pub rated: bool,
    /// Whether an abort would be accepted now: the game is ongoing and some side has made fewer
    /// than two moves in it (its move list, a PGN's moves included; a FEN's move number counts nothing).
    /// While it is true, resigning aborts the game and no draw can be offered.
    pub can_abort: bool,
    /// Whether a draw claim would be accepted now (only a game under the claim rule, an imported
    /// one, can have a threefold repetition or fifty moves to claim; on the player's turn).
    pub can_claim_draw: bool,
    /// The opening: the deepest named position the game has reached (a game that left theory
    /// keeps its last name; transpositions count). `null` before any named position.
    pub opening: Option<Opening>,
    /// The players a PGN names, for a game created from a PGN that was already over (checkmate,
    /// stalemate, ...): such a game is opened for review, it is the PGN's players' game, not
    /// the player's against Stockfish, and it is nobody's win or loss here (clients do not rate
    /// it). Null for a game against Stockfish, including one continued from an unfinished PGN.
    #[schema(value_type = Option<PlayersSchema>)]
    pub players: Option<Players>,
    /// Whether the game has a review (its post-game analysis): `none` (nobody asked for one:
    /// `GET .../analysis` would answer 404), or `requested` (it answers the review as it
    /// stands). Read it instead of probing `GET .../analysis`. A live game's review starts by
    /// itself as the game ends, so the view of its ending (the answer and the `game` event) says
    /// `requested` already; a game imported already over turns `requested` when its player asks,
    /// without a new `version` and without a `game` event of its own (the next `GET` shows it, and
    /// the stream's `analysis` events carry the review). It never turns back, but when the server
    /// could not start an ended game's review (its queue full): then `none` until the player asks.
    #[schema(example = "none")]
    pub review: ReviewStatus,
    /// The clocks of a timed game; null when untimed. The last field: the view cache
    /// (`view_cache.rs`) keeps everything before it and writes a running clock per request.
    pub clock: Option<Clock>,
}

impl GameView {
    /// The view of `state`.
    pub fn new(id: &GameId, state: &GameState) -> GameView {
        let game = state.game();
        let position = game.position();
        let outcome = game.outcome();
        // positions()[i] is the position before moves()[i], positions()[i + 1] the one after it.
        // Built when a game changes (serialized once into the view cache) or a stream asks.
        let played: Vec<LegalMoveView> = game
            .moves()
            .iter()
            .zip(game.positions().windows(2))
            .map(|(&m, pair)| LegalMoveView::new(&pair[0], m, &pair[1]))
            .collect();
        let legal_moves = match state.is_finished() {
            true => Vec::new(),
            false => position
                .legal_moves()
                .iter()
                .map(|&m| LegalMoveView::legal(position, m))
                .collect(),
        };
        GameView {
            id: id.to_string(),
            fen: position.to_fen(),
            initial_fen: game.initial_position().to_fen(),
            variant: Variant::of(game.initial_position()),
            chess960_position: game
                .initial_position()
                .is_chess960()
                .then(|| game.initial_position().chess960_number())
                .flatten(),
            player_color: state.player(),
            turn: position.turn(),
            ply: game.ply(),
            level: state.level().get(),
            step: StepView::of(state.level()),
            status: Status::of(state),
            result: game.result().to_string(),
            reason: outcome.map(EndReason::from),
            winner: outcome.and_then(Outcome::winner),
            check: position.is_check(),
            last_move: played.last().cloned(),
            moves: played
                .into_iter()
                .zip(game.positions())
                .enumerate()
                .map(|(index, (m, before))| MoveView {
                    uci: m.uci,
                    san: m.san,
                    fen_after: m.fen_after,
                    clock_ms: state
                        .clock()
                        .and_then(|clock| clock.after_move(index + 1, before.turn()))
                        .map(millis),
                })
                .collect(),
            legal_moves,
            engine_thinking: state.is_engine_thinking(),
            version: state.version(),
            can_take_back: state.can_take_back(),
            rated: crate::games::model::rated::is_rated(state),
            can_abort: state.can_abort(),
            can_claim_draw: state.can_claim_draw(),
            opening: opening_of(game).cloned(),
            clock: state.clock().map(|clock| Clock::of(clock, Instant::now())),
            players: state.players().cloned(),
            // The live game's slot knows the review (`slot.rs`); a bare state has none.
            review: ReviewStatus::NotRequested,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::view::color_name::schema_values;

    /// Every reason the engine has; the matches stop compiling when it gains one.
    fn every_end_reason() -> Vec<EndReason> {
        let wins = [
            WinReason::Checkmate,
            WinReason::Resignation,
            WinReason::Timeout,
        ];
        let draws = [
            DrawReason::Stalemate,
            DrawReason::ThreefoldRepetition,
            DrawReason::FiftyMoveRule,
            DrawReason::FivefoldRepetition,
            DrawReason::SeventyFiveMoveRule,
            DrawReason::InsufficientMaterial,
            DrawReason::Agreement,
            DrawReason::TimeoutVsInsufficientMaterial,
        ];
        for reason in wins {
            match reason {
                WinReason::Checkmate | WinReason::Resignation | WinReason::Timeout => {}
            }
        }
        for reason in draws {
            match reason {
                DrawReason::Stalemate
                | DrawReason::ThreefoldRepetition
                | DrawReason::FiftyMoveRule
                | DrawReason::FivefoldRepetition
                | DrawReason::SeventyFiveMoveRule
                | DrawReason::InsufficientMaterial
                | DrawReason::Agreement
                | DrawReason::TimeoutVsInsufficientMaterial => {}
            }
        }
        let wins = wins.into_iter().map(EndReason::Win);
        wins.chain(draws.into_iter().map(EndReason::Draw)).collect()
    }

    #[test]
    fn the_openapi_reason_is_exactly_the_engines_reasons_as_serde_spells_them() {
        let mut spelled: Vec<String> = every_end_reason()
            .into_iter()
            .map(|reason| {
                let json = serde_json::to_value(reason).expect("serializable");
                json.as_str().expect("a flat string").to_owned()
            })
            .collect();
        let mut described = schema_values::<Reason>();
        spelled.sort();
        described.sort();
        assert_eq!(described, spelled);
    }

    #[test]
    fn the_view_names_the_deepest_opening_reached() {
        use crate::games::model::level::Level;
        use alphachess_engine::{Game, Position};
        let id = GameId::parse("abcdefghijkl").expect("an id");
        let view = GameView::new(
            &id,
            &GameState::new(Game::default(), Color::White, Level::MAX),
        );
        assert_eq!(view.opening, None);
        let najdorf = [
            "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "h3",
        ];
        let game = Game::from_san_moves(Position::startpos(), najdorf).expect("legal");
        let view = GameView::new(&id, &GameState::new(game, Color::White, Level::MAX));
        let opening = view.opening.expect("a Najdorf");
        assert_eq!(opening.eco, "B90");
        assert_eq!(
            opening.name,
            "Sicilian Defense: Najdorf Variation, Adams Attack"
        );
        let json = serde_json::to_value(GameView::new(
            &id,
            &GameState::new(Game::default(), Color::White, Level::MAX),
        ))
        .expect("serializes");
        assert_eq!(json["opening"], serde_json::Value::Null);
    }

    #[test]
    fn colours_and_reasons_are_written_with_the_engines_names() {
        let outcome = Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Checkmate,
        };
        let json = serde_json::json!({
            "reason": EndReason::from(outcome),
            "winner": outcome.winner(),
            "draw": EndReason::from(Outcome::Draw { reason: DrawReason::FiftyMoveRule }),
        });
        assert_eq!(
            json,
            serde_json::json!({"reason": "checkmate", "winner": "black", "draw": "fifty_move_rule"})
        );
    }
}
