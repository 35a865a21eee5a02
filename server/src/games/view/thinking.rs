//! Search progress as the live stream shows it: white's point of view, the PV in SAN. The event
//! is tagged by who thinks: Stockfish searches (`engine`: depth, nodes, line); at a step Maia
//! plays there is no search (`human`: the network's candidates, the human moves the step draws
//! its reply from, with their probabilities).

use alphachess_engine::{Color, Line, Move, Position, SanPlus};
use serde::Serialize;
use utoipa::openapi::schema::{
    AllOfBuilder, Discriminator, ObjectBuilder, OneOfBuilder, Ref, Schema, Type,
};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use crate::uci::{Score, SearchInfo};

/// An evaluation from WHITE's point of view: `{"cp": 34}` or `{"mate": -3}` (black mates in 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScoreView {
    Cp(i32),
    Mate(i32),
}

impl ScoreView {
    /// `score`, given from `side_to_move`'s point of view, seen from white's.
    pub fn white_pov(score: Score, side_to_move: Color) -> ScoreView {
        let score = match side_to_move {
            Color::White => score,
            Color::Black => score.flipped(),
        };
        match score {
            Score::Cp(cp) => ScoreView::Cp(cp),
            Score::Mate(n) => ScoreView::Mate(n),
        }
    }
}

/// Data of a `thinking` event, tagged by `kind`: Stockfish's search as it deepens (`engine`), or
/// at a step Maia plays the human moves it draws its reply from (`human`: no search, so no depth).
///
/// Its OpenAPI schema is written out below (`utoipa` derives a discriminator only for untagged
/// enums): one of the two shapes, each with its `kind`, and `kind` the discriminator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Thinking {
    Engine(EngineThinking),
    Human(HumanThinking),
}

/// Each `kind` of [`Thinking`] with the schema of its shape.
const KINDS: [(&str, &str); 2] = [("engine", "EngineThinking"), ("human", "HumanThinking")];

impl PartialSchema for Thinking {
    fn schema() -> RefOr<Schema> {
        let shape = |(kind, name): (&str, &str)| {
            let tagged = ObjectBuilder::new()
                .property(
                    "kind",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .enum_values(Some([kind])),
                )
                .required("kind");
            AllOfBuilder::new()
                .item(Ref::from_schema_name(name))
                .item(tagged)
        };
        let mapping = KINDS.map(|(kind, name)| (kind, format!("#/components/schemas/{name}")));
        let [engine, human] = KINDS.map(shape);
        OneOfBuilder::new()
            .item(engine)
            .item(human)
            .discriminator(Some(Discriminator::with_mapping("kind", mapping)))
            .description(Some(
                "Data of a `thinking` event, tagged by `kind`: Stockfish's search as it deepens \
                 (`engine`), or at a step Maia plays the human moves it draws its reply from \
                 (`human`: no search, so no depth).",
            ))
            .into()
    }
}

impl ToSchema for Thinking {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((EngineThinking::name().into(), EngineThinking::schema()));
        <EngineThinking as ToSchema>::schemas(schemas);
        schemas.push((HumanThinking::name().into(), HumanThinking::schema()));
        <HumanThinking as ToSchema>::schemas(schemas);
    }
}

/// One report of Stockfish's search for the game's reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct EngineThinking {
    /// The game's ply the search is for (the number of moves played).
    pub ply: usize,
    pub depth: u32,
    pub target_depth: u32,
    pub score: ScoreView,
    pub nodes: u64,
    pub nps: u64,
    /// The principal variation in SAN, up to the first move that does not convert.
    #[schema(example = json!(["e4", "e5", "Nf3"]))]
    pub pv: Vec<String>,
}

/// What a Maia step weighed before its reply: one report, with no search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct HumanThinking {
    /// The game's ply the reply is for (the number of moves played).
    pub ply: usize,
    /// The network's own expectation (its value head's win minus loss, as lc0 turns it into
    /// centipawns), from white's point of view.
    pub score: ScoreView,
    /// The move played, in SAN: one of the candidates.
    #[schema(example = json!(["e5"]))]
    pub pv: Vec<String>,
    /// The moves it draws its reply from, most likely first.
    pub candidates: Vec<Candidate>,
}

