//! Drives the engines through one finished game (issue #24): a pass searches a list of chunks
//! (see [`super::chunks`]) on as many engines as it gets places for, each chunk on one engine in
//! turn, each answer reported the moment it arrives so the caller can store and stream it.
//!
//! Cancellation-safe: dropping the future cancels every search in flight (its engine gets
//! `stop`); every answer received was already reported. To resume, plan the positions still
//! missing.

use std::collections::VecDeque;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use alphachess_engine::{DrawRule, Game, PlayError};
use futures_util::future::try_join_all;

use super::chunks::Chunk;
use super::classes::may_be_great;
use super::review::Pass;
use crate::client_key::ClientKey;
use crate::uci::{AnalysisRequest, EngineError, EnginePool, PositionAnalysis};

/// Nodes per analysed position when the operator sets none.
///
/// Chosen so that a 70-ply game's final review takes under a minute with `./build.sh`'s defaults
/// on a quiet 2-core machine (issue #38), where Debian's Stockfish (built for SSE2 only) searches
/// 300,000-500,000 nodes a second: `server/bench/review70.sh` took 44.8 s at 600,000 and 72.2 s
/// at 1,000,000, one after the other. The judgments barely move: two reviews of that game at
/// 1,000,000 (the engines' hashes differ from run to run) gave 18 plies another class and
/// differed by 0.015 expected points lost at the 90th percentile; a review at 600,000 against
/// each of them, 18 and 17 plies, 0.014 and 0.016 (`server/bench/review_agreement.py`). The
/// runner stays within 1.1x of bare Stockfish processes searching the same positions
/// (`server/bench/analysis.sh`, see `server/README.md`).
pub const DEFAULT_ANALYSIS_NODES: u64 = 600_000;

/// Nodes of the quick pass: the 82 positions of the bench's game take 1.5 s on two engines (2.5 s
/// on one), so the whole graph is drawn within the 6 s. Its answers are shown as
/// provisional and never used for a judgment that counts.
pub const QUICK_NODES: u64 = 25_000;

/// Positions per chunk of the final pass: fishnet's 6.
pub const CHUNK_POSITIONS: usize = 6;

/// Positions per chunk of the quick pass: its searches are short, so a place is held longer
/// per chunk for the same fairness.
pub const QUICK_CHUNK_POSITIONS: usize = 24;

/// How long to wait before asking again when the analysis lane is full.
pub const BUSY_RETRY: Duration = Duration::from_secs(1);

/// Failures per chunk before the analysis gives up (an engine that crashes is restarted by the
/// pool and the chunk is run again from its warm-up; a chunk that crashes it three times is not
/// going to work).
const ATTEMPTS: u32 = 3;

/// One position's analysis, as the runner reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysedPosition {
    /// 0 is the start position; `n` the position after the game's `n`th move.
    pub index: usize,
    pub analysis: PositionAnalysis,
}

/// One answer of a pass, with the chunk it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answered {
    pub position: AnalysedPosition,
    pub pass: Pass,
    /// Which chunk of the pass (its place in the plan): answers of one chunk come from one
    /// engine in turn, so a boundary between chunks is where a mate may be lost.
    pub chunk: usize,
}

/// Why a game's analysis stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("position {index} could not be analysed: {source}")]
    Engine {
        index: usize,
        #[source]
        source: EngineError,
    },
    #[error("the game does not replay: {0}")]
    Replay(#[from] PlayError),
}

/// Searches one position: the engine pool, or a fake engine in fault tests.
pub trait Searcher: Sync {
    fn analyse(
        &self,
        request: AnalysisRequest,
    ) -> impl Future<Output = Result<PositionAnalysis, EngineError>> + Send;
}

impl Searcher for EnginePool {
    fn analyse(
        &self,
        request: AnalysisRequest,
    ) -> impl Future<Output = Result<PositionAnalysis, EngineError>> + Send {
        EnginePool::analyse(self, request)
    }
}

/// The engine pool searching in one client's share of the analysis lane (the client that
/// created the reviewed game): reviews take turns with other clients' boards and draw offers
/// by engine time, not first come first served (issue #42, M1).
#[derive(Debug, Clone, Copy)]
pub struct ClientSearcher<'a> {
    pub engines: &'a EnginePool,
    pub client: Option<ClientKey>,
}

impl Searcher for ClientSearcher<'_> {
    fn analyse(
        &self,
        request: AnalysisRequest,
    ) -> impl Future<Output = Result<PositionAnalysis, EngineError>> + Send {
        self.engines.analyse(request.for_client(self.client))
    }
}

