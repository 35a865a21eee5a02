//! The server's layers, checked by reading its source: the domain (`games/`) and the engine
//! supervisor (`uci/`) know nothing of HTTP, the engine crate knows nothing of the server, and no
//! two modules, nor two files of any folder, import each other, directly or round a longer loop.
//!
//! Plain Rust over the files, no parser: an import is any `crate::<module>` path outside a
//! comment, or a `super::<file>` (`alphachess_testkit::imports`, shared with the CLI's own
//! architecture test). A failure names the file and line, or the cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use alphachess_testkit::imports::{
    code_lines, find_cycle, folder_graphs, folder_loops, names_after, rust_files, KnownLoop,
};

/// The top-level modules that make up the HTTP edge: `http/` (handlers, errors, streams, limits,
/// middleware, the lichess API) and the startup that wires it.
const EDGE: &[&str] = &["http", "startup"];

/// The layers that must not know the edge.
const INNER: &[&str] = &["games", "uci", "analysis", "openings", "explore"];

fn server_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The top-level module a file under `src/` belongs to (`games/model/level.rs` → `games`); `None` for
/// the crate roots.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).expect("under src");
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main")).then(|| name.to_owned())
}

/// Edges `from → to` between the top-level modules of `src`.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = rust_files(src)
        .iter()
        .filter_map(|file| module_of(src, file))
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(src) {
        let Some(from) = module_of(src, &file) else {
            continue;
        };
        let targets = graph.entry(from.clone()).or_default();
        for (_, line) in code_lines(&file) {
            for to in names_after(&line, "crate::") {
                if to != from && modules.contains(&to) {
                    targets.insert(to);
                }
            }
        }
    }
    graph
}

/// Edges between the files of `src/<dir>/` (`dir` may be nested: `games/model`; by file stem; `mod.rs` is only the entry point and
/// its re-exports are no dependency of their own).
fn file_graph(src: &Path, dir: &str) -> BTreeMap<String, BTreeSet<String>> {
    let folder = src.join(dir);
    let files: BTreeMap<String, PathBuf> = rust_files(&folder)
        .into_iter()
        .filter(|file| file.parent() == Some(folder.as_path()))
        .filter_map(|file| {
            let stem = file.file_stem()?.to_str()?.to_owned();
            (stem != "mod").then_some((stem, file))
        })
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, file) in &files {
        let targets = graph.entry(from.clone()).or_default();
        for (_, line) in code_lines(file) {
            let within = format!("crate::{}::", dir.replace('/', "::"));
            let named = names_after(&line, "super::")
                .into_iter()
                .chain(names_after(&line, &within));
            for to in named {
                if &to != from && files.contains_key(&to) {
                    targets.insert(to);
                }
            }
        }
    }
    graph
}

