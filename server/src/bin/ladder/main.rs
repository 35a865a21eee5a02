//! The ladder harness: plays gauntlets between the ladder's steps and Stockfish's own
//! `UCI_LimitStrength` anchors, fits their ratings and writes the table the server serves
//! (`server/data/ladder.json`), and simulates a player climbing the ladder.
//!
//! ```text
//! ladder play --pairs step1:step2,step7:sf1350 --games 60 --jobs 2 --out /tmp/ladder.tsv
//! ladder fit /tmp/ladder.tsv --write server/data/ladder.json
//! ladder simulate --anchor 1600 --runs 10
//! ```
//! Adjudication: the engine crate's rules end a game (mate, stalemate, insufficient material,
//! threefold repetition, fifty moves); a game reaching 200 plies is a draw. No score-based
//! adjudication. Colours alternate and each of ten 4-ply openings is played from both sides.

mod engine;
mod fit;
mod play;
mod simulate;

use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use clap::{Parser, Subcommand};

use alphachess_server::games::ladder::{LadderTable, MeasuredAnchor, MeasuredStep, SCALE};
use alphachess_server::games::Level;

use fit::{fit, Result1};
use play::{play_game, Player, Side, OPENINGS};

#[derive(Parser)]
#[command(about = "Measures AlphaChess's ladder of opponents")]
struct Args {
    /// The Stockfish binary (15.1, as the server runs)
    #[arg(long, default_value = "/usr/games/stockfish", global = true)]
    stockfish: PathBuf,
    /// Depth of the full-strength step (the server's --depth)
    #[arg(long, default_value_t = 20, global = true)]
    full_depth: u32,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays games between pairs of players and appends them to a results file
    Play {
        /// Pairs like step1:step2 or step7:sf1350, comma-separated
        #[arg(long, value_delimiter = ',', required = true)]
        pairs: Vec<String>,
        /// Games per pair (colours alternate; openings cycle)
        #[arg(long, default_value_t = 60)]
        games: usize,
        /// Games played at once
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Results file (tab-separated, appended)
        #[arg(long)]
        out: PathBuf,
        /// Seeds the steps' random moves
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Fits ratings from results files and writes the served table
    Fit {
        results: Vec<PathBuf>,
        /// Anchors held at their UCI_Elo (others are fitted like any player)
        #[arg(long, value_delimiter = ',', default_value = "1350")]
        fix: Vec<u32>,
        /// Where to write the table (e.g. server/data/ladder.json)
        #[arg(long)]
        write: Option<PathBuf>,
        /// Write the full-strength step even without games: rated as a lower bound, 100 above
        /// the step below (it searches deeper at full skill), with 0 games to say so
        #[arg(long)]
        unmeasured_top: bool,
        /// Also list every player of the results (candidate settings too), strongest first:
        /// what a new step is chosen from
        #[arg(long)]
        players: bool,
    },
    /// A simulated player (an anchor of known strength) plays the suggested steps, rated by
    /// Glicko-2 against the served table; repeated over seeded runs
    Simulate {
        #[arg(long, default_value_t = 1600)]
        anchor: u32,
        #[arg(long, default_value_t = 10)]
        runs: u64,
        #[arg(long, default_value_t = 10)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        jobs: usize,
    },
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    match args.command {
        Command::Play {
            pairs,
            games,
            jobs,
            out,
            seed,
        } => {
            let pairs = pairs
                .iter()
                .map(|pair| {
                    let (a, b) = pair
                        .split_once(':')
                        .ok_or_else(|| format!("{pair:?} is not a:b"))?;
                    Ok::<_, String>((a.parse::<Player>()?, b.parse::<Player>()?))
                })
                .collect::<Result<Vec<_>, _>>()?;
            // Round by round, so that a run stopped early has every pair equally far along.
            let tasks: Vec<(Player, Player, usize)> = (0..games)
                .flat_map(|k| pairs.iter().map(move |&(a, b)| (a, b, k)))
                .collect();
            play_all(&args.stockfish, args.full_depth, &tasks, jobs, &out, seed)
        }
        Command::Fit {
            results,
            fix,
            write,
            unmeasured_top,
            players,
        } => {
            let mut games = Vec::new();
            for path in &results {
                games.extend(read_results(path)?);
            }
            let ratings = fit(&games, &fixed_anchors(&fix));
            let mut table = fit_table(&ratings, games.len(), &fix)?;
            let n = table.steps.len();
            if unmeasured_top && n >= 2 && table.steps[n - 1].games == 0 {
                let below = table.steps[n - 2].rating;
                let top = &mut table.steps[n - 1];
                top.rating = below + 100;
                top.low = below + 100;
                top.high = below + 100;
                table.method.push_str(
                    "; the full-strength step played no game (too slow on this machine): its rating \
                     is a lower bound, 100 above the step below",
                );
            }
            print_table(&table, &games);
            if players {
                print_players(&ratings);
            }
            if let Some(path) = write {
                let measured = n - usize::from(unmeasured_top);
                if let Some(row) = table.steps[..measured].iter().find(|row| row.games == 0) {
                    return Err(format!("step {} has played no game", row.step).into());
                }
                std::fs::write(&path, serde_json::to_string_pretty(&table)? + "\n")?;
                eprintln!("wrote {}", path.display());
            }
            Ok(())
        }
        Command::Simulate {
            anchor,
            runs,
            games,
            jobs,
        } => simulate::run(&args.stockfish, args.full_depth, anchor, runs, games, jobs),
    }
}

/// Plays `tasks` (a, b, k: game k of the pair, a white when k is even, opening k/2 mod 30) on
/// `jobs` threads, appending each finished game to `out`.
fn play_all(
    stockfish: &std::path::Path,
    full_depth: u32,
    tasks: &[(Player, Player, usize)],
    jobs: usize,
    out: &std::path::Path,
    seed: u64,
) -> Result<(), Box<dyn std::error::Error>> {
    let file = Mutex::new(OpenOptions::new().create(true).append(true).open(out)?);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(a, b, k)) = tasks.get(i) else {
                    return;
                };
                let (white, black) = if k % 2 == 0 { (a, b) } else { (b, a) };
                let opening = (k / 2) % OPENINGS.len();
                let game_seed = seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(i as u64)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let played = Side::start(white, stockfish, full_depth).and_then(|mut w| {
                    let mut b = Side::start(black, stockfish, full_depth)?;
                    play_game(&mut w, &mut b, opening, game_seed)
                });
                match played {
                    Ok(p) => {
                        let line = format!(
                            "{}\t{}\t{}\t{}\t{}\t{}\n",
                            p.white, p.black, p.score, p.plies, p.opening, p.reason
                        );
                        let mut file = file.lock().expect("no writer panics");
                        let _ = file.write_all(line.as_bytes());
                        eprint!("{i}/{} {line}", tasks.len());
                    }
                    Err(error) => eprintln!("game {i} ({white} - {black}) failed: {error}"),
                }
            });
        }
    });
    Ok(())
}

