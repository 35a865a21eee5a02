//! How a step plays, move by move: games against one fixed opponent, every move of the step's
//! side judged by Stockfish at a fixed depth, summed into the measures of issue #37's table.
//!
//! Every position of a game is searched once (`go depth D`, one thread, from its FEN: the judge
//! sees no repetition history). With `S(i)` the score of position `i` for the side to move:
//! - a move's loss is `S(i) + S(i+1)` (the best score minus the score after the move, both for
//!   the mover); "best or near" is a loss ≤ 20 cp, a blunder a loss ≥ 300 cp;
//! - free material is an opponent's move that gave ≥ 200 cp (`S(i) + S(i-1)`) where the judge's
//!   best reply is a capture: left untaken when the step's reply loses ≥ 200 cp of it;
//! - a free queen is such a gift of ≥ 600 cp whose best reply takes a queen: taken when the
//!   step's reply captures a queen;
//! - a king move counts when it is neither castling nor out of check.
//!
//! Scores are clamped to ±15 pawns (a mate is 15 pawns), so a won position's lines are not losses.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use alphachess_engine::{Color, Game, Position, Role, UciMove};

use crate::engine::{Engine, MATE_CP};
use crate::play::{play_out, Player, Side, OPENINGS};

/// Best or near: at most this many centipawns lost.
const NEAR_CP: i32 = 20;
/// A blunder: at least this many centipawns lost.
const BLUNDER_CP: i32 = 300;
/// Free material: a gift of at least this many centipawns.
const FREE_CP: i32 = 200;
/// A free queen: a gift of at least this many centipawns, its best reply taking a queen.
const FREE_QUEEN_CP: i32 = 600;

/// One step's counts over its games.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub games: usize,
    pub moves: usize,
    pub near_best: usize,
    pub blunders: usize,
    pub king_moves: usize,
    pub free: usize,
    pub free_left: usize,
    pub free_queens: usize,
    pub queens_taken: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.moves += other.moves;
        self.near_best += other.near_best;
        self.blunders += other.blunders;
        self.king_moves += other.king_moves;
        self.free += other.free;
        self.free_left += other.free_left;
        self.free_queens += other.free_queens;
        self.queens_taken += other.queens_taken;
    }

    /// One row of the table, in Markdown.
    pub fn row(&self, player: Player) -> String {
        let pct = |n: usize, of: usize| {
            if of == 0 {
                "–".to_owned()
            } else {
                format!("{:.0} %", 100.0 * n as f64 / of as f64)
            }
        };
        format!(
            "| {player} | {} | {} | {} | {} | {} | {} of {} | {} of {} ({}) |",
            self.games,
            self.moves,
            pct(self.near_best, self.moves),
            pct(self.blunders, self.moves),
            pct(self.king_moves, self.moves),
            self.free_left,
            self.free,
            self.queens_taken,
            self.free_queens,
            pct(self.queens_taken, self.free_queens),
        )
    }
}

/// The table's heading, in Markdown.
pub const HEADER: &str = "| player | games | moves | best or near (≤ 0.2 pawn lost) | loses ≥ 3 pawns | \
king moves (outside check and castling) | free material (≥ 2 pawns) left untaken | free queen taken |\n\
|---|---|---|---|---|---|---|---|";

/// The judge's score and best move for every position of `game`, for the side to move.
fn judge_game(
    judge: &mut Engine,
    game: &Game,
    limits: &str,
) -> std::io::Result<Vec<(i32, Option<UciMove>)>> {
    game.positions()
        .iter()
        .map(|position| {
            if position.legal_moves().is_empty() {
                let score = if position.is_check() { -MATE_CP } else { 0 };
                return Ok((score, None));
            }
            let (score, best) = judge.evaluate(&position.to_fen(), limits)?;
            Ok((score, Some(best)))
        })
        .collect()
}

/// Whether `m` in `position` captures a queen.
fn takes_queen(position: &Position, m: UciMove) -> bool {
    m.to_move(position)
        .ok()
        .and_then(|m| position.captured_role(m))
        == Some(Role::Queen)
}

/// The counts of `side`'s moves in `game` (from ply `from`, after the opening), judged by `scores`.
fn tally(game: &Game, side: Color, from: usize, scores: &[(i32, Option<UciMove>)]) -> Tally {
    let mut t = Tally {
        games: 1,
        ..Tally::default()
    };
    let positions = game.positions();
    for (i, &m) in game.moves().iter().enumerate().skip(from) {
        let position = &positions[i];
        if position.turn() != side {
            continue;
        }
        t.moves += 1;
        let loss = scores[i].0 + scores[i + 1].0;
        t.near_best += usize::from(loss <= NEAR_CP);
        t.blunders += usize::from(loss >= BLUNDER_CP);
        let king = position.role_at(m.from()) == Some(Role::King);
        t.king_moves += usize::from(king && !m.is_castle() && !position.is_check());
        let gift = if i > 0 {
            scores[i].0 + scores[i - 1].0
        } else {
            0
        };
        let best = scores[i].1;
        let best_captures = best
            .and_then(|b| b.to_move(position).ok())
            .is_some_and(|b| position.is_capture(b));
        if gift >= FREE_CP && best_captures {
            t.free += 1;
            t.free_left += usize::from(loss >= FREE_CP);
        }
        if gift >= FREE_QUEEN_CP && best.is_some_and(|b| takes_queen(position, b)) {
            t.free_queens += 1;
            t.queens_taken += usize::from(position.captured_role(m) == Some(Role::Queen));
        }
    }
    t
}

