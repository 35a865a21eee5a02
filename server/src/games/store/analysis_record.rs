//! The stored form of a game's analysis: its status and node budget, and each analysed position
//! as numbers and UCI text a database row can hold; and the way back to a [`Review`], every move
//! re-validated against the game's positions so a damaged row is refused rather than trusted.

use alphachess_engine::{Game, Move, Position, UciMove};

use crate::analysis::{positions_to_search, AnalysedPosition, AnalysisStatus, Pass, Review};
use crate::uci::{PositionAnalysis, Score};

/// One game's analysis as rows: its status and budget, and the positions analysed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisRecord {
    pub game_id: String,
    /// `queued`, `running`, `done` or `failed`, as the API spells [`AnalysisStatus`].
    pub status: String,
    /// Nodes per position: a resumed analysis keeps the budget it started with.
    pub nodes: i64,
    /// In position order, 0 (the start) first.
    pub positions: Vec<PositionRecord>,
}

/// One analysed position as a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionRecord {
    /// 0 is the start position; `n` the position after the game's `n`th move.
    pub position: i64,
    /// White's centipawns, or `None` for a mate score.
    pub cp: Option<i64>,
    /// Moves to mate from white's point of view, or `None` for a centipawn score.
    pub mate: Option<i64>,
    /// The engine's best move, UCI.
    pub best: String,
    /// The engine's line from the position, UCI moves separated by single spaces, `best` first.
    pub pv: String,
    pub depth: i64,
    pub nodes: i64,
    /// The best other move's score (white's centipawns, or moves to mate), when it was searched:
    /// both `None` when it was not.
    pub second_cp: Option<i64>,
    pub second_mate: Option<i64>,
}

/// An analysis read back and checked against its game.
#[derive(Debug)]
pub struct StoredAnalysis {
    pub status: AnalysisStatus,
    pub nodes: u64,
    /// The stored positions, replayed into a fresh review.
    pub review: Review,
}

/// A stored analysis that does not fit its game; it is dropped on load.
#[derive(Debug, thiserror::Error)]
#[error("stored analysis of game {game_id:?} is invalid: {reason}")]
pub struct InvalidAnalysis {
    pub game_id: String,
    pub reason: String,
}

/// The status as it is stored (the API's spelling).
pub fn status_name(status: AnalysisStatus) -> &'static str {
    match status {
        AnalysisStatus::Queued => "queued",
        AnalysisStatus::Running => "running",
        AnalysisStatus::Done => "done",
        AnalysisStatus::Failed => "failed",
    }
}

fn parse_status(text: &str) -> Option<AnalysisStatus> {
    [
        AnalysisStatus::Queued,
        AnalysisStatus::Running,
        AnalysisStatus::Done,
        AnalysisStatus::Failed,
    ]
    .into_iter()
    .find(|&status| status_name(status) == text)
}

impl PositionRecord {
    /// The row for one analysed position.
    pub fn of(analysed: &AnalysedPosition) -> PositionRecord {
        PositionRecord::of_analysis(analysed.index, &analysed.analysis)
    }

    /// The row for `analysis` as position `index`.
    pub fn of_analysis(index: usize, analysis: &PositionAnalysis) -> PositionRecord {
        let columns = |score| match score {
            Score::Cp(cp) => (Some(i64::from(cp)), None),
            Score::Mate(n) => (None, Some(i64::from(n))),
        };
        let (cp, mate) = columns(analysis.score);
        let (second_cp, second_mate) = analysis.second.map_or((None, None), columns);
        let pv: Vec<String> = analysis.pv.iter().map(|m| m.to_uci().to_string()).collect();
        PositionRecord {
            position: i64::try_from(index).unwrap_or(i64::MAX),
            cp,
            mate,
            best: analysis.best.to_uci().to_string(),
            pv: pv.join(" "),
            depth: i64::from(analysis.depth),
            nodes: i64::try_from(analysis.nodes).unwrap_or(i64::MAX),
            second_cp,
            second_mate,
        }
    }