#[test]
fn the_domain_and_the_engine_supervisor_import_nothing_of_http() {
    let src = server_dir().join("src");
    let mut offences = Vec::new();
    for inner in INNER {
        for file in rust_files(&src.join(inner)) {
            for (number, line) in code_lines(&file) {
                let http = line.contains("actix_web") || line.contains("actix_files");
                let edge: Vec<String> = names_after(&line, "crate::")
                    .into_iter()
                    .filter(|name| EDGE.contains(&name.as_str()))
                    .collect();
                if http || !edge.is_empty() {
                    let shown = file.strip_prefix(&src).expect("under src").display();
                    offences.push(format!("src/{shown}:{number}: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "{INNER:?} must not know the HTTP edge ({EDGE:?}, actix):\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_edge_asks_the_service_and_never_reaches_into_the_live_games() {
    let src = server_dir().join("src");
    let mut offences = Vec::new();
    let edge = rust_files(&src.join("http"))
        .into_iter()
        .chain([src.join("startup.rs")]);
    for file in edge {
        for (number, line) in code_lines(&file) {
            if line.contains(".games()") || line.contains(".store()") {
                let shown = file.strip_prefix(&src).expect("under src").display();
                offences.push(format!("src/{shown}:{number}: {}", line.trim()));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the edge goes through GameService's methods, not its registry or store:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_engine_crate_depends_on_nothing_of_the_server() {
    let manifest = server_dir().join("../engine/Cargo.toml");
    let text = fs::read_to_string(&manifest).expect("engine/Cargo.toml");
    let offending: Vec<&str> = text
        .lines()
        .filter(|line| line.contains("alphachess-server") || line.contains("server/"))
        .filter(|line| !line.trim_start().starts_with('#'))
        .collect();
    assert!(
        offending.is_empty(),
        "engine/Cargo.toml names the server: {offending:?}"
    );
}

#[test]
fn no_two_top_level_modules_import_each_other_even_round_a_loop() {
    let graph = module_graph(&server_dir().join("src"));
    assert!(graph.contains_key("games") && graph["http"].contains("games"));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle between modules: {}", cycle.join(" → "));
    }
}

/// The layers of `games/`, each a folder, and the layers each may import: the opponent nothing,
/// the model only the opponent, the views and the store the model and the opponent, live games
/// the model, the opponent, the store and the views, the service all of them.
const GAMES_LAYERS: &[(&str, &[&str])] = &[
    ("opponent", &[]),
    ("model", &["opponent"]),
    ("view", &["model", "opponent"]),
    ("store", &["model", "opponent"]),
    ("live", &["model", "opponent", "store", "view"]),
    ("service", &["model", "opponent", "store", "view", "live"]),
];

/// What a file of `games/` names after `crate::games::`, each with the line: a layer
/// (`crate::games::model::…`), or anything else, which is a name of the front door
/// (`crate::games::ladder::…`, `crate::games::GameId`) and hides the layer it comes from.
/// A group over several lines (`crate::games::{` alone) is named `{`, as it hides its layers too.
fn games_paths_named(file: &Path) -> Vec<(String, usize, String)> {
    let mut named = Vec::new();
    for (number, line) in code_lines(file) {
        let mut names = names_after(&line, "crate::games::");
        if line.contains("crate::games::{") && !line.contains('}') {
            names.push("{".to_owned());
        }
        for name in names {
            named.push((name, number, line.trim().to_owned()));
        }
    }
    named
}

#[test]
fn the_layers_of_games_import_only_the_layers_below_them() {
    let games = server_dir().join("src/games");
    let mut offences = Vec::new();
    for file in rust_files(&games) {
        let relative = file.strip_prefix(&games).expect("under games/");
        let shown = format!("src/games/{}", relative.display());
        let Some(layer) = relative
            .components()
            .next()
            .and_then(|first| first.as_os_str().to_str())
            .filter(|_| relative.components().count() > 1)
        else {
            assert_eq!(
                shown, "src/games/mod.rs",
                "every file of games/ is in a layer's folder"
            );
            continue;
        };
        let (_, allowed) = GAMES_LAYERS
            .iter()
            .find(|(name, _)| *name == layer)
            .unwrap_or_else(|| panic!("{shown}: games/{layer}/ is no layer of {GAMES_LAYERS:?}"));
        for (to, number, line) in games_paths_named(&file) {
            if !GAMES_LAYERS.iter().any(|(name, _)| *name == to) {
                offences.push(format!(
                    "{shown}:{number}: {layer} imports through the front door (name the layer): {line}"
                ));
            } else if to != layer && !allowed.contains(&to.as_str()) {
                offences.push(format!("{shown}:{number}: {layer} imports {to}: {line}"));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the layers of games/ import only {GAMES_LAYERS:?}:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_openapi_schemas_of_games_are_declared_only_in_its_views() {
    let games = server_dir().join("src/games");
    let mut offences = Vec::new();
    for layer in ["opponent", "model", "live", "store", "service"] {
        for file in rust_files(&games.join(layer)) {
            for (number, line) in code_lines(&file) {
                if line.contains("utoipa") || line.contains("ToSchema") {
                    let shown = file.strip_prefix(&games).expect("under games/").display();
                    offences.push(format!("src/games/{shown}:{number}: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "utoipa belongs to games/view/ and the HTTP edge:\n{}",
        offences.join("\n")
    );
}

#[test]
fn no_two_files_of_a_games_layer_import_each_other_even_round_a_loop() {
    let src = server_dir().join("src");
    // A folder of a layer (`model/state/`) is one node of its layer's graph.
    let model = &folder_graphs(&src, &["bin"])["games/model"];
    assert!(model["state"].contains("level"), "{model:?}");
    let opponent = file_graph(&src, "games/opponent");
    assert!(opponent["maia"].contains("en_prise"), "{opponent:?}");
    for (layer, _) in GAMES_LAYERS {
        let graph = file_graph(&src, &format!("games/{layer}"));
        if let Some(cycle) = find_cycle(&graph) {
            panic!("import cycle within games/{layer}/: {}", cycle.join(" → "));
        }
    }
}

/// Import loops between files tolerated for now, each the import that closes it.
const KNOWN_LOOPS: &[KnownLoop] = &[];

#[test]
fn no_two_files_of_any_folder_import_each_other_even_round_a_loop() {
    let src = server_dir().join("src");
    let loops = folder_loops(&src, &["bin"], KNOWN_LOOPS);
    assert!(loops.is_empty(), "import loops:\n{}", loops.join("\n"));
    let ladder = folder_loops(&src.join("bin/ladder"), &[], &[]);
    assert!(
        ladder.is_empty(),
        "import loops in src/bin/ladder:\n{}",
        ladder.join("\n")
    );
}

/// The map of `src/` in README.md ("How it is built"): each line that starts with `src/` opens an
/// entry for a folder (`src/games/`) or names files (`src/token.rs config.rs`); the lines indented
/// under it belong to it, and every bare `name.rs` there is a file of that folder. A folder's
/// `mod.rs` is the folder's own entry.
fn mapped_files() -> BTreeSet<String> {
    let readme = fs::read_to_string(server_dir().join("README.md")).expect("server/README.md");
    let section = readme
        .split("## How it is built")
        .nth(1)
        .expect("README.md has a \"How it is built\" section");
    let map = section
        .split("```")
        .nth(1)
        .expect("the section starts with the map in a code block");
    let mut files = BTreeSet::new();
    let mut folder = String::new();
    for line in map.lines() {
        let words = line
            .split(|c: char| !(c.is_ascii_alphanumeric() || "_./".contains(c)))
            .filter(|word| !word.is_empty());
        for (index, word) in words.enumerate() {
            if index == 0 && line.starts_with("src/") {
                folder = match word.rsplit_once('/') {
                    Some((dir, _)) => format!("{dir}/"),
                    None => String::new(),
                };
                if word.ends_with('/') {
                    files.insert(format!("{word}mod.rs"));
                    continue;
                }
            }
            if let Some(name) = word
                .strip_prefix(folder.as_str())
                .filter(|_| word.contains('/'))
            {
                if name.ends_with(".rs") {
                    files.insert(format!("{folder}{name}"));
                }
            } else if word.ends_with(".rs") && !word.contains('/') {
                files.insert(format!("{folder}{word}"));
            }
        }
    }
    files
}

#[test]
fn the_readme_map_names_every_source_file_and_no_other() {
    let src = server_dir().join("src");
    let actual: BTreeSet<String> = rust_files(&src)
        .iter()
        .map(|path| {
            let relative = path.strip_prefix(server_dir()).expect("under the crate");
            relative.to_string_lossy().replace('\\', "/")
        })
        .filter(|path| !path.starts_with("src/bin/") || path.ends_with("main.rs"))
        .collect();
    let mapped = mapped_files();
    let missing: Vec<&String> = actual.difference(&mapped).collect();
    let stale: Vec<&String> = mapped
        .difference(&actual)
        .filter(|path| !path.ends_with("/mod.rs") || actual.contains(*path))
        .collect();
    assert!(
        missing.is_empty(),
        "server/README.md's map (\"How it is built\") misses {missing:?}"
    );
    assert!(
        stale.is_empty(),
        "server/README.md's map names files that do not exist: {stale:?}"
    );
}
