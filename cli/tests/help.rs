//! `alphachess play --help` states today's ladder: its range and its top agree with the server's
//! `Level::MAX` (`alphachess_testkit::ladder_docs` reads the claims).

use std::process::Command;

use alphachess_server::games::Level;
use alphachess_testkit::ladder_docs::ladder_mismatches;

#[test]
fn the_help_of_play_states_the_ladders_steps() {
    let output = Command::new(env!("CARGO_BIN_EXE_alphachess"))
        .args(["play", "--help"])
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    let help = String::from_utf8(output.stdout).expect("UTF-8");
    let max = u32::from(Level::MAX.get());
    assert_eq!(ladder_mismatches(&help, max), Vec::<String>::new());
    assert!(
        !ladder_mismatches(&help, max + 1).is_empty(),
        "the help states the ladder's steps nowhere:\n{help}"
    );
}
