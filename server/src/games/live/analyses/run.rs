//! An analysis's run: the cache, then the quick, final and consistency passes.

use std::sync::{Arc, Mutex, PoisonError};

use alphachess_engine::Game;

use crate::analysis::classes::alternatives_needed;
use crate::analysis::{
    consistency_checks, plan, positions_to_search, run_pass, Alternatives, AnalysedPosition,
    AnalysisStatus, Answered, Chunk, ClientSearcher, Flow, Pass, PassPlan, PassSettings, RunError,
    CHUNK_POSITIONS, QUICK_CHUNK_POSITIONS,
};
use crate::games::store::position_cache::{CacheKey, SearchIdentity};

use super::cache::{Cache, FROM_CACHE};
use super::tracked::{Stop, Tracked};
use super::{finished_game, Analyses};

impl Analyses {
    /// Runs `tracked`'s passes until it is done, fails, its game goes or the server stops.
    pub(super) async fn run(&self, tracked: &Tracked) {
        let Some(game) = tracked.slot.upgrade().as_ref().and_then(finished_game) else {
            return;
        };
        let stop = Mutex::new(None);
        let result = self.passes(tracked, &game, &stop).await;
        let complete = tracked.lock().review.is_complete();
        match (
            stop.into_inner().unwrap_or_else(PoisonError::into_inner),
            result,
        ) {
            (Some(Stop::Gone), _) => {}
            (Some(Stop::Invalid(reason)), _) => {
                tracing::error!(game = %tracked.id, %reason, "an analysis answer did not fit");
                tracked.finish(AnalysisStatus::Failed, &*self.store);
            }
            (None, Ok(())) if complete => tracked.finish(AnalysisStatus::Done, &*self.store),
            (None, Ok(())) => {
                tracing::error!(game = %tracked.id, "the analysis ended with positions missing");
                tracked.finish(AnalysisStatus::Failed, &*self.store);
            }
            (None, Err(error)) => {
                tracing::warn!(%error, game = %tracked.id, "an analysis failed");
                tracked.finish(AnalysisStatus::Failed, &*self.store);
            }
        }
    }

    /// The cache, then the quick, final and consistency passes; `Ok` also when an answer
    /// asked to stop (its reason is in `stop`).
    pub(super) async fn passes(
        &self,
        tracked: &Tracked,
        game: &Game,
        stop: &Mutex<Option<Stop>>,
    ) -> Result<(), RunError> {
        let cache = Cache {
            search: SearchIdentity {
                engine: self.engines.engine_names(),
                nodes: tracked.nodes,
                options: self.engines.analysis_options(),
            },
        };
        let key: Arc<str> = Arc::from(format!("analysis {}", tracked.id));
        let to_search = positions_to_search(game);
        // Which chunk gave each final answer in this run (`None`: an earlier run), for the
        // consistency pass.
        let chunk_of = Mutex::new(vec![None; to_search]);
        let report = |answered: Answered| {
            if let Err(reason) = tracked.record(&answered, &*self.store, &cache) {
                stop.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(reason);
                return false;
            }
            if answered.pass == Pass::Final {
                chunk_of.lock().unwrap_or_else(PoisonError::into_inner)[answered.position.index] =
                    Some(answered.chunk);
            }
            true
        };
        let place = || async {
            let place = self.places.acquire(tracked.client).await;
            if tracked.mark_running(&*self.store) {
                self.publish_places();
            }
            place
        };
        let searcher = ClientSearcher {
            engines: &self.engines,
            client: tracked.client,
        };

        if !self.answer_from_cache(tracked, game, &cache, &report).await {
            return Ok(());
        }
        let to_plan = |pass: Pass, size: usize, warm_up: bool| {
            let missing = tracked.lock().review.missing(pass);
            plan(&missing, size, to_search, warm_up)
        };
        let walkers = self.settings.max_running;
        if self.settings.quick_nodes > 0 {
            let quick = PassPlan {
                chunks: to_plan(Pass::Quick, QUICK_CHUNK_POSITIONS, false),
                settings: PassSettings {
                    pass: Pass::Quick,
                    nodes: self.settings.quick_nodes.min(tracked.nodes),
                    warm_up_nodes: 0,
                    alternatives: None,
                },
                walkers,
            };
            let flow = run_pass(&searcher, Arc::clone(&key), game, quick, place, report).await?;
            if flow == Flow::Stopped {
                return Ok(());
            }
        }
        let settings = PassSettings {
            pass: Pass::Final,
            nodes: tracked.nodes,
            // Enough to fill the hash with the next position's main line, a few percent of
            // the chunk's time.
            warm_up_nodes: self.settings.quick_nodes.max(1).min(tracked.nodes),
            alternatives: Some(Alternatives {
                book_plies: tracked.lock().review.book_plies(),
            }),
        };
        let full = PassPlan {
            chunks: to_plan(Pass::Final, CHUNK_POSITIONS, true),
            settings,
            walkers,
        };
        if run_pass(&searcher, Arc::clone(&key), game, full, place, report).await? == Flow::Stopped
        {
            return Ok(());
        }
        let checks: Vec<Chunk> = {
            let progress = tracked.lock();
            consistency_checks(
                &progress.review,
                &chunk_of.lock().unwrap_or_else(PoisonError::into_inner),
            )
        };
        if !checks.is_empty() {
            tracing::info!(game = %tracked.id, boundaries = checks.len(), "re-searching mates across chunk boundaries");
            // One check at a time: each runs its two positions in turn on one engine.
            let consistency = PassPlan {
                chunks: checks,
                settings,
                walkers: 1,
            };
            run_pass(&searcher, key, game, consistency, place, report).await?;
        }
        Ok(())
    }

    /// Takes every position the cache knows as final; `false` if an answer asked to stop. A
    /// cache that cannot be read is only logged: the engines search instead.
    pub(super) async fn answer_from_cache(
        &self,
        tracked: &Tracked,
        game: &Game,
        cache: &Cache,
        report: &impl Fn(Answered) -> bool,
    ) -> bool {
        let (missing, book_plies) = {
            let progress = tracked.lock();
            (
                progress.review.missing(Pass::Final),
                progress.review.book_plies(),
            )
        };
        let keys: Vec<CacheKey> = missing
            .iter()
            .map(|&index| cache.key(game, index))
            .collect();
        let answers = match self.store.cached_answers(&keys).await {
            Ok(answers) => answers,
            Err(error) => {
                tracing::warn!(%error, game = %tracked.id, "the analysis cache could not be read");
                return true;
            }
        };
        for (&index, answer) in missing.iter().zip(answers) {
            let Some(answer) = answer else { continue };
            let analysis = match answer.rebuild(game, index) {
                Ok(analysis) => analysis,
                Err(reason) => {
                    tracing::warn!(%reason, game = %tracked.id, index, "a cached answer does not fit its position");
                    continue;
                }
            };
            // Cached from a game that played another move here: this game's move may be Great,
            // so the engines search it with its alternatives.
            if analysis.second.is_none() && alternatives_needed(game, book_plies, index, &analysis)
            {
                continue;
            }
            let answered = Answered {
                position: AnalysedPosition { index, analysis },
                pass: Pass::Final,
                chunk: FROM_CACHE,
            };
            if !report(answered) {
                return false;
            }
        }
        true
    }
}
