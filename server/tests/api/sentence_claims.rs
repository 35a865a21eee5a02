//! Every sentence's claim replayed (issue #38), over games full of errors: seeded low-skill
//! self-play with the real Stockfish (depth 1, the same moves every run, and a random legal move from the
//! rules crate on a fixed share of plies), reviewed as the server reviews, then every
//! Inaccuracy, Mistake, Blunder and Miss must carry a sentence, and each sentence's claim is
//! checked again here with the rules crate, independently of the code that wrote it. The counts
//! of each kind are printed (`--nocapture`).

use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::Arc;

use alphachess_engine::{Game, Move, Position, Role, SanPlus};
use alphachess_server::analysis::explain::exchange::exchange_gain;
use alphachess_server::analysis::explain::hung_loss;
use alphachess_server::analysis::explain::mate::shortest_mate;
use alphachess_server::analysis::explain::material::{balance, name, value};
use alphachess_server::analysis::explain::{Explanation, ExplanationKind};
use alphachess_server::analysis::{positions_to_search, prefix, AnalysedPly, Pass, Review};
use alphachess_server::uci::{AnalysisRequest, EnginePool, SearchRequest};

use crate::helpers::one_engine;

/// Games played, one per seed: enough for every common kind, under a minute here.
const SEEDS: [u64; 8] = [1, 2, 3, 4, 5, 6, 7, 8];
/// The longest game played.
const MAX_PLIES: usize = 80;
/// One ply in this many is a random legal move rather than Stockfish's.
const RANDOM_EVERY: u64 = 3;
/// Nodes per reviewed position: enough to see short mates, quick on a shared machine.
const NODES: u64 = 20_000;

/// A small seeded generator (xorshift64*): the same games on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// A game of errors: Stockfish at depth 1, and a seeded random legal move one ply in three.
async fn error_game(pool: &EnginePool, seed: u64) -> Game {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut game = Game::new(Position::startpos());
    while game.ply() < MAX_PLIES && game.outcome().is_none() {
        let legal = game.position().legal_moves();
        let m = if rng.next().is_multiple_of(RANDOM_EVERY) {
            let count = u64::try_from(legal.len()).expect("few moves");
            legal[usize::try_from(rng.next() % count).expect("small")]
        } else {
            // Full skill at depth 1: Skill Level below 20 draws from Stockfish's own time-seeded
            // generator, which made the games (and a rare wrong sentence) differ run to run.
            let request = SearchRequest::new(Arc::from(format!("errors {seed}")), &game, 1, 20);
            pool.search(request).await.expect("a move")
        };
        game.play(m).expect("legal");
    }
    game
}

/// The review of `game`, every position searched once at [`NODES`].
async fn review(pool: &EnginePool, game: &Game, seed: u64) -> Review {
    let mut review = Review::new(game.clone());
    for index in 0..positions_to_search(game) {
        let prefix = prefix(game, index).expect("replays");
        let key = Arc::from(format!("review {seed}"));
        let request = AnalysisRequest::new(key, &prefix, NODES).expect("a move to search");
        let analysis = pool.analyse(request).await.expect("analysed");
        review.set(index, analysis, Pass::Final).expect("fits");
    }
    review
}

/// The SAN line replayed from `position`: every move must be legal in turn.
fn replay(position: &Position, line: &[String]) -> (Vec<Move>, Position) {
    let mut at = position.clone();
    let moves = line
        .iter()
        .map(|text| {
            let san = SanPlus::from_str(text).expect("SAN");
            let m = san
                .san
                .to_move(&at)
                .expect("each move of the line is legal");
            at.play(m).expect("legal");
            m
        })
        .collect();
    (moves, at)
}

/// The number after "mate in " in a sentence.
fn mate_in(sentence: &str) -> usize {
    let rest = sentence.split("mate in ").nth(1).expect("a mate in N");
    rest.split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
        .expect("N")
}

