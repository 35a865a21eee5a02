//! The ladder harness: plays gauntlets between the ladder's steps and Stockfish's own
//! `UCI_LimitStrength` anchors, fits their ratings and writes the table the server serves
//! (`server/data/ladder.json`), and simulates a player climbing the ladder.
//!
//! ```text
//! ladder play --pairs step1:step2,step7:sf1350 --games 60 --jobs 2 --out /tmp/ladder.tsv
//! ladder play --pairs maia1100@t1.5:step2,maia1500:sf1350 --games 60 --out /tmp/maia.tsv
//! ladder fit /tmp/ladder.tsv --write server/data/ladder.json
//! ladder simulate --anchor 1600 --runs 10
//! ladder quality --players step1,step2,step7 --opponent step1 --games 20 --jobs 2
//! ```
//! Adjudication: the engine crate's rules end a game (mate, stalemate, insufficient material,
//! threefold repetition, fifty moves); a game reaching 200 plies is a draw. No score-based
//! adjudication. Colours alternate and each of ten 4-ply openings is played from both sides.

mod engine;
mod fit;
mod play;
mod quality;
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
    /// The folder of Maia's networks (`maia1100`, `maia1100@t1.5` players)
    #[arg(long, default_value = "server/data/maia", global = true)]
    maia_dir: PathBuf,
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
        /// Players held at an earlier measurement (`player rating low high games` a line, `#`
        /// comments): fixed in the fit, their rows copied into the table
        #[arg(long)]
        hold: Option<PathBuf>,
    },
    /// Plays games for each player against one opponent and prints how its moves judge at
    /// depth `depth`: best or near, blunders, king walks, free material and queens left
    Quality {
        /// The players judged, comma-separated (e.g. step1,step2,maia1100@t1.5)
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<String>,
        /// The one opponent every player meets
        #[arg(long, default_value = "step1")]
        opponent: String,
        /// Games per player (colours alternate; openings cycle)
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// A game stops here (it is only judged, not scored)
        #[arg(long, default_value_t = 120)]
        max_plies: usize,
        /// The judge's depth
        #[arg(long, default_value_t = 10)]
        depth: u32,
        /// Games played at once
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Seeds the steps' random moves
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Sums results files into one line per pairing and colour (`white black games points`,
    /// what `fit` reads as well as single games): the committed form, without game logs
    Pairs { results: Vec<PathBuf> },
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
    play::MAIA_DIR
        .set(args.maia_dir.clone())
        .expect("set once, here");
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
            hold,
        } => {
            let mut games = Vec::new();
            for path in &results {
                games.extend(read_results(path)?);
            }
            let held = hold
                .as_deref()
                .map(read_held)
                .transpose()?
                .unwrap_or_default();
            let table = refit(&games, &fix, &held)?;
            let ratings = fit(&games, &fixed(&fix, &held));
            let mut table = table;
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
        Command::Quality {
            players,
            opponent,
            games,
            max_plies,
            depth,
            jobs,
            seed,
        } => {
            let players = players
                .iter()
                .map(|p| p.parse::<Player>())
                .collect::<Result<Vec<_>, _>>()?;
            let opponent = opponent.parse::<Player>()?;
            quality::run(
                &args.stockfish,
                args.full_depth,
                &players,
                opponent,
                games,
                max_plies,
                depth,
                jobs,
                seed,
            )
        }
        Command::Pairs { results } => {
            let mut games = Vec::new();
            for path in &results {
                games.extend(read_results(path)?);
            }
            print!("{}", pair_lines(&games));
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

/// The rows of a tab-separated results or `--hold` file: each line (its `#` comment cut off)
/// with its trimmed fields; blank lines are left out.
fn rows(text: &str) -> impl Iterator<Item = (&str, Vec<&str>)> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or_default())
        .filter(|line| !line.trim().is_empty())
        .map(|line| (line, line.split('\t').map(str::trim).collect()))
}

/// Every game of a results file, as white's score against black. A line is one game (`white
/// black score plies opening reason`, as `play` writes) or a pairing's sum (`white black games
/// points`, as `pairs` writes: as many games, each scoring the average, which the fit's
/// likelihood cannot tell from the games themselves); `#` starts a comment.
pub fn read_results(path: &std::path::Path) -> Result<Vec<Result1>, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path)?;
    let mut games = Vec::new();
    for (line, fields) in rows(&text) {
        let bad = || format!("{}: bad line {line:?}", path.display());
        let (a, b) = (fields[0].parse()?, fields.get(1).ok_or_else(bad)?.parse()?);
        if fields.len() == 4 {
            let n: usize = fields[2].parse()?;
            let points: f64 = fields[3].parse()?;
            if n == 0 || !(0.0..=n as f64).contains(&points) {
                return Err(bad().into());
            }
            games.extend(std::iter::repeat_n(
                Result1 {
                    a,
                    b,
                    score: points / n as f64,
                },
                n,
            ));
        } else if fields.len() >= 3 {
            games.push(Result1 {
                a,
                b,
                score: fields[2].parse()?,
            });
        } else {
            return Err(bad().into());
        }
    }
    Ok(games)
}

