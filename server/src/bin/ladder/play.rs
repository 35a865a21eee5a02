//! Who plays, from which openings, and one game between two players with the engine crate keeping
//! the rules.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use alphachess_engine::{Color, Game, Outcome, UciMove};
use std::sync::OnceLock;

use alphachess_maia::Networks;
use alphachess_server::games::ladder::{Maia, Opponent, Stockfish};
use alphachess_server::games::Level;

use crate::engine::Engine;

/// A game reaching this many plies is adjudicated a draw.
pub const PLY_CAP: usize = 200;

/// Thirty balanced 4-ply openings (main lines of the common openings; Stockfish 15.1 at depth 18
/// gives White 0.06–0.55 after each), each played from both sides. Two players without random
/// moves (skill 20 at a fixed depth) play the same game from the same opening every time, so a
/// pair can play at most 60 different games; game `k` takes opening `k / 2`, so the first ten
/// are the openings results before 2026-11-26 were played from.
pub const OPENINGS: [&str; 30] = [
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 g8f6 c2c4 g7g6",
    "c2c4 e7e5 b1c3 g8f6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "g1f3 d7d5 d2d4 g8f6",
    "d2d4 g8f6 c2c4 e7e6",
    "e2e4 e7e5 f1c4 g8f6",
    "e2e4 c7c5 b1c3 b8c6",
    "d2d4 d7d5 c2c4 c7c6",
    "e2e4 e7e5 g1f3 g8f6",
    "c2c4 c7c5 g1f3 g8f6",
    "d2d4 g8f6 g1f3 e7e6",
    "e2e4 c7c5 g1f3 e7e6",
    "e2e4 c7c5 g1f3 b8c6",
    "g1f3 g8f6 c2c4 g7g6",
    "e2e4 e7e5 b1c3 g8f6",
    "c2c4 e7e6 b1c3 d7d5",
    "e2e4 c7c6 b1c3 d7d5",
    "d2d4 d7d5 c2c4 d5c4",
    "e2e4 g7g6 d2d4 f8g7",
    "c2c4 g8f6 b1c3 e7e6",
    "g1f3 c7c5 c2c4 b8c6",
    "e2e4 e7e5 f1c4 f8c5",
    "c2c4 e7e5 g2g3 g8f6",
    "d2d4 g8f6 c1g5 e7e6",
    "e2e4 c7c5 c2c3 g8f6",
    "d2d4 d7d5 c1f4 g8f6",
];

/// One side of a game: a weakening of Stockfish (a step of the ladder or a candidate for one),
/// or a fixed anchor, Stockfish's own `UCI_LimitStrength` at `UCI_Elo`. Results name the
/// settings, not the step's number, so they stay valid when steps are added or renumbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Stockfish at a skill and depth (`None`: full), with random moves per mille.
    Weakened(Stockfish),
    /// One of Maia's networks at a temperature.
    Maia(Maia),
    Anchor(u32),
}

/// The folder Maia's networks are read from (set once by `main`).
pub static MAIA_DIR: OnceLock<std::path::PathBuf> = OnceLock::new();

/// The nine networks, loaded the first time a Maia player plays.
fn networks() -> std::io::Result<&'static Networks> {
    static NETWORKS: OnceLock<Networks> = OnceLock::new();
    if let Some(networks) = NETWORKS.get() {
        return Ok(networks);
    }
    let dir = MAIA_DIR
        .get()
        .map_or("server/data/maia".as_ref(), |d| d.as_path());
    let loaded = Networks::load(dir).map_err(std::io::Error::other)?;
    Ok(NETWORKS.get_or_init(|| loaded))
}

impl Player {
    /// The player configured as step `level`.
    pub fn step(level: Level) -> Player {
        match level.opponent() {
            Opponent::Stockfish(stockfish) => Player::Weakened(stockfish),
            Opponent::Maia(maia) => Player::Maia(maia),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Weakened(stockfish) => write!(f, "{stockfish}"),
            Player::Maia(maia) => write!(f, "{maia}"),
            Player::Anchor(elo) => write!(f, "sf{elo}"),
        }
    }
}