    /// The analysis of `position`, its best move and line replayed there.
    pub fn rebuild(&self, position: &Position) -> Result<PositionAnalysis, String> {
        let score = score_of(self.cp, self.mate)?.ok_or("it needs exactly one of cp and mate")?;
        let second = score_of(self.second_cp, self.second_mate)
            .map_err(|reason| format!("the second score: {reason}"))?;
        let best = legal_move(position, &self.best)?;
        let mut board = position.clone();
        let mut pv = Vec::new();
        for text in self.pv.split_whitespace() {
            let m = legal_move(&board, text)?;
            board.play_unchecked(m);
            pv.push(m);
        }
        if pv.first() != Some(&best) {
            return Err(format!(
                "the line {:?} does not start with {}",
                self.pv, self.best
            ));
        }
        Ok(PositionAnalysis {
            score,
            best,
            pv,
            depth: u32::try_from(self.depth).map_err(|_| format!("depth {}", self.depth))?,
            nodes: u64::try_from(self.nodes).map_err(|_| format!("nodes {}", self.nodes))?,
            second,
        })
    }
}

/// The score stored as the columns `cp` and `mate` (at most one set), `None` when neither is.
fn score_of(cp: Option<i64>, mate: Option<i64>) -> Result<Option<Score>, String> {
    let number = |value: i64, what: &str| {
        i32::try_from(value).map_err(|_| format!("{what} {value} is out of range"))
    };
    Ok(match (cp, mate) {
        (None, None) => None,
        (Some(cp), None) => Some(Score::Cp(number(cp, "centipawns")?)),
        (None, Some(mate)) => Some(Score::Mate(number(mate, "mate")?)),
        (Some(_), Some(_)) => return Err("it needs exactly one of cp and mate".into()),
    })
}

/// `text` as a UCI move that is legal in `position`.
fn legal_move(position: &Position, text: &str) -> Result<Move, String> {
    text.parse::<UciMove>()
        .map_err(|error| format!("{text:?}: {error}"))?
        .to_move(position)
        .map_err(|error| format!("{text}: {error}"))
}