/// One of Maia's candidate moves.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Candidate {
    #[schema(example = "e4")]
    pub san: String,
    #[schema(example = "e2e4")]
    pub uci: String,
    /// The share of the band's players the network expects to play it, 0–1.
    pub probability: f32,
}

impl Eq for Candidate {}

impl Thinking {
    /// The event for one parsed `info` line of a search of `position`; `None` unless the line has
    /// a depth and a score.
    pub fn from_info(
        info: &SearchInfo,
        position: &Position,
        ply: usize,
        target_depth: u32,
    ) -> Option<Thinking> {
        let (depth, score) = (info.depth?, info.score?);
        Some(Thinking::Engine(EngineThinking {
            ply,
            depth,
            target_depth,
            score: ScoreView::white_pov(score, position.turn()),
            nodes: info.nodes.unwrap_or(0),
            nps: info.nps.unwrap_or(0),
            // The PV in SAN, stopping at the first move that is not legal where it is played.
            pv: Line::from_uci(position, &info.pv)
                .san()
                .iter()
                .map(ToString::to_string)
                .collect(),
        }))
    }

    /// The event of a Maia step's reply `played` in `position` (at `ply`): its `candidates` with
    /// their probabilities, `pv` the move played, and the network's own expectation (its value
    /// head's win minus loss, as lc0 turns it into centipawns) as the score.
    pub fn from_maia(
        position: &Position,
        ply: usize,
        candidates: &[(Move, f32)],
        played: Move,
        wdl: [f32; 3],
    ) -> Thinking {
        let san = |m: Move| SanPlus::from_move(position, m).to_string();
        let q = f64::from(wdl[0] - wdl[2]).clamp(-0.99, 0.99);
        let cp = (111.714_640_912 * (1.562_068_842_1 * q).tan()).round() as i32;
        Thinking::Human(HumanThinking {
            ply,
            score: ScoreView::white_pov(Score::Cp(cp), position.turn()),
            pv: vec![san(played)],
            candidates: candidates
                .iter()
                .map(|&(m, probability)| Candidate {
                    san: san(m),
                    uci: m.to_uci().to_string(),
                    probability,
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::parse_info;

    /// Real Stockfish 15.1 output; `# fen` lines name the position searched.
    const CAPTURED: &str = include_str!("../../uci/testdata/stockfish-15.1.txt");

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).expect("test FEN is valid")
    }

    fn thinking(fen: &str, line: &str) -> Thinking {
        let info = parse_info(line).expect("an info line");
        Thinking::from_info(&info, &position(fen), 1, 20).expect("depth and score")
    }

    /// The search report of `thinking`, which Stockfish's lines always are.
    fn engine(thinking: Thinking) -> EngineThinking {
        match thinking {
            Thinking::Engine(engine) => engine,
            Thinking::Human(human) => panic!("a search, not {human:?}"),
        }
    }

    #[test]
    fn a_search_for_black_is_shown_from_whites_point_of_view_in_san() {
        let shown = thinking(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "info depth 7 seldepth 7 multipv 1 score cp -13 nodes 2073 nps 518250 hashfull 0 tbhits 0 time 4 pv c7c5 g1f3 b8c6 d2d4 c6d4 f3d4",
        );
        assert_eq!(
            shown,
            Thinking::Engine(EngineThinking {
                ply: 1,
                depth: 7,
                target_depth: 20,
                score: ScoreView::Cp(13),
                nodes: 2073,
                nps: 518_250,
                pv: ["c5", "Nf3", "Nc6", "d4", "Nxd4", "Nxd4"]
                    .map(String::from)
                    .to_vec(),
            })
        );
    }

    #[test]
    fn mate_scores_take_whites_point_of_view() {
        let white_mates = engine(thinking(
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "info depth 1 seldepth 1 multipv 1 score mate 1 nodes 20 nps 20000 hashfull 0 tbhits 0 time 1 pv a1a8",
        ));
        assert_eq!(white_mates.score, ScoreView::Mate(1));
        assert_eq!(white_mates.pv, ["Ra8#"]);
        let black_is_mated = engine(thinking(
            "k7/8/1K6/8/8/8/8/7R b - - 0 1",
            "info depth 5 seldepth 3 multipv 1 score mate -1 nodes 8 nps 8000 hashfull 0 tbhits 0 time 1 pv a8b8 h1h8",
        ));
        assert_eq!(black_is_mated.score, ScoreView::Mate(1));
        assert_eq!(black_is_mated.pv, ["Kb8", "Rh8#"]);
    }

    #[test]
    fn a_pv_stops_at_the_first_illegal_move() {
        let shown = engine(thinking(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "info depth 2 score cp 5 nodes 1 nps 1 pv e7e5 e2e4 g1f3",
        ));
        assert_eq!(shown.pv, ["e5"]);
    }

    #[test]
    fn lines_without_a_depth_or_score_are_not_events() {
        let start = Position::default();
        for line in [
            "info depth 23 currmove c4d5 currmovenumber 2",
            "info nodes 5 nps 5",
        ] {
            let info = parse_info(line).expect("an info line");
            assert_eq!(Thinking::from_info(&info, &start, 0, 20), None, "{line}");
        }
    }

    #[test]
    fn every_captured_search_line_converts_with_a_full_pv() {
        let mut fen = None;
        let mut checked = 0;
        for (number, line) in CAPTURED.lines().enumerate() {
            if let Some(rest) = line.strip_prefix("# fen ") {
                fen = Some(position(rest));
                continue;
            }
            let (Some(position), Some(info)) = (&fen, parse_info(line)) else {
                continue;
            };
            let Some(shown) = Thinking::from_info(&info, position, 0, 30).map(engine) else {
                continue;
            };
            assert_eq!(shown.pv.len(), info.pv.len(), "line {}: {line}", number + 1);
            checked += 1;
        }
        assert!(checked > 40, "{checked} lines checked");
    }

    #[test]
    fn the_json_matches_the_contract() {
        let shown = thinking(
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "info depth 1 seldepth 1 multipv 1 score mate 1 nodes 20 nps 20000 hashfull 0 tbhits 0 time 1 pv a1a8",
        );
        assert_eq!(
            serde_json::to_value(&shown).expect("serializable"),
            serde_json::json!({"kind": "engine", "ply": 1, "depth": 1, "target_depth": 20, "score": {"mate": 1},
                               "nodes": 20, "nps": 20000, "pv": ["Ra8#"]})
        );
    }

    #[test]
    fn a_maia_reply_shows_its_candidates_from_whites_point_of_view() {
        let position = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let m = |uci: &str| {
            uci.parse::<alphachess_engine::UciMove>()
                .expect("uci")
                .to_move(&position)
                .expect("legal")
        };
        let candidates = [(m("e7e5"), 0.5), (m("c7c5"), 0.25)];
        let shown = Thinking::from_maia(&position, 1, &candidates, m("c7c5"), [0.2, 0.3, 0.5]);
        assert_eq!(
            serde_json::to_value(&shown).expect("serializable"),
            serde_json::json!({"kind": "human", "ply": 1, "score": {"cp": 57}, "pv": ["c5"],
                               "candidates": [{"san": "e5", "uci": "e7e5", "probability": 0.5},
                                              {"san": "c5", "uci": "c7c5", "probability": 0.25}]})
        );
    }
}

#[cfg(test)]
mod schema_tests {
    use super::*;

    #[test]
    fn the_schema_is_one_of_the_two_kinds_with_kind_the_discriminator() {
        let schema = serde_json::to_value(Thinking::schema()).expect("serializable");
        assert_eq!(schema["discriminator"]["propertyName"], "kind");
        assert_eq!(
            schema["discriminator"]["mapping"]["human"],
            "#/components/schemas/HumanThinking"
        );
        let shapes = schema["oneOf"].as_array().expect("one of the kinds");
        assert_eq!(shapes.len(), 2);
        assert_eq!(
            shapes[0]["allOf"][0]["$ref"],
            "#/components/schemas/EngineThinking"
        );
        assert_eq!(
            shapes[0]["allOf"][1]["properties"]["kind"]["enum"],
            serde_json::json!(["engine"])
        );
        let mut named = Vec::new();
        Thinking::schemas(&mut named);
        let names: Vec<&str> = named.iter().map(|(name, _)| name.as_str()).collect();
        for name in ["EngineThinking", "HumanThinking", "Candidate", "ScoreView"] {
            assert!(names.contains(&name), "{name} in {names:?}");
        }
    }
}