/// What one pass searches and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassSettings {
    pub pass: Pass,
    /// Nodes per position.
    pub nodes: u64,
    /// Nodes of each chunk's warm-up search.
    pub warm_up_nodes: u64,
    /// Whether the best alternative to the game's move is valued too (the final pass: *Great*,
    /// `classes.rs`), and from which position on.
    pub alternatives: Option<Alternatives>,
}

/// The best other move's value, where the game's move may be Great: asked of the position's
/// own search (`MultiPV 2` at the same node budget, [`AnalysisRequest::with_second`]), not of
/// a second search (issue #43: the second search of every other move at half the budget cost a
/// quarter more engine time for a game of strong moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alternatives {
    /// The game's book moves: no move among them is judged, so none needs its alternatives.
    pub book_plies: usize,
}

impl Alternatives {
    /// Whether position `index` of `game` is searched with its second line: the move played
    /// there may be Great if it turns out to be the engine's best.
    pub fn wanted(self, game: &Game, index: usize) -> bool {
        game.moves()
            .get(index)
            .is_some_and(|&played| may_be_great(game, self.book_plies, index, played))
    }
}

/// One pass's work: its chunks, how to search them, and at most how many at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassPlan {
    pub chunks: Vec<Chunk>,
    pub settings: PassSettings,
    /// Chunks searched at once, each holding a place.
    pub walkers: usize,
}

/// How a pass ended, short of a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Every chunk was searched.
    Finished,
    /// `report` asked to stop.
    Stopped,
}

/// Runs `plan`'s chunks of `game`, at most `plan.walkers` at once, each holding a place from
/// `place` while it runs (places are how analyses share the engines). `report` gets every
/// answer as it arrives and answers `false` to stop the pass. `key` names the analysis to the
/// engines (one `ucinewgame` when an engine switches to it).
pub async fn run_pass<S, P, G>(
    searcher: &S,
    key: Arc<str>,
    game: &Game,
    plan: PassPlan,
    place: impl Fn() -> P,
    report: impl FnMut(Answered) -> bool,
) -> Result<Flow, RunError>
where
    S: Searcher,
    P: Future<Output = G>,
{
    let PassPlan {
        chunks,
        settings,
        walkers,
    } = plan;
    let walkers = walkers.max(1).min(chunks.len());
    let queue = Mutex::new(chunks.into_iter().enumerate().collect::<VecDeque<_>>());
    let report = Mutex::new(report);
    let walk = || async {
        loop {
            let _place = place().await;
            let next = queue
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop_front();
            let Some((number, chunk)) = next else {
                return Ok(());
            };
            run_chunk(searcher, &key, game, &chunk, settings, &mut |position| {
                (report.lock().unwrap_or_else(PoisonError::into_inner))(Answered {
                    position,
                    pass: settings.pass,
                    chunk: number,
                })
            })
            .await?;
        }
    };
    match try_join_all((0..walkers).map(|_| walk())).await {
        Ok(_) => Ok(Flow::Finished),
        Err(Walk::Stopped) => Ok(Flow::Stopped),
        Err(Walk::Failed(error)) => Err(error),
    }
}

/// Why a walker stopped early.
enum Walk {
    Stopped,
    Failed(RunError),
}

impl From<RunError> for Walk {
    fn from(error: RunError) -> Walk {
        Walk::Failed(error)
    }
}

/// Tags each chunk's searches so that they stay on one engine (see `uci/lanes/`).
fn next_affinity() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// One chunk on one engine: its warm-up, then its positions in order. A failed search runs the
/// rest of the chunk again from a warm-up (the engine was restarted: its hash is empty).
async fn run_chunk<S: Searcher>(
    searcher: &S,
    key: &Arc<str>,
    game: &Game,
    chunk: &Chunk,
    settings: PassSettings,
    report: &mut impl FnMut(AnalysedPosition) -> bool,
) -> Result<(), Walk> {
    let affinity = next_affinity();
    let mut failures = 0;
    let mut next = 0;
    let mut warm = false;
    while next < chunk.searches.len() {
        let step = if warm { None } else { chunk.warm_up };
        let (index, nodes) = match step {
            Some(index) => (index, settings.warm_up_nodes),
            None => (chunk.searches[next], settings.nodes),
        };
        let mut request = AnalysisRequest::new(
            Arc::clone(key),
            &prefix(game, index).map_err(RunError::from)?,
            nodes,
        )
        .expect("only positions with a legal move are searched (positions_to_search)")
        .with_affinity(affinity);
        if step.is_none() && settings.alternatives.is_some_and(|a| a.wanted(game, index)) {
            request = request.with_second();
        }
        match searcher.analyse(request).await {
            Ok(analysis) => {
                if step.is_some() {
                    warm = true;
                    continue;
                }
                if !report(AnalysedPosition { index, analysis }) {
                    return Err(Walk::Stopped);
                }
                warm = true;
                next += 1;
            }
            Err(EngineError::Busy) => tokio::time::sleep(BUSY_RETRY).await,
            Err(source @ EngineError::Stopped) => {
                return Err(RunError::Engine { index, source }.into())
            }
            Err(source) => {
                failures += 1;
                tracing::warn!(%source, index, failures, "an analysis search failed; the chunk runs again");
                if failures >= ATTEMPTS {
                    return Err(RunError::Engine { index, source }.into());
                }
                warm = false;
            }
        }
    }
    Ok(())
}

