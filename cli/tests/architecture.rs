//! The CLI's own layering rule, read from its source as the server's is: no two files of a
//! folder import each other, directly or round a longer loop (`alphachess_testkit::imports`).

use std::path::PathBuf;

use alphachess_testkit::imports::{folder_graphs, folder_loops};

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_two_files_of_any_folder_import_each_other_even_round_a_loop() {
    let graphs = folder_graphs(&src(), &[]);
    assert!(
        graphs[""]["app"].contains("analyse") && graphs["session"].contains_key("screen"),
        "the checker reads the CLI's imports: {graphs:?}"
    );
    let loops = folder_loops(&src(), &[], &[]);
    assert!(loops.is_empty(), "import loops:\n{}", loops.join("\n"));
}
