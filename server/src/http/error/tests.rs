//! The table's, the mapping's and the response's unit tests, together: most read all three.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::ResponseError;

use super::*;
use crate::games::{AnalysisError, Decline, DrawError, GameError, StoreError};
use crate::uci::EngineError;
use actix_web::body::to_bytes;

async fn body_of(error: ApiError) -> serde_json::Value {
    let response = error.error_response();
    let bytes = to_bytes(response.into_body()).await.expect("a JSON body");
    serde_json::from_slice(&bytes).expect("valid JSON")
}

#[actix_web::test]
async fn an_illegal_move_reports_the_count_of_legal_moves() {
    let body = body_of(ApiError::from(GameError::IllegalMove {
        message: "e2e5 is not a legal move here".into(),
        legal_moves: 20,
    }))
    .await;
    assert_eq!(body["error"], "illegal_move");
    assert_eq!(body["legal_moves"], 20);
    assert_eq!(body["message"], "E2e5 is not a legal move here.");
}

#[actix_web::test]
async fn internal_errors_do_not_leak_their_cause() {
    let body = body_of(ApiError::Internal("secret detail".into())).await;
    assert_eq!(body["error"], "internal_error");
    assert!(!body.to_string().contains("secret detail"));
}

#[test]
fn engine_busy_is_503_with_retry_after() {
    let response = ApiError::from(EngineError::Busy).error_response();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        response.headers().get(header::RETRY_AFTER),
        Some(&HeaderValue::from(RETRY_AFTER_SECS))
    );
}

#[test]
fn a_full_store_queue_is_503_storage_busy_with_retry_after() {
    let error = ApiError::from(GameError::Store(StoreError::Busy));
    assert_eq!(error.code(), ErrorCode::StorageBusy);
    let response = error.error_response();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        response.headers().get(header::RETRY_AFTER),
        Some(&HeaderValue::from(RETRY_AFTER_SECS))
    );
}

#[test]
fn too_many_requests_is_429_with_retry_after() {
    let response = ApiError::TooManyRequests {
        what: "new games from your address",
        retry_after_secs: 7,
    }
    .error_response();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        response.headers().get(header::RETRY_AFTER),
        Some(&HeaderValue::from(7))
    );
}

#[actix_web::test]
async fn engine_failures_show_neither_paths_nor_addresses() {
    let spawn = EngineError::Spawn {
        path: "/opt/secret/stockfish".into(),
        source: std::io::Error::other("permission denied"),
    };
    let connect = EngineError::Connect {
        address: "tcp://10.0.0.2:4000".into(),
        source: std::io::Error::other("connection refused"),
    };
    for (error, detail) in [(spawn, "/opt/secret"), (connect, "tcp://10.0.0.2")] {
        let error = ApiError::from(error);
        assert!(error.to_string().contains(detail), "the log keeps it");
        let body = body_of(error).await;
        assert_eq!(body["error"], "engine_failed");
        assert!(!body.to_string().contains(detail), "{body}");
        assert!(!body.to_string().contains("tcp://"), "{body}");
    }
}

#[test]
fn engine_failures_map_to_502_and_timeouts_to_504() {
    let failed = ApiError::from(EngineError::Eof);
    assert_eq!(failed.status_code(), StatusCode::BAD_GATEWAY);
    assert_eq!(failed.code(), ErrorCode::EngineFailed);
    let timeout = ApiError::from(EngineError::Timeout);
    assert_eq!(timeout.status_code(), StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(timeout.code(), ErrorCode::EngineTimeout);
}

#[test]
fn an_unknown_game_is_404_game_not_found() {
    let error = ApiError::from(GameError::NotFound);
    assert_eq!(error.status_code(), StatusCode::NOT_FOUND);
    assert_eq!(error.code(), ErrorCode::GameNotFound);
}

#[test]
fn analysis_refusals_have_their_own_codes() {
    let unfinished = ApiError::from(AnalysisError::GameNotFinished);
    assert_eq!(unfinished.status_code(), StatusCode::CONFLICT);
    assert_eq!(unfinished.code().as_str(), "game_not_finished");
    let never = ApiError::from(AnalysisError::NotRequested);
    assert_eq!(never.status_code(), StatusCode::NOT_FOUND);
    assert_eq!(never.code().as_str(), "analysis_not_found");
    let unknown = ApiError::from(AnalysisError::Game(GameError::NotFound));
    assert_eq!(unknown.code(), ErrorCode::GameNotFound);
    let full = ApiError::from(AnalysisError::QueueFull {
        retry_after_secs: 10,
    });
    assert_eq!(full.status_code(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(full.code(), ErrorCode::EngineBusy);
    let over = ApiError::from(AnalysisError::OverShare {
        retry_after_secs: 10,
    })
    .error_response();
    assert_eq!(over.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(over.headers().get(header::RETRY_AFTER).expect("set"), "10");
}

#[test]
fn a_store_failure_is_a_500_that_keeps_its_cause_for_the_log() {
    let cause = std::io::Error::other("disk full");
    let store = crate::games::StoreError::backend("committing a batch", cause);
    let error = ApiError::from(GameError::from(store));
    assert_eq!(error.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        with_causes(&error),
        "the game store failed while committing a batch: disk full"
    );
    assert_eq!(error.body().message, "Something went wrong on the server.");
}

#[test]
fn the_table_has_one_row_per_code_in_order_and_serde_spells_each_as_its_row() {
    for (index, info) in CODES.iter().enumerate() {
        assert_eq!(info.code as usize, index, "{} is out of order", info.name);
        assert_eq!(
            serde_json::to_value(info.code).expect("serializes"),
            info.name,
            "serde and the table disagree"
        );
        assert_eq!(
            (info.example)().code(),
            info.code,
            "{}'s example",
            info.name
        );
    }
}

#[test]
fn a_wrapped_domain_error_keeps_the_domain_s_message() {
    let stale = ApiError::from(GameError::StalePly {
        expected: 2,
        actual: 4,
    });
    assert_eq!(
        stale.body().message,
        "The game is at ply 4, not 2; reload it."
    );
    let declined = ApiError::from(DrawError::Declined(Decline::Evaluation(85)));
    assert_eq!(declined.code(), ErrorCode::DrawDeclined);
    assert!(declined.body().message.starts_with("Stockfish declines"));
}
