//! A simulated player of known strength (a `UCI_LimitStrength` anchor) climbing the ladder: it
//! starts at 1500 ± 350, plays each game against the suggested step and is rated by Glicko-2
//! against the served table, as a person would be.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use alphachess_server::games::ladder::{ladder, measured, suggest, GameScore, Glicko2};
use alphachess_server::games::Level;

use crate::play::{play_game, Player, Side, OPENINGS};

/// Runs `runs` seeded simulations of `games` games each and reports how many end within ±150 of
/// the anchor's true rating (its fitted rating in the served table, or its UCI_Elo if absent).
pub fn run(
    stockfish: &Path,
    full_depth: u32,
    anchor: u32,
    runs: u64,
    games: usize,
    jobs: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let truth = ladder()
        .anchors
        .iter()
        .find(|a| a.uci_elo == anchor)
        .map_or(f64::from(anchor), |a| f64::from(a.rating));
    let finals = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let run = next.fetch_add(1, Ordering::Relaxed) as u64;
                if run >= runs {
                    return;
                }
                match one_run(stockfish, full_depth, anchor, run, games) {
                    Ok((rating, path)) => {
                        eprintln!(
                            "run {run}: {path} -> about {:.0} ± {:.0}",
                            rating.rating,
                            2.0 * rating.deviation
                        );
                        finals.lock().expect("no panics").push(rating);
                    }
                    Err(error) => eprintln!("run {run} failed: {error}"),
                }
            });
        }
    });
    let finals = finals.into_inner().expect("no panics");
    let within = finals
        .iter()
        .filter(|r| (r.rating - truth).abs() <= 150.0)
        .count();
    println!(
        "simulated sf{anchor} (true rating {truth:.0}): {within} of {} runs of {games} games ended \
         within ±150; final ratings {:?}",
        finals.len(),
        finals.iter().map(|r| r.rating.round() as i32).collect::<Vec<_>>()
    );
    Ok(())
}

/// One simulated player: its final rating and the steps it played with their results.
fn one_run(
    stockfish: &Path,
    full_depth: u32,
    anchor: u32,
    run: u64,
    games: usize,
) -> std::io::Result<(Glicko2, String)> {
    let mut rating = Glicko2::default();
    let mut path = Vec::new();
    for game in 0..games {
        let next = suggest(&rating);
        let level = Level::new(i64::from(next.level)).expect("a suggested step exists");
        let row = measured(level);
        let me = Player::Anchor(anchor);
        let step = Player::step(level);
        let mut a = Side::start(me, stockfish, full_depth)?;
        let mut b = Side::start(step, stockfish, full_depth)?;
        let opening = (run as usize * 7 + game) % OPENINGS.len();
        let seed = run.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game as u64;
        let score = if game % 2 == 0 {
            play_game(&mut a, &mut b, opening, seed)?.score
        } else {
            1.0 - play_game(&mut b, &mut a, opening, seed)?.score
        };
        rating = rating.update(&[GameScore {
            opponent_rating: f64::from(row.rating),
            opponent_deviation: f64::from(row.high - row.low) / 3.92,
            score,
        }]);
        path.push(format!("{}:{score}", next.level));
    }
    Ok((rating, path.join(" ")))
}
