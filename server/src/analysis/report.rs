//! The analysis as the API shows it (`server/README.md`, "Post-game analysis"): what
//! `GET .../analysis` answers and what each `analysis` event carries.

use serde::Serialize;
use utoipa::ToSchema;

use super::accuracy::Accuracy;
use super::classes::MoveClass;
use super::eval::Eval;
use super::explain::Explanation;
use super::judgment::Judgment;
use super::moments::KeyMoments;
use super::phases::PhaseAccuracy;

/// Where an analysis stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AnalysisStatus {
    Queued,
    Running,
    Done,
    Failed,
}

/// Positions searched so far, of those to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct AnalysisProgress {
    /// Positions with their final evaluation (the full node budget).
    pub done: usize,
    /// Positions with at least a provisional evaluation (the quick pass, or final): when it
    /// reaches `total`, the whole evaluation graph is drawn, though not yet final.
    pub quick: usize,
    pub total: usize,
}

/// A move in both notations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BestMove {
    #[schema(example = "g1f3")]
    pub uci: String,
    #[schema(example = "Nf3")]
    pub san: String,
}

/// One analysed move of the game.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct AnalysedPly {
    /// 1 is the position after the first move (the same counting as the game's `ply`).
    pub ply: usize,
    /// The position AFTER this ply, from white's point of view.
    pub eval: Eval,
    /// The engine's best move in the position BEFORE this ply: what the mover should have played.
    pub best: Option<BestMove>,
    /// A few moves (at most 6) of the engine's line from the position before this ply, in SAN,
    /// starting with `best`.
    #[schema(example = json!(["Nf3", "Nc6", "Bb5"]))]
    pub pv_san: Vec<String>,
    /// From provisional evaluations (`true`: the quick pass answered one of the two positions
    /// it needs): it will be replaced by the final ply under the same number. Accuracy, the
    /// summary and the PGN export use only final plies.
    pub provisional: bool,
    /// Depth of the search behind `eval`; `null` when that position needs no search (a
    /// checkmate or a draw by rule).
    pub depth: Option<u32>,
    /// Nodes of the search behind `eval`; `null` as for `depth`.
    pub nodes: Option<u64>,
    /// The glyph's meaning (`?!`, `?`, `??`), derived from `class` (issue #38, one judge):
    /// `inaccuracy`, `mistake` and `blunder` are those classes, a `miss` is a `mistake` (lost at
    /// most 0.20) or a `blunder`; `null` for every other class.
    pub judgment: Option<Judgment>,
    /// The move's class on chess.com's scale of expected points lost, the first that applies:
    /// `book` (it and every move before it reached a named opening), `great` (the engine's move,
    /// and the best other move would have lost more than 0.10: searched again without it; never
    /// a recapture or a forced move), `best` (the engine's move),
    /// `miss` (the opponent's previous move lost more than 0.10 and this one gave back more than
    /// 0.10), `excellent` (lost at most 0.02), `good` (0.05), `inaccuracy` (0.10), `mistake`
    /// (0.20), `blunder` (more). The move's one judgment: a mate counts as 1 expected point
    /// for the mating side and 0 for the mated, so allowing a mate or letting one go costs what
    /// the mover had or gives up.
    pub class: Option<MoveClass>,
    /// Expected points (0 to 1) the move lost against the engine's best, three decimals.
    pub points_lost: Option<f64>,
    /// For every inaccuracy, mistake, blunder or miss of a final ply: one sentence the rules
    /// crate checked on the engine's line, naming that line: a tactic it proves (a mate allowed
    /// or missed, a piece hung, a fork, pin, skewer or promotion, material missed), else a plain
    /// statement of what the line does (`loses_material`, `better_move`); `null` for other
    /// classes and provisional plies.
    pub explanation: Option<Explanation>,
}

/// One side's mistakes and average centipawn loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, ToSchema)]
pub struct SideSummary {
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    /// Average centipawn loss per move (0 for a side that made no move).
    pub acpl: u32,
}

/// Both sides' summaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Summary {
    pub white: SideSummary,
    pub black: SideSummary,
}