/// Plays `games` games for each of `players` against `opponent` (colours alternating, openings
/// cycling, each game cut at `max_plies`), judges them at `depth` and prints the table.
#[allow(clippy::too_many_arguments)]
pub fn run(
    stockfish: &Path,
    full_depth: u32,
    players: &[Player],
    opponent: Player,
    games: usize,
    max_plies: usize,
    depth: u32,
    jobs: usize,
    seed: u64,
) -> Result<(), Box<dyn std::error::Error>> {
    let tasks: Vec<(usize, usize)> = (0..games)
        .flat_map(|k| (0..players.len()).map(move |p| (p, k)))
        .collect();
    let totals = Mutex::new(vec![Tally::default(); players.len()]);
    let next = AtomicUsize::new(0);
    let limits = format!("depth {depth}");
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut judge = match Engine::start(stockfish) {
                    Ok(judge) => judge,
                    Err(error) => return eprintln!("the judge did not start: {error}"),
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(p, k)) = tasks.get(i) else { return };
                    let player = players[p];
                    let (white, black) = if k % 2 == 0 {
                        (player, opponent)
                    } else {
                        (opponent, player)
                    };
                    let side = if k % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let game_seed = seed
                        .wrapping_mul(1_000_003)
                        .wrapping_add(i as u64)
                        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let judged = Side::start(white, stockfish, full_depth).and_then(|mut w| {
                        let mut b = Side::start(black, stockfish, full_depth)?;
                        let game = play_out(
                            &mut w,
                            &mut b,
                            (k / 2) % OPENINGS.len(),
                            game_seed,
                            max_plies,
                        )?;
                        let scores = judge_game(&mut judge, &game, &limits)?;
                        Ok(tally(&game, side, 4, &scores))
                    });
                    match judged {
                        Ok(t) => {
                            eprintln!("{i}/{} {}", tasks.len(), t.row(player));
                            totals.lock().expect("no adder panics")[p].add(&t);
                        }
                        Err(error) => eprintln!("game {i} ({white} - {black}) failed: {error}"),
                    }
                }
            });
        }
    });
    println!("{HEADER}");
    for (player, t) in players
        .iter()
        .zip(totals.into_inner().expect("no adder panics"))
    {
        println!("{}", t.row(*player));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game from its UCI moves.
    fn game(moves: &str) -> Game {
        alphachess_testkit::game_after(&moves.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn losses_and_a_king_walk_are_counted_for_the_side_judged_only() {
        // 1.e4 e5 2.Qh5 Ke7 3.Qxe5#: black's 2...Ke7 walks the king outside check and, by the
        // made-up scores, loses 1000 cp; 1...e5 loses nothing. White's moves are not counted.
        let g = game("e2e4 e7e5 d1h5 e8e7 h5e5");
        let best = |uci: &str| Some(uci.parse::<UciMove>().expect("uci"));
        let scores = vec![
            (20, best("e2e4")),
            (-20, best("e7e5")),
            (20, best("d1h5")),
            (880, best("b8c6")),
            (120, best("h5e5")),
            (0, None),
        ];
        let t = tally(&g, Color::Black, 0, &scores);
        assert_eq!(t.moves, 2);
        assert_eq!(t.king_moves, 1, "2...Ke7 is a king move outside check");
        assert_eq!(t.blunders, 1, "2...Ke7 lost 1000 cp");
        assert_eq!(t.near_best, 1, "1...e5 lost nothing");
        assert_eq!(t.free, 0, "the judged best reply is no capture");
    }

    #[test]
    fn a_free_queen_taken_is_counted() {
        // 1.e4 e5 2.Qh5 Nf6 3.Qg4?? Nxg4: black takes the queen it was given.
        let g = game("e2e4 e7e5 d1h5 g8f6 h5g4 f6g4");
        let best = |uci: &str| Some(uci.parse::<UciMove>().expect("uci"));
        let scores = vec![
            (20, best("e2e4")),
            (-20, best("e7e5")),
            (20, best("d1h5")),
            (100, best("g8f6")),
            (-60, best("h5e5")),
            // After 3.Qg4: black to move, the queen is free.
            (900, best("f6g4")),
            (-900, best("e1d1")),
        ];
        let t = tally(&g, Color::Black, 0, &scores);
        assert_eq!((t.free_queens, t.queens_taken), (1, 1));
        assert_eq!((t.free, t.free_left), (1, 0));
        assert_eq!(t.blunders, 0);
    }
}