/// `games` summed by pairing and colour, one `white black games points` line each.
fn pair_lines(games: &[Result1]) -> String {
    let mut pairs: BTreeMap<(String, String), (usize, f64)> = BTreeMap::new();
    for g in games {
        let entry = pairs.entry((g.a.to_string(), g.b.to_string())).or_default();
        entry.0 += 1;
        entry.1 += g.score;
    }
    pairs
        .into_iter()
        // A game scores 0, ½ or 1, but a committed line read back spreads its points over its
        // games (5.5 of 15 as 15 × 0.3667), so the sum is rounded to the half point it is.
        .map(|((a, b), (n, points))| {
            let points = (points * 2.0).round() / 2.0;
            format!("{a}\t{b}\t{n}\t{points}\n")
        })
        .collect()
}

/// A player held at an earlier measurement.
#[derive(Debug, Clone, Copy)]
pub struct Held {
    pub rating: i32,
    pub low: i32,
    pub high: i32,
    pub games: usize,
}

/// The held players of a `--hold` file.
pub fn read_held(
    path: &std::path::Path,
) -> Result<BTreeMap<Player, Held>, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path)?;
    let mut held = BTreeMap::new();
    for (line, f) in rows(&text) {
        let [player, rating, low, high, games] = f[..] else {
            return Err(format!("{}: bad line {line:?}", path.display()).into());
        };
        held.insert(
            player.parse()?,
            Held {
                rating: rating.parse()?,
                low: low.parse()?,
                high: high.parse()?,
                games: games.parse()?,
            },
        );
    }
    Ok(held)
}

/// The players held fixed: the anchors `fix` at their UCI_Elo, and `held` at their ratings.
fn fixed(fix: &[u32], held: &BTreeMap<Player, Held>) -> BTreeMap<Player, f64> {
    let mut fixed = fixed_anchors(fix);
    fixed.extend(held.iter().map(|(p, h)| (*p, f64::from(h.rating))));
    fixed
}

/// The served table fitted from `games`, the anchors `fix` and the `held` players fixed (their
/// rows as held, with the games they played here added).
pub fn refit(
    games: &[Result1],
    fix: &[u32],
    held: &BTreeMap<Player, Held>,
) -> Result<LadderTable, Box<dyn std::error::Error>> {
    let ratings = fit(games, &fixed(fix, held));
    let mut table = fit_table(&ratings, games.len(), fix)?;
    for row in &mut table.steps {
        let level = Level::new(i64::from(row.step)).expect("a row per step");
        if let Some(h) = held.get(&Player::step(level)) {
            row.rating = h.rating;
            row.low = h.low;
            row.high = h.high;
            row.games += h.games;
        }
    }
    if !held.is_empty() {
        table.method.push_str(&format!(
            "; {} steps held at the ratings of the table before (4219 games, whose per-game \
             results were not kept), the others fitted against them and UCI_Elo 1350",
            held.len()
        ));
    }
    Ok(table)
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
                player: settings.player(),
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
            Player::Weakened(..) | Player::Maia(_) => None,
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
        let gap = previous.map_or("—".to_owned(), |p| format!("{:+}", row.rating - p));
        println!(
            "| {} | {} | {} | {} [{}, {}] | {} | {} |",
            row.step, row.name, row.player, row.rating, row.low, row.high, gap, row.games
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed results and held ratings, refitted, are exactly the served table: the
    /// ladder reproduces from a fresh clone (`ladder fit server/data/ladder-results.tsv --hold
    /// server/data/ladder-held.tsv --write server/data/ladder.json`).
    #[test]
    fn the_served_ladder_is_the_fit_of_the_committed_results() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let games = read_results(&data.join("ladder-results.tsv")).expect("the results");
        let held = read_held(&data.join("ladder-held.tsv")).expect("the held ratings");
        let table = refit(&games, &[1350], &held).expect("a table");
        let served: LadderTable = serde_json::from_str(
            &std::fs::read_to_string(data.join("ladder.json")).expect("the served table"),
        )
        .expect("valid JSON");
        assert_eq!(table, served);
    }

    #[test]
    fn a_pairing_sum_reads_back_as_its_games() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("r.tsv");
        std::fs::write(&path, "maia1100@t2.0\tsf1350\t1\t12\t0\tmate\n").expect("write");
        let one = read_results(&path).expect("a game line");
        assert_eq!(one.len(), 1);
        let summed = pair_lines(&[one[0], one[0]]);
        std::fs::write(&path, &summed).expect("write");
        let two = read_results(&path).expect("a pairing line");
        assert_eq!(two.len(), 2);
        assert_eq!(two[0].score, 1.0);
    }
}
