//! Practice (issue #41): `GET /api/practice` (the key's deck), and per card a try
//! (`POST /api/practice/{card}/try`) or the answer (`POST /api/practice/{card}/reveal`). The
//! key is the player's (`Authorization: Bearer <key>`, as the lichess Board API takes it): a
//! card is a mistake in one of the key's reviewed games, and another key's card is refused as a
//! wrong token is.

use actix_web::{get, post, web, HttpRequest};

use crate::games::PracticeService;
use crate::http::error::{api_errors, ApiError};
use crate::http::lichess::{LichessErrorBody, PlayerKey};
use crate::http::limits::{ClientIp, Limits};
use crate::practice::card::CardId;
use crate::practice::service::{self, unix_now};
use crate::practice::view::{PracticeDeck, PracticeReveal, PracticeTry, PracticeTryRequest};

/// The `{card}` of a card's URL.
fn card_of(request: &HttpRequest) -> Result<CardId, ApiError> {
    let text = request.match_info().get("card").unwrap_or_default();
    text.parse().map_err(|_| ApiError::NotFound)
}

api_errors!(
    DeckErrors:
    InternalError = "the store failed (logged with its cause, never shown)",
);

/// The key's practice deck: every inaccuracy, mistake, blunder and missed win of the player's own
/// side in the key's reviewed games (the review's classes), with the cards due now (nothing of
/// their answers: the review's sentence only by its kind), how many are due today, learning and
/// new, and the deck counted by what went wrong and by phase.
#[utoipa::path(tag = "practice",
    security(("bearer" = [])),
    responses(
        (status = 200, body = PracticeDeck),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key"),
        DeckErrors,
    ))]
#[get("/practice")]
pub async fn deck(
    service: web::Data<PracticeService>,
    key: PlayerKey,
) -> Result<web::Json<PracticeDeck>, ApiError> {
    Ok(web::Json(
        service::deck(&service, key.as_str(), unix_now()).await?,
    ))
}

api_errors!(
    TryCardErrors:
    MalformedJson, InvalidMoveNotation, GameNotFound, NotFound = "no such card", AnalysisNotDone,
    IllegalMove, TooManyRequests, EngineFailed, EngineBusy, EngineTimeout,
);

/// Judges a try at a card as retry judges one (the engine at the review's budget): `solved`,
/// `not_quite` or `wrong`. Solved, the card is graded (`good` at the first try, `hard` after a
/// wrong one) and FSRS sets its next due date; the solution and the review's sentence come only
/// then. A wrong try grades nothing: the card stays due.
#[utoipa::path(tag = "practice",
    params(("card" = String, Path, description = "the card's id, `<game id>-<ply>`")),
    request_body = PracticeTryRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = PracticeTry),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key; a card of another key's game is refused as a wrong token is (`wrong_token`)"),
        TryCardErrors,
    ))]
#[post("/practice/{card}/try")]
pub async fn try_card(
    service: web::Data<PracticeService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    key: PlayerKey,
    request: HttpRequest,
    body: web::Json<PracticeTryRequest>,
) -> Result<web::Json<PracticeTry>, ApiError> {
    let card = card_of(&request)?;
    let _search = limits.search(client)?;
    Ok(web::Json(
        service::try_card(&service, key.as_str(), &card, &body.text, unix_now()).await?,
    ))
}

api_errors!(
    RevealErrors:
    GameNotFound, NotFound = "no such card", AnalysisNotDone,
);

/// Gives a card's answer (the engine's best move, its line, and the review's sentence) and grades
/// the card `again`: it comes back within minutes.
#[utoipa::path(tag = "practice",
    params(("card" = String, Path, description = "the card's id, `<game id>-<ply>`")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = PracticeReveal),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key; a card of another key's game is refused as a wrong token is (`wrong_token`)"),
        RevealErrors,
    ))]
#[post("/practice/{card}/reveal")]
pub async fn reveal(
    service: web::Data<PracticeService>,
    key: PlayerKey,
    request: HttpRequest,
) -> Result<web::Json<PracticeReveal>, ApiError> {
    let card = card_of(&request)?;
    Ok(web::Json(
        service::reveal(&service, key.as_str(), &card, unix_now()).await?,
    ))
}