/// A game's analysis: `GET /api/games/{id}/analysis`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Analysis {
    pub status: AnalysisStatus,
    pub progress: AnalysisProgress,
    /// The plies evaluated so far, in ply order: final ones, and provisional ones from the quick
    /// pass until their final evaluation replaces them (the list may have gaps while it runs).
    pub plies: Vec<AnalysedPly>,
    /// `null` until done.
    pub accuracy: Option<Accuracy>,
    /// `null` until done.
    pub summary: Option<Summary>,
    /// Each side's moves worth going back to; `null` until done.
    pub key_moments: Option<KeyMoments>,
    /// Where the phases begin and each side's accuracy in each; `null` until done.
    pub phases: Option<PhaseAccuracy>,
    /// While queued: how many reviews run or wait before this one (the queue's fair order,
    /// `games/live/queue_place.rs`), so a waiting player sees "2 reviews ahead of yours".
    /// Absent once it runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 2)]
    pub ahead: Option<u32>,
}

/// Data of an `analysis` event: one per newly evaluated ply (`ply` set: first provisional, then
/// final under the same number), and one per change of status.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct AnalysisEvent {
    pub status: AnalysisStatus,
    pub progress: AnalysisProgress,
    pub ply: Option<AnalysedPly>,
    pub accuracy: Option<Accuracy>,
    pub summary: Option<Summary>,
    /// With the `done` event, as in the analysis.
    pub key_moments: Option<KeyMoments>,
    /// With the `done` event, as in the analysis.
    pub phases: Option<PhaseAccuracy>,
    /// With a `queued` status event, as in the analysis: sent again whenever the queue moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ahead: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_analysis_serializes_exactly_as_the_contract_says() {
        let analysis = Analysis {
            status: AnalysisStatus::Done,
            progress: AnalysisProgress {
                done: 3,
                quick: 3,
                total: 3,
            },
            plies: vec![AnalysedPly {
                ply: 1,
                eval: Eval::Cp(-30),
                best: Some(BestMove {
                    uci: "e2e4".into(),
                    san: "e4".into(),
                }),
                pv_san: vec!["e4".into(), "e5".into()],
                provisional: false,
                depth: Some(18),
                nodes: Some(1_000_000),
                judgment: Some(Judgment::Inaccuracy),
                class: Some(MoveClass::Inaccuracy),
                points_lost: Some(0.064),
                explanation: None,
            }],
            accuracy: Some(Accuracy {
                white: Some(87.5),
                black: None,
            }),
            summary: Some(Summary {
                white: SideSummary {
                    inaccuracies: 1,
                    mistakes: 0,
                    blunders: 0,
                    acpl: 45,
                },
                black: SideSummary::default(),
            }),
            key_moments: None,
            phases: None,
            ahead: None,
        };
        let side = |i, a| json!({"inaccuracies": i, "mistakes": 0, "blunders": 0, "acpl": a});
        assert_eq!(
            serde_json::to_value(&analysis).expect("serializes"),
            json!({
                "status": "done",
                "progress": {"done": 3, "quick": 3, "total": 3},
                "plies": [{
                    "ply": 1,
                    "eval": {"cp": -30},
                    "best": {"uci": "e2e4", "san": "e4"},
                    "pv_san": ["e4", "e5"],
                    "provisional": false,
                    "depth": 18,
                    "nodes": 1_000_000,
                    "judgment": "inaccuracy",
                    "class": "inaccuracy",
                    "points_lost": 0.064,
                    "explanation": null,
                }],
                "accuracy": {"white": 87.5, "black": null},
                "summary": {"white": side(1, 45), "black": side(0, 0)},
                "key_moments": null,
                "phases": null,
            })
        );
    }

    #[test]
    fn a_running_analysis_has_no_accuracy_or_summary_yet() {
        let event = AnalysisEvent {
            status: AnalysisStatus::Running,
            progress: AnalysisProgress {
                done: 1,
                quick: 41,
                total: 41,
            },
            ply: None,
            accuracy: None,
            summary: None,
            key_moments: None,
            phases: None,
            ahead: None,
        };
        assert_eq!(
            serde_json::to_value(&event).expect("serializes"),
            json!({
                "status": "running",
                "progress": {"done": 1, "quick": 41, "total": 41},
                "ply": null,
                "accuracy": null,
                "summary": null,
                "key_moments": null,
                "phases": null,
            })
        );
    }
}