/// The game up to position `index` (its first `index` moves), replayed under the by-claim rule:
/// a prefix of a finished game is never over by itself.
pub fn prefix(game: &Game, index: usize) -> Result<Game, PlayError> {
    let mut prefix = Game::new(game.initial_position().clone()).with_draw_rule(DrawRule::ByClaim);
    for &m in &game.moves()[..index] {
        prefix.play(m)?;
    }
    Ok(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chunks::plan;
    use crate::uci::Score;
    use alphachess_engine::Position;

    /// A fake engine for fault tests: answers every search with the first legal move, records
    /// what it searched, and fails the first search of `fail_at` (as if its process died).
    struct Fake {
        game: Game,
        fail_at: Option<usize>,
        searches: Mutex<Vec<Search>>,
    }

    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Search {
        index: usize,
        nodes: u64,
        affinity: Option<u64>,
        second: bool,
    }

    impl Searcher for Fake {
        fn analyse(
            &self,
            request: AnalysisRequest,
        ) -> impl Future<Output = Result<PositionAnalysis, EngineError>> + Send {
            let index = self
                .game
                .positions()
                .iter()
                .position(|p| p == &request.current)
                .expect("a position of the game");
            let mut searches = self.searches.lock().expect("not poisoned");
            let failed = self.fail_at == Some(index) && !searches.iter().any(|s| s.index == index);
            searches.push(Search {
                index,
                nodes: request.nodes,
                affinity: request.affinity,
                second: request.second,
            });
            // The game's own move is the best; the second line 3 pawns worse.
            let best = self
                .game
                .moves()
                .get(index)
                .copied()
                .unwrap_or_else(|| request.current.legal_moves()[0]);
            let answer = if failed {
                Err(EngineError::Eof)
            } else {
                Ok(PositionAnalysis {
                    score: Score::Cp(0),
                    best,
                    pv: vec![best],
                    depth: 1,
                    nodes: request.nodes,
                    second: request.second.then_some(Score::Cp(-300)),
                })
            };
            std::future::ready(answer)
        }
    }

    /// 14 positions without a repetition: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7
    /// 6. Re1 b5 7. Bb3.
    fn game() -> Game {
        let moves = [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1",
            "b7b5", "a4b3",
        ];
        Game::from_uci_moves(Position::startpos(), moves).expect("legal moves")
    }

    const SETTINGS: PassSettings = PassSettings {
        pass: Pass::Final,
        nodes: 1000,
        warm_up_nodes: 10,
        alternatives: None,
    };

    async fn run(fake: &Fake, chunks: Vec<Chunk>, walkers: usize) -> Vec<Answered> {
        run_with(fake, chunks, walkers, SETTINGS).await
    }

    async fn run_with(
        fake: &Fake,
        chunks: Vec<Chunk>,
        walkers: usize,
        settings: PassSettings,
    ) -> Vec<Answered> {
        let mut answered = Vec::new();
        let flow = run_pass(
            fake,
            Arc::from("test"),
            &fake.game,
            PassPlan {
                chunks,
                settings,
                walkers,
            },
            || std::future::ready(()),
            |answer| {
                answered.push(answer);
                true
            },
        )
        .await
        .expect("the pass runs");
        assert_eq!(flow, Flow::Finished);
        answered
    }

    /// The searches of each chunk (one affinity each), in the order they ran.
    fn by_chunk(fake: &Fake) -> Vec<Vec<(usize, u64)>> {
        let searches = fake.searches.lock().expect("not poisoned").clone();
        let mut chunks: Vec<(u64, Vec<(usize, u64)>)> = Vec::new();
        for search in searches {
            let affinity = search
                .affinity
                .expect("every search has its chunk's affinity");
            match chunks.iter_mut().find(|(a, _)| *a == affinity) {
                Some((_, list)) => list.push((search.index, search.nodes)),
                None => chunks.push((affinity, vec![(search.index, search.nodes)])),
            }
        }
        let mut lists: Vec<_> = chunks.into_iter().map(|(_, list)| list).collect();
        lists.sort();
        lists
    }

    #[tokio::test]
    async fn every_position_is_answered_once_each_chunk_backward_after_its_warm_up() {
        let fake = Fake {
            game: game(),
            fail_at: None,
            searches: Mutex::new(Vec::new()),
        };
        let answered = run(&fake, plan(&(0..14).collect::<Vec<_>>(), 6, 14, true), 2).await;
        let mut indices: Vec<usize> = answered.iter().map(|a| a.position.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..14).collect::<Vec<_>>());
        assert_eq!(
            by_chunk(&fake),
            [
                vec![
                    (6, 10),
                    (5, 1000),
                    (4, 1000),
                    (3, 1000),
                    (2, 1000),
                    (1, 1000),
                    (0, 1000)
                ],
                vec![
                    (12, 10),
                    (11, 1000),
                    (10, 1000),
                    (9, 1000),
                    (8, 1000),
                    (7, 1000),
                    (6, 1000)
                ],
                vec![(13, 1000), (12, 1000)],
            ]
        );
    }

    #[tokio::test]
    async fn each_move_played_after_the_book_that_may_be_great_gets_its_second_line() {
        let fake = Fake {
            game: game(),
            fail_at: None,
            searches: Mutex::new(Vec::new()),
        };
        let settings = PassSettings {
            alternatives: Some(Alternatives { book_plies: 4 }),
            ..SETTINGS
        };
        let answered = run_with(&fake, plan(&[3, 4, 5, 13], 6, 14, false), 1, settings).await;
        // Positions 4 and 5 get the second line, 3 is inside the book and 13 has no move played.
        let seconds: Vec<(usize, Option<Score>)> = answered
            .iter()
            .map(|a| (a.position.index, a.position.analysis.second))
            .collect();
        assert_eq!(
            seconds,
            [
                (13, None),
                (5, Some(Score::Cp(-300))),
                (4, Some(Score::Cp(-300))),
                (3, None)
            ]
        );
        // In the position's own search, at its budget: one search per position, no other.
        let searches = fake.searches.lock().expect("not poisoned").clone();
        let searched: Vec<(usize, u64, bool)> = searches
            .iter()
            .map(|s| (s.index, s.nodes, s.second))
            .collect();
        assert_eq!(
            searched,
            [
                (13, 1000, false),
                (5, 1000, true),
                (4, 1000, true),
                (3, 1000, false)
            ]
        );
    }

    #[tokio::test]
    async fn a_warm_up_and_the_quick_pass_never_ask_for_the_second_line() {
        let fake = Fake {
            game: game(),
            fail_at: None,
            searches: Mutex::new(Vec::new()),
        };
        run(&fake, plan(&(0..14).collect::<Vec<_>>(), 6, 14, true), 2).await;
        let settings = PassSettings {
            alternatives: Some(Alternatives { book_plies: 0 }),
            ..SETTINGS
        };
        run_with(&fake, plan(&[8, 9], 6, 14, true), 1, settings).await;
        let searches = fake.searches.lock().expect("not poisoned").clone();
        let second: Vec<(usize, u64)> = searches
            .iter()
            .filter(|s| s.second)
            .map(|s| (s.index, s.nodes))
            .collect();
        assert_eq!(second, [(9, 1000), (8, 1000)]);
    }

    #[tokio::test]
    async fn an_engine_that_dies_mid_chunk_reruns_only_the_rest_of_that_chunk() {
        let fake = Fake {
            game: game(),
            fail_at: Some(9),
            searches: Mutex::new(Vec::new()),
        };
        let answered = run(&fake, plan(&(0..14).collect::<Vec<_>>(), 6, 14, true), 2).await;
        assert_eq!(answered.len(), 14, "every position answered once");
        let chunks = by_chunk(&fake);
        // Its chunk warmed up again (the restarted engine's hash is empty) and went on from 9;
        // 11 and 10 were not searched again, nor was any other chunk.
        assert_eq!(
            chunks[1],
            [
                (12, 10),
                (11, 1000),
                (10, 1000),
                (9, 1000),
                (12, 10),
                (9, 1000),
                (8, 1000),
                (7, 1000),
                (6, 1000)
            ]
        );
        assert_eq!(chunks[0].len(), 7);
        assert_eq!(chunks[2].len(), 2);
    }

    #[tokio::test]
    async fn an_answer_that_asks_to_stop_stops_the_pass() {
        let fake = Fake {
            game: game(),
            fail_at: None,
            searches: Mutex::new(Vec::new()),
        };
        let mut answers = 0;
        let flow = run_pass(
            &fake,
            Arc::from("test"),
            &fake.game,
            PassPlan {
                chunks: plan(&(0..14).collect::<Vec<_>>(), 6, 14, true),
                settings: SETTINGS,
                walkers: 1,
            },
            || std::future::ready(()),
            |_| {
                answers += 1;
                answers < 3
            },
        )
        .await
        .expect("no failure");
        assert_eq!((flow, answers), (Flow::Stopped, 3));
    }
}