/// The API document's examples of the practice answers: the Duke's 3…Nf6?? of the retry examples
/// as a card, asked, tried (solved and wrong) and revealed.
pub fn examples(id: &str) -> Vec<(&'static str, serde_json::Value)> {
    use crate::analysis::classes::MoveClass;
    use crate::analysis::explain::ExplanationKind;
    use crate::analysis::retry::Verdict;
    use crate::analysis::{BestMove, Eval};
    use crate::games::views::{RetryAnswer, Solution};
    use crate::practice::card::{GamePhase, WeaknessKind};
    use crate::practice::fsrs::Grade;
    use crate::practice::schedule::CardState;
    use crate::practice::view::{CardView, KindCount, PhaseCount, Weaknesses};

    /// 2026-12-01 00:00 UTC.
    const DUE: i64 = 1_796_083_200;
    let best = |uci: &str, san: &str| BestMove {
        uci: uci.to_owned(),
        san: san.to_owned(),
    };
    let solution = || Solution {
        best: best("g7g6", "g6"),
        line: ["g6", "Qf3", "Nf6"].map(str::to_owned).to_vec(),
        eval: Eval::Cp(-25),
    };
    let sentence = || Some("Allows mate in 1: Qxf7#.".to_owned());
    let json = |value: serde_json::Result<serde_json::Value>| value.unwrap_or_default();
    match id {
        "deck" => {
            let phase = |phase, cards| PhaseCount {
                phase,
                cards,
                of: 1,
            };
            let answer = PracticeDeck {
                due_today: 1,
                learning: 0,
                new: 1,
                total: 1,
                cards: vec![CardView {
                    id: "k3v9x2m1q8zt-6".to_owned(),
                    game_id: "k3v9x2m1q8zt".to_owned(),
                    ply: 6,
                    fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
                        .to_owned(),
                    turn: alphachess_engine::Color::Black,
                    played: best("g8f6", "Nf6"),
                    class: MoveClass::Blunder,
                    kind: Some(ExplanationKind::AllowsMate),
                    phase: GamePhase::Opening,
                    state: CardState::New,
                    due: DUE,
                }],
                weaknesses: Weaknesses {
                    by_kind: vec![KindCount {
                        kind: WeaknessKind::MatesAllowed,
                        cards: 1,
                        of: 1,
                    }],
                    by_phase: vec![
                        phase(GamePhase::Opening, 1),
                        phase(GamePhase::Middlegame, 0),
                        phase(GamePhase::Endgame, 0),
                    ],
                },
            };
            vec![("one_card", json(serde_json::to_value(answer)))]
        }
        "try_card" => vec![
            (
                "solved",
                json(serde_json::to_value(PracticeTry {
                    answer: RetryAnswer {
                        verdict: Verdict::Solved,
                        tried: best("g7g6", "g6"),
                        eval: Eval::Cp(-25),
                        points_lost: 0.0,
                        loss: "loses nothing (52 % → 52 %)".to_owned(),
                        solution: Some(solution()),
                    },
                    sentence: sentence(),
                    grade: Some(Grade::Good),
                    state: CardState::Learning,
                    due: DUE,
                })),
            ),
            (
                "wrong",
                json(serde_json::to_value(PracticeTry {
                    answer: RetryAnswer {
                        verdict: Verdict::Wrong,
                        tried: best("c6d4", "Nd4"),
                        eval: Eval::Mate(1),
                        points_lost: 0.512,
                        loss: "allows a forced mate (52 % → 0 %)".to_owned(),
                        solution: None,
                    },
                    sentence: None,
                    grade: None,
                    state: CardState::New,
                    due: DUE,
                })),
            ),
        ],
        "reveal" => vec![(
            "revealed",
            json(serde_json::to_value(PracticeReveal {
                solution: solution(),
                sentence: sentence(),
                grade: Grade::Again,
                state: CardState::Learning,
                due: DUE,
            })),
        )],
        _ => Vec::new(),
    }
}