/// Every game of a results file, as white's score against black.
fn read_results(path: &std::path::Path) -> Result<Vec<Result1>, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path)?;
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            if fields.len() < 3 {
                return Err(format!("{}: bad line {line:?}", path.display()).into());
            }
            Ok(Result1 {
                a: fields[0].parse()?,
                b: fields[1].parse()?,
                score: fields[2].parse()?,
            })
        })
        .collect()
}

/// The anchors `fix`, held at their UCI_Elo.
fn fixed_anchors(fix: &[u32]) -> BTreeMap<Player, f64> {
    fix.iter()
        .map(|&elo| (Player::Anchor(elo), f64::from(elo)))
        .collect()
}

/// The served table from the `ratings` fitted on `games` games, the anchors `fix` held.
fn fit_table(
    ratings: &BTreeMap<Player, fit::Rating>,
    games: usize,
    fix: &[u32],
) -> Result<LadderTable, Box<dyn std::error::Error>> {
    let round = |x: f64| x.round() as i32;
    let steps = Level::all()
        .map(|level| {
            let settings = level.settings();
            // A step without games shows as 0 games (and is refused by --write).
            let unplayed = fit::Rating {
                rating: 0.0,
                margin: 0.0,
                games: 0,
            };
            let r = ratings.get(&Player::step(level)).unwrap_or(&unplayed);
            Ok::<_, String>(MeasuredStep {
                step: level.get(),
                name: settings.name.to_owned(),
                skill: settings.skill,
                depth: settings.depth,
                random_per_mille: settings.random_per_mille,
                rating: round(r.rating),
                low: round(r.rating - r.margin),
                high: round(r.rating + r.margin),
                games: r.games,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let anchors = ratings
        .iter()
        .filter_map(|(player, r)| match player {
            Player::Anchor(elo) => Some(MeasuredAnchor {
                uci_elo: *elo,
                rating: round(r.rating),
                low: round(r.rating - r.margin),
                high: round(r.rating + r.margin),
                fixed: fix.contains(elo),
                games: r.games,
            }),
            Player::Weakened(..) => None,
        })
        .collect();
    Ok(LadderTable {
        scale: SCALE.to_owned(),
        method: format!(
            "{} games, Stockfish 15.1 one thread 16 MiB hash, balanced 4-ply openings (10, 30 \
             since 2026-11-26) from both sides, 200 plies = draw; maximum-likelihood Elo with \
             UCI_Elo {:?} fixed, 95% intervals from the Fisher information",
            games, fix
        ),
        steps,
        anchors,
    })
}

/// Every player's fitted rating in Markdown, strongest first.
fn print_players(ratings: &BTreeMap<Player, fit::Rating>) {
    let mut ratings: Vec<(&Player, &fit::Rating)> = ratings.iter().collect();
    ratings.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating));
    println!("\n| player | rating (95% CI) | games |");
    println!("|---|---|---|");
    for (player, r) in ratings {
        println!(
            "| {player} | {:.0} [{:.0}, {:.0}] | {} |",
            r.rating,
            r.rating - r.margin,
            r.rating + r.margin,
            r.games
        );
    }
}

/// The table in Markdown, with the games and score of each pairing.
fn print_table(table: &LadderTable, games: &[Result1]) {
    println!("| step | name | settings | rating (95% CI) | gap | games |");
    println!("|---|---|---|---|---|---|");
    let mut previous: Option<i32> = None;
    for row in &table.steps {
        let depth = row.depth.map_or("full".to_owned(), |d| d.to_string());
        let gap = previous.map_or("—".to_owned(), |p| format!("{:+}", row.rating - p));
        println!(
            "| {} | {} | skill {}, depth {}, random {}‰ | {} [{}, {}] | {} | {} |",
            row.step,
            row.name,
            row.skill,
            depth,
            row.random_per_mille,
            row.rating,
            row.low,
            row.high,
            gap,
            row.games
        );
        previous = Some(row.rating);
    }
    for a in &table.anchors {
        println!(
            "| anchor | UCI_Elo {} | {} | {} [{}, {}] | | {} |",
            a.uci_elo,
            if a.fixed { "fixed" } else { "fitted" },
            a.rating,
            a.low,
            a.high,
            a.games
        );
    }
    let mut pairs: BTreeMap<(Player, Player), (usize, f64)> = BTreeMap::new();
    for g in games {
        let (key, score) = if g.a <= g.b {
            ((g.a, g.b), g.score)
        } else {
            ((g.b, g.a), 1.0 - g.score)
        };
        let entry = pairs.entry(key).or_default();
        entry.0 += 1;
        entry.1 += score;
    }
    println!("\n| pairing | games | score of the first |");
    println!("|---|---|---|");
    for ((a, b), (n, score)) in pairs {
        println!(
            "| {a} – {b} | {n} | {score}/{n} ({:.0}%) |",
            100.0 * score / n as f64
        );
    }
}
