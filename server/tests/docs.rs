//! The docs and the server's `--help` state today's ladder: every count of its steps, its range
//! and its top agree with `Level::MAX` (`alphachess_testkit::ladder_docs` reads the claims).

use std::fs;
use std::path::PathBuf;

use alphachess_server::games::Level;
use alphachess_server::Config;
use alphachess_testkit::ladder_docs::ladder_mismatches;
use clap::CommandFactory;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The guides and the docs: the READMEs of the repository, the server and the CLI, and `docs/`.
fn docs() -> Vec<(String, String)> {
    let mut paths = vec![
        "README.md".to_owned(),
        "server/README.md".to_owned(),
        "cli/README.md".to_owned(),
    ];
    let mut extra: Vec<String> = fs::read_dir(repo().join("docs"))
        .expect("docs/")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    extra.sort();
    paths.extend(extra);
    paths
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(repo().join(&path)).expect(&path);
            (path, text)
        })
        .collect()
}

#[test]
fn the_docs_and_the_help_state_the_ladders_steps() {
    let max = u32::from(Level::MAX.get());
    let help = Config::command().render_long_help().to_string();
    let mut texts = docs();
    texts.push(("alphachess-server --help".to_owned(), help));
    let mut offences = Vec::new();
    for (name, text) in &texts {
        for mismatch in ladder_mismatches(text, max) {
            offences.push(format!("{name}: {mismatch}"));
        }
    }
    assert!(
        offences.is_empty(),
        "the ladder has {max} steps, but:\n{}",
        offences.join("\n")
    );
    // The claims are there to be read: a ladder one step longer disagrees with each of these.
    for name in ["README.md", "cli/README.md", "alphachess-server --help"] {
        let (_, text) = texts.iter().find(|(n, _)| n == name).expect(name);
        assert!(
            !ladder_mismatches(text, max + 1).is_empty(),
            "{name} states the ladder's steps nowhere"
        );
    }
}