impl AnalysisRecord {
    /// Replays the stored positions into a fresh review of `game`, refusing a row that is not the
    /// next position or does not fit it.
    pub fn rebuild(&self, game: &Game) -> Result<StoredAnalysis, InvalidAnalysis> {
        let invalid = |reason: String| InvalidAnalysis {
            game_id: self.game_id.clone(),
            reason,
        };
        let status = parse_status(&self.status)
            .ok_or_else(|| invalid(format!("unknown status {:?}", self.status)))?;
        let nodes = u64::try_from(self.nodes)
            .ok()
            .filter(|&nodes| nodes > 0)
            .ok_or_else(|| invalid(format!("a budget of {} nodes", self.nodes)))?;
        let to_search = positions_to_search(game);
        let mut review = Review::new(game.clone());
        let mut previous = None;
        for row in &self.positions {
            // Chunks are searched on several engines at once, so rows may leave gaps, but each
            // position is stored once, in increasing order.
            let index = usize::try_from(row.position)
                .ok()
                .filter(|&index| index < to_search && previous.is_none_or(|p| index > p))
                .ok_or_else(|| {
                    invalid(format!(
                        "position {} after {previous:?} of {to_search}",
                        row.position
                    ))
                })?;
            previous = Some(index);
            let analysis = row
                .rebuild(&game.positions()[index])
                .map_err(|reason| invalid(format!("position {index}: {reason}")))?;
            review
                .set(index, analysis, Pass::Final)
                .map_err(|error| invalid(format!("position {index}: {error}")))?;
        }
        if status == AnalysisStatus::Done && !review.is_complete() {
            return Err(invalid("done, but positions are missing".into()));
        }
        Ok(StoredAnalysis {
            status,
            nodes,
            review,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_testkit::game_after;

    fn analysed(game: &Game, index: usize, score: Score, line: &[&str]) -> AnalysedPosition {
        let mut board = game.positions()[index].clone();
        let pv: Vec<Move> = line
            .iter()
            .map(|text| {
                let m = legal_move(&board, text).expect("test line is legal");
                board.play_unchecked(m);
                m
            })
            .collect();
        AnalysedPosition {
            index,
            analysis: PositionAnalysis {
                score,
                best: pv[0],
                pv,
                depth: 12,
                nodes: 20_000,
                second: None,
            },
        }
    }

    /// 1. f3 e5 2. g4 Qh4#: positions 0..=3 are searched, the mate is not.
    fn fools_mate_record() -> (Game, Vec<AnalysedPosition>) {
        let game = game_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        let positions = vec![
            analysed(&game, 0, Score::Cp(25), &["e2e4", "e7e5"]),
            analysed(&game, 1, Score::Cp(-40), &["e7e5", "e2e4"]),
            analysed(&game, 2, Score::Cp(-60), &["b1c3"]),
            analysed(&game, 3, Score::Mate(-1), &["d8h4"]),
        ];
        (game, positions)
    }

    fn record(status: &str, positions: &[AnalysedPosition]) -> AnalysisRecord {
        AnalysisRecord {
            game_id: "abcdefghijkl".into(),
            status: status.into(),
            nodes: 20_000,
            positions: positions.iter().map(PositionRecord::of).collect(),
        }
    }

    #[test]
    fn an_analysis_survives_the_round_trip_through_its_rows() {
        let (game, positions) = fools_mate_record();
        let rows = record("done", &positions);
        assert_eq!(rows.positions[0].pv, "e2e4 e7e5");
        assert_eq!(
            (rows.positions[3].cp, rows.positions[3].mate),
            (None, Some(-1))
        );
        let stored = rows.rebuild(&game).expect("valid");
        assert_eq!(stored.status, AnalysisStatus::Done);
        assert_eq!(stored.nodes, 20_000);
        let mut fresh = Review::new(game);
        for position in positions {
            fresh
                .set(position.index, position.analysis, Pass::Final)
                .expect("fits");
        }
        assert_eq!(
            stored.review.to_analysis(AnalysisStatus::Done),
            fresh.to_analysis(AnalysisStatus::Done)
        );
    }

    #[test]
    fn an_unfinished_analysis_comes_back_with_the_positions_it_had() {
        let (game, positions) = fools_mate_record();
        let stored = record("running", &positions[..2])
            .rebuild(&game)
            .expect("valid");
        assert_eq!(stored.status, AnalysisStatus::Running);
        assert_eq!(stored.review.progress().done, 2);
        assert_eq!(stored.review.plies().len(), 1);
    }

    #[test]
    fn damaged_rows_are_refused_with_the_reason() {
        let (game, positions) = fools_mate_record();
        let good = record("done", &positions);
        type Damage = fn(&mut AnalysisRecord);
        let damage: [(&str, Damage); 9] = [
            ("status", |r| r.status = "paused".into()),
            ("budget", |r| r.nodes = 0),
            ("repeated position", |r| r.positions[1].position = 0),
            ("order", |r| r.positions.swap(0, 1)),
            ("illegal best move", |r| r.positions[1].best = "e2e4".into()),
            ("garbage move", |r| r.positions[0].pv = "e2e4 hello".into()),
            ("line of another move", |r| {
                r.positions[0].pv = "d2d4".into()
            }),
            ("two scores", |r| r.positions[0].mate = Some(3)),
            ("done but short", |r| {
                r.positions.pop();
            }),
        ];
        for (what, damage) in damage {
            let mut rows = good.clone();
            damage(&mut rows);
            assert!(rows.rebuild(&game).is_err(), "{what} damage was accepted");
        }
        let mut extra = good.clone();
        extra.positions.push(PositionRecord::of(&analysed(
            &game,
            3,
            Score::Mate(-1),
            &["d8h4"],
        )));
        extra.positions[4].position = 4;
        assert!(
            extra.rebuild(&game).is_err(),
            "the checkmate is never searched"
        );
    }
}