/// Checks one sentence's claim about ply `p` (1-based) of `game`.
fn check(game: &Game, p: usize, ply: &AnalysedPly, explanation: &Explanation) {
    let positions = game.positions();
    let (before, after) = (&positions[p - 1], &positions[p]);
    let played = game.moves()[p - 1];
    let mover = before.turn();
    let from = &positions[explanation.from_ply];
    let (moves, end) = replay(from, &explanation.line);
    let context = format!("ply {p}: {explanation:?} ({})", before.to_fen());
    match explanation.kind {
        ExplanationKind::AllowsMate | ExplanationKind::MissesMate => {
            let n = mate_in(&explanation.sentence);
            assert!(end.is_checkmate(), "the line mates: {context}");
            assert_eq!(moves.len(), 2 * n - 1, "in N moves: {context}");
            let mating = if explanation.kind == ExplanationKind::AllowsMate {
                !mover
            } else {
                mover
            };
            assert_eq!(from.turn(), mating, "the right side mates: {context}");
            if !explanation.sentence.contains("Stockfish's line") {
                assert_eq!(
                    shortest_mate(from).map(|n| n as usize),
                    Some(n),
                    "a proven mate is the shortest: {context}"
                );
            }
        }
        ExplanationKind::HangsPiece => {
            let reply = moves[0];
            let taken = after.captured_role(reply).expect("the reply captures");
            assert!(value(taken) >= 3, "a piece, not a pawn: {context}");
            let mut taken_at = after.clone();
            taken_at.play(reply).expect("legal");
            // Independently of `hung_loss`: the piece's worth, minus the best exchange back,
            // minus what the move itself took on that square.
            let back = exchange_gain(&taken_at, reply.to());
            let took = if played.to() == reply.to() {
                balance(after, mover) - balance(before, mover)
            } else {
                0
            };
            let lost = value(taken) - back - took;
            assert!(
                lost >= 2,
                "lost for less than it is worth: {lost}: {context}"
            );
            assert_eq!(
                hung_loss(before, played, after, reply),
                Some(lost),
                "{context}"
            );
        }
        ExplanationKind::AllowsFork
        | ExplanationKind::AllowsPin
        | ExplanationKind::AllowsSkewer => {
            assert_eq!(explanation.from_ply, p, "{context}");
            let lost = balance(after, mover) - balance(&end, mover);
            assert!(lost >= 2, "the line wins material: {context}");
        }
        ExplanationKind::AllowsPromotion => {
            assert!(
                moves.iter().take(3).step_by(2).any(|m| m.is_promotion()),
                "the opponent promotes: {context}"
            );
            assert!(
                balance(after, mover) - balance(&end, mover) >= 3,
                "{context}"
            );
        }
        ExplanationKind::MissesMaterial => {
            assert_eq!(explanation.from_ply, p - 1, "{context}");
            assert!(before.is_capture(moves[0]), "{context}");
            assert_ne!(moves[0], played, "{context}");
            assert!(
                balance(&end, mover) - balance(before, mover) >= 2,
                "{context}"
            );
        }
        ExplanationKind::LosesMaterial => {
            // Counted from before the move, so a trade is no loss.
            let lost = balance(before, mover) - balance(&end, mover);
            assert!(lost >= 1, "the line wins material: {context}");
            let named = [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ]
            .into_iter()
            .any(|role| {
                explanation
                    .sentence
                    .contains(&format!(" a {}:", name(role)))
                    && value(role) == lost
            });
            let counted = explanation.sentence.contains(&format!(" {lost} point"));
            assert!(
                named || counted,
                "the sentence says what is lost: {lost}: {context}"
            );
        }
        ExplanationKind::BetterMove => {
            let best = ply.best.as_ref().expect("a best move");
            if best.uci != played.to_uci().to_string() {
                assert!(
                    explanation
                        .sentence
                        .starts_with(&format!("{} was better", best.san)),
                    "{context}"
                );
            }
            let played_san = SanPlus::from_move(before, played).to_string();
            assert!(explanation.sentence.contains(&played_san), "{context}");
        }
    }
}

#[tokio::test]
async fn every_sentence_s_claim_holds_over_generated_games_full_of_errors() {
    let pool = one_engine(4).await;
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut judged = 0;
    for seed in SEEDS {
        let game = error_game(&pool, seed).await;
        let review = review(&pool, &game, seed).await;
        for ply in review.final_plies() {
            if ply.judgment.is_none() {
                continue;
            }
            judged += 1;
            let explanation = ply
                .explanation
                .as_ref()
                .unwrap_or_else(|| panic!("every mistake has a sentence: ply {}", ply.ply));
            check(&game, ply.ply, &ply, explanation);
            let kind = serde_json::to_value(explanation.kind).expect("serializes");
            *counts
                .entry(kind.as_str().unwrap_or("?").to_owned())
                .or_default() += 1;
        }
    }
    println!(
        "sentences checked over {} games, {judged} judged moves: {counts:?}",
        SEEDS.len()
    );
    assert!(judged >= 20, "games full of errors: {judged} judged moves");
    assert_eq!(counts.values().sum::<usize>(), judged);
}
