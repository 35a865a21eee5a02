//! Prints a legal, unfinished game of a chosen length as PGN: the long imports the server's
//! hostile bench resigns to flood the analysis queue (`server/bench/hostile.py --long-plies`).
//!
//! ```text
//! cargo run --release -p alphachess-engine --example long_game -- [PLIES] [SEED]
//! ```
//!
//! Moves are picked at random (a fixed-seed xorshift, so a seed always gives the same game), but
//! never one that ends the game or repeats a position; captures come last and a pawn move first
//! once the fifty-move counter nears its limit, so the game reaches the asked length with the
//! board full of play rather than drawn by a rule.

use std::process::ExitCode;

use alphachess_engine::{pgn, Game, Move, Role};

/// The server's ply limit (`server/src/games/model/length.rs`) less one exchange, as the issue's
/// 598-ply imports were.
const DEFAULT_PLIES: usize = 598;

/// Past this many plies without a capture or pawn move, a pawn move goes first.
const PUSH_PAWNS_AFTER: u32 = 60;

/// Marsaglia's xorshift64: enough to shuffle moves reproducibly, with no dependency.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The moves to try at this ply, best first: shuffled, captures last (so that material stays on
/// the board), and pawn moves first once the fifty-move counter is high.
fn candidates(game: &Game, rng: &mut XorShift) -> Vec<Move> {
    let position = game.position();
    let mut moves: Vec<Move> = position.legal_moves().into_iter().collect();
    for i in (1..moves.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        moves.swap(i, j);
    }
    let push_pawns = position.halfmove_clock() >= PUSH_PAWNS_AFTER;
    moves.sort_by_key(|&m| {
        let pawn_first = push_pawns && position.moved_role(m) != Role::Pawn;
        (pawn_first, position.is_capture(m))
    });
    moves
}

/// Plays up to `plies` moves from the initial position; stops early only if every move ends
/// the game or repeats.
fn long_game(plies: usize, seed: u64) -> Game {
    let mut rng = XorShift(seed.max(1));
    let mut game = Game::default();
    while game.ply() < plies {
        let fits = |game: &mut Game, m: Move| {
            game.play(m).expect("a legal move plays");
            let fits = game.outcome().is_none() && game.repetitions() < 2;
            if !fits {
                game.undo();
            }
            fits
        };
        if !candidates(&game, &mut rng)
            .into_iter()
            .any(|m| fits(&mut game, m))
        {
            break;
        }
    }
    game
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plies = args.first().map_or(Ok(DEFAULT_PLIES), |a| a.parse());
    let seed = args.get(1).map_or(Ok(1), |a| a.parse());
    let (Ok(plies), Ok(seed)) = (plies, seed) else {
        eprintln!("usage: long_game [PLIES] [SEED]");
        return ExitCode::from(2);
    };
    let game = long_game(plies, seed);
    if game.ply() < plies {
        eprintln!(
            "seed {seed} ran out of moves at ply {}; try another seed",
            game.ply()
        );
        return ExitCode::FAILURE;
    }
    print!("{}", pgn::write_game(&pgn::Tags::new(), &game));
    ExitCode::SUCCESS
}