impl FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        let bad = || {
            format!(
                "{s:?} is none of stepN (1..={}), skillS-depthD-randomR, skillS-full-randomR, \
                 maiaBAND, maiaBAND@tT, sfELO",
                Level::MAX.get()
            )
        };
        if let Some(n) = s.strip_prefix("step") {
            let n: i64 = n.parse().map_err(|_| bad())?;
            Ok(Player::step(Level::new(n).ok_or_else(bad)?))
        } else if s.starts_with("skill") {
            s.parse().map(Player::Weakened).map_err(|_| bad())
        } else if s.starts_with("maia") {
            s.parse().map(Player::Maia)
        } else if let Some(elo) = s.strip_prefix("sf") {
            let elo: u32 = elo.parse().map_err(|_| bad())?;
            if (1350..=2850).contains(&elo) {
                Ok(Player::Anchor(elo))
            } else {
                Err(format!(
                    "Stockfish 15.1's UCI_Elo runs from 1350 to 2850, not {elo}"
                ))
            }
        } else {
            Err(bad())
        }
    }
}

/// The depth at which Stockfish 15.1 fixes its handicapped move under `UCI_LimitStrength`
/// (`1 + int(level)`, level = ((elo - 1346.6) / 143.4)^(1 / 0.806)): searching deeper changes
/// nothing, so the anchors search exactly that deep, whatever the machine's load.
pub fn anchor_depth(elo: u32) -> u32 {
    let level = ((f64::from(elo) - 1346.6) / 143.4)
        .max(0.0)
        .powf(1.0 / 0.806)
        .clamp(0.0, 20.0);
    1 + level as u32
}

/// A player's engine, configured, and how it searches (Maia's players run no engine).
pub struct Side {
    player: Player,
    engine: Option<Engine>,
    limits: String,
}

impl Side {
    /// Starts `player`'s engine; `full_depth` is the depth of the full-strength step (the
    /// server's configured `--depth`).
    pub fn start(player: Player, stockfish: &Path, full_depth: u32) -> std::io::Result<Side> {
        if let Player::Maia(_) = player {
            networks()?;
            return Ok(Side {
                player,
                engine: None,
                limits: String::new(),
            });
        }
        let mut engine = Engine::start(stockfish)?;
        let limits = match player {
            Player::Weakened(stockfish) => {
                engine.set("Skill Level", &stockfish.skill.to_string())?;
                format!("depth {}", stockfish.depth(full_depth))
            }
            Player::Anchor(elo) => {
                engine.set("UCI_LimitStrength", "true")?;
                engine.set("UCI_Elo", &elo.to_string())?;
                format!("depth {}", anchor_depth(elo))
            }
            Player::Maia(_) => unreachable!("Maia's players returned above"),
        };
        Ok(Side {
            player,
            engine: Some(engine),
            limits,
        })
    }

