//! The ratings' part of the contract
//! ([`RatingStore`](alphachess_server::games::stores::RatingStore)): a rated game counts once
//! for its key, and an estimate starts a key only until one counts.

use alphachess_server::token::TokenHash;

use super::Backend;

pub async fn a_rated_game_counts_once_for_its_key_and_survives_reopening(backend: Backend) {
    use alphachess_server::games::ladder::{GameScore, RatedGame};
    let store = backend.open().await.expect("opens");
    let key = TokenHash::of("R4t3dK3yQw9Zx8Yv7Ut6Sr5Pq");
    assert_eq!(store.ratings().rating(&key).await.expect("reads"), None);
    let game = RatedGame {
        game_id: "rrrrrrrrrrrr".into(),
        score: GameScore {
            opponent_rating: 1500.0,
            opponent_deviation: 50.0,
            score: 1.0,
        },
    };
    let once = store.ratings().rate(&key, &game).await.expect("rates");
    let twice = store
        .ratings()
        .rate(&key, &game)
        .await
        .expect("rates again");
    assert_eq!(once.games, 1);
    assert_eq!(twice, once, "a game seen ending twice counts once");
    assert!(once.rating.rating > 1500.0);
    let other = TokenHash::of("0th3rK3yQw9Zx8Yv7Ut6Sr5Pq");
    assert_eq!(store.ratings().rating(&other).await.expect("reads"), None);
    drop(store);
    let reopened = backend.open().await.expect("opens again");
    assert_eq!(
        reopened.ratings().rating(&key).await.expect("reads"),
        Some(once)
    );
}

pub async fn an_estimate_starts_a_key_only_until_a_rated_game_counts(backend: Backend) {
    use alphachess_server::games::ladder::{GameScore, Glicko2, RatedGame};
    let store = backend.open().await.expect("opens");
    let key = TokenHash::of("Est1mat3Ab9Zx8Yv7Ut6Sr5Pq");
    let start = |rating| Glicko2 {
        rating,
        ..Glicko2::default()
    };
    let first = store
        .ratings()
        .estimate(&key, &start(1900.0))
        .await
        .expect("estimates");
    assert_eq!((first.rating, first.games), (start(1900.0), 0));
    let second = store
        .ratings()
        .estimate(&key, &start(900.0))
        .await
        .expect("estimates");
    assert_eq!(
        second.rating,
        start(900.0),
        "a key with no games may change its estimate"
    );
    let game = RatedGame {
        game_id: "eeeeeeeeeeee".into(),
        score: GameScore {
            opponent_rating: 900.0,
            opponent_deviation: 50.0,
            score: 1.0,
        },
    };
    let rated = store.ratings().rate(&key, &game).await.expect("rates");
    assert!(
        rated.rating.rating > 900.0,
        "the game starts from the estimate"
    );
    let after = store
        .ratings()
        .estimate(&key, &start(2400.0))
        .await
        .expect("answers");
    assert_eq!(
        after, rated,
        "once a game counts, an estimate changes nothing"
    );
}

contract!(
    a_rated_game_counts_once_for_its_key_and_survives_reopening,
    an_estimate_starts_a_key_only_until_a_rated_game_counts,
);
