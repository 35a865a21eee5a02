//! The practice cards' part of the contract
//! ([`PracticeStore`](alphachess_server::games::stores::PracticeStore)): a card's schedule is
//! kept across reopening and forgotten with its game.

use alphachess_server::games::stores::PracticeRecord;

use super::{Backend, Played};

fn practice_record(game: &str, ply: i64, failed_try: bool) -> PracticeRecord {
    PracticeRecord {
        game_id: game.to_owned(),
        ply,
        phase: "review".to_owned(),
        step: None,
        stability: Some(3.173_200_142_545_618),
        difficulty: Some(5.282_434_422_319_005),
        due: 1_767_571_200,
        last_review: Some(1_767_225_600),
        failed_try,
    }
}

pub async fn a_practice_cards_schedule_survives_reopening_and_goes_with_its_game(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let game = Played::new("pppppppppppp", 1);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    for failed_try in [false, true] {
        let record = practice_record("pppppppppppp", 4, failed_try);
        store.practice().save_record(&record).await.expect("kept");
    }
    drop(store);
    let store = backend.open().await.expect("opens again");
    let ids = [game.id.clone()];
    assert_eq!(
        store.practice().records(&ids).await.expect("read"),
        [practice_record("pppppppppppp", 4, true)]
    );
    let gone = store.delete(&game.id).expect("queued");
    store.durable(gone).await.expect("committed");
    assert_eq!(store.practice().records(&ids).await.expect("read"), []);
}

contract!(a_practice_cards_schedule_survives_reopening_and_goes_with_its_game,);