    /// This side's move: for a step, sometimes a random legal one (as the server plays it, with
    /// the same rule), otherwise the engine's.
    fn choose(&mut self, game: &Game, seed: u64) -> std::io::Result<UciMove> {
        if let Player::Maia(maia) = self.player {
            // The server's rule (`Maia::pick`), seeded the same way by game and ply.
            let policy = networks()?.get(maia.band).policy(game);
            let m = maia.pick(game.position(), &policy, seed, game.ply());
            return m
                .map(|m| m.played.to_uci())
                .ok_or_else(|| std::io::Error::other("Maia had no legal move"));
        }
        if let Player::Weakened(stockfish) = self.player {
            let legal = game.position().legal_moves();
            if let Some(i) = stockfish.random_move(seed, game.ply(), legal.len()) {
                return Ok(legal[i].to_uci());
            }
        }
        self.engine
            .as_mut()
            .expect("every player but Maia runs an engine")
            .best_move(game, &self.limits)
    }
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct Played {
    pub white: Player,
    pub black: Player,
    /// White's score: 1, 0.5 or 0.
    pub score: f64,
    pub plies: usize,
    pub opening: usize,
    /// How it ended: the engine crate's outcome, or `ply-cap`.
    pub reason: String,
}

/// Plays `opening` between `white` and `black`; `seed` seeds the steps' random moves.
pub fn play_game(
    white: &mut Side,
    black: &mut Side,
    opening: usize,
    seed: u64,
) -> std::io::Result<Played> {
    let game = play_out(white, black, opening, seed, PLY_CAP)?;
    let (score, reason) = match game.outcome() {
        Some(outcome) => {
            let score = match outcome {
                Outcome::Decisive {
                    winner: Color::White,
                    ..
                } => 1.0,
                Outcome::Decisive { .. } => 0.0,
                Outcome::Draw { .. } => 0.5,
            };
            (score, format!("{outcome:?}"))
        }
        None => (0.5, "ply-cap".to_owned()),
    };
    Ok(Played {
        white: white.player,
        black: black.player,
        score,
        plies: game.ply(),
        opening,
        reason,
    })
}

/// The game `white` and `black` play from `opening` until it ends or reaches `cap` plies.
pub fn play_out(
    white: &mut Side,
    black: &mut Side,
    opening: usize,
    seed: u64,
    cap: usize,
) -> std::io::Result<Game> {
    for side in [&mut *white, &mut *black] {
        if let Some(engine) = side.engine.as_mut() {
            engine.new_game()?;
        }
    }
    let mut game = Game::default();
    for word in OPENINGS[opening].split_whitespace() {
        let m: UciMove = word.parse().expect("the openings are valid UCI");
        let m = m.to_move(game.position()).expect("the openings are legal");
        game.play(m).expect("the openings are legal");
    }
    while game.outcome().is_none() && game.ply() < cap {
        let side = match game.position().turn() {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let m = side.choose(&game, seed)?;
        let m = m
            .to_move(game.position())
            .map_err(|e| std::io::Error::other(format!("{} played {m}: {e}", side.player)))?;
        game.play(m)
            .map_err(|e| std::io::Error::other(e.to_string()))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_search_exactly_as_deep_as_their_handicap_picks() {
        assert_eq!(anchor_depth(1350), 1);
        assert_eq!(anchor_depth(1600), 3);
        assert_eq!(anchor_depth(2000), 7);
        assert_eq!(anchor_depth(2400), 12);
    }

    #[test]
    fn every_opening_is_legal_and_reaches_a_position_of_its_own() {
        let mut seen = std::collections::HashSet::new();
        for opening in OPENINGS {
            let mut game = Game::default();
            for word in opening.split_whitespace() {
                let m: UciMove = word.parse().expect("uci");
                game.play(m.to_move(game.position()).expect("legal"))
                    .expect("legal");
            }
            assert_eq!(game.ply(), 4);
            assert!(
                seen.insert(game.position().repetition_key()),
                "{opening} transposes into an earlier opening"
            );
        }
    }

    #[test]
    fn players_read_back_as_they_print() {
        for player in [
            Player::Weakened(Stockfish::new(0, Some(1), 600)),
            Player::Weakened(Stockfish::FULL),
            Player::Anchor(1350),
            Player::Maia("maia1100@t1.5".parse().expect("a Maia player")),
            Player::Maia("maia1900".parse().expect("a Maia player")),
        ] {
            assert_eq!(player.to_string().parse(), Ok(player));
        }
        assert_eq!(
            "step21".parse(),
            Ok(Player::Weakened(Stockfish::new(20, None, 0)))
        );
        assert!("sf1000".parse::<Player>().is_err());
        assert!("step0".parse::<Player>().is_err());
    }
}
