//! Who imports whom inside a crate's source, read as plain text, so the architecture tests of the
//! server and the CLI can forbid import loops between the files of any folder.
//!
//! An import is a `crate::a::b` or `super::b` path outside a `//` comment, anywhere in a file
//! (a `use`, or a path in code), groups included (`crate::{a, b::{c, d}}`, across lines). Each
//! path is resolved to the module it names, and counts as an edge between the two children of
//! the folder (module) that holds both: `analysis/phases.rs` naming `super::report::X` is the
//! edge `phases → report` in `analysis/`; `analysis/explain/mod.rs` naming
//! `crate::analysis::report` is `explain → report` there too. A folder's `mod.rs` is its entry
//! point: what it names below itself is no edge. Inside an inline module (`mod tests {`), `super`
//! is the file itself, so a test's `use super::*` names no sibling.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Edges between the children of one folder, by module name (`phases → report`).
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// Every `.rs` file under `dir`, recursively, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let entries = fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The file's lines with comments removed (`//` to the end of the line), numbered from 1.
pub fn code_lines(path: &Path) -> Vec<(usize, String)> {
    let text =
        fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    text.lines()
        .enumerate()
        .map(|(index, line)| {
            let code = line.split("//").next().unwrap_or_default();
            (index + 1, code.to_owned())
        })
        .collect()
}

/// The identifiers that follow `prefix` in `line` (`crate::games::X` gives `games` for `crate::`),
/// including each name of a group such as `crate::{games, uci}`.
pub fn names_after(line: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in line.match_indices(prefix) {
        // `alphachess_crate::` or `my_super::` are other paths.
        let before = line[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &line[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or_default();
            names.extend(group.split(',').map(|name| identifier(name.trim())));
        } else {
            names.push(identifier(rest));
        }
    }
    names.retain(|name| !name.is_empty());
    names
}

fn identifier(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Some cycle of `graph`, as the path that closes it (`a → b → a`).
pub fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|seen| seen == node) {
            let mut cycle = path[start..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// The module path of a file under a crate root (`analysis/report.rs` → `analysis::report`,
/// `analysis/mod.rs` → `analysis`, the root's `lib.rs` or `main.rs` → the crate itself).
fn module_path(root: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(root).expect("under the crate root");
    let mut path: Vec<String> = relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = path.pop().expect("a file name");
    let stem = last.strip_suffix(".rs").unwrap_or(&last).to_owned();
    let is_root = path.is_empty() && matches!(stem.as_str(), "lib" | "main");
    if stem != "mod" && !is_root {
        path.push(stem);
    }
    path
}

/// The paths of a use tree starting at `text` (after `crate::` or `super::`), and how much of
/// `text` it took: `a::{b, c::d}` gives `[a, b]` and `[a, c, d]`; `*`, `self` and renames end a
/// path.
fn use_tree(text: &str) -> (Vec<Vec<String>>, usize) {
    let skip_space = |at: usize| at + (text[at..].len() - text[at..].trim_start().len());
    let mut at = 0;
    let mut prefix: Vec<String> = Vec::new();
    loop {
        at = skip_space(at);
        if text[at..].starts_with('{') {
            at += 1;
            let mut paths = Vec::new();
            loop {
                at = skip_space(at);
                if text[at..].starts_with('}') {
                    return (paths, at + 1);
                }
                let (branches, used) = use_tree(&text[at..]);
                at += used;
                paths.extend(branches.into_iter().map(|branch| {
                    let mut full = prefix.clone();
                    full.extend(branch);
                    full
                }));
                at = skip_space(at);
                if let Some(rest) = text[at..].strip_prefix("as ") {
                    let rest = rest.trim_start();
                    at = text.len() - rest.len() + identifier(rest).len();
                    at = skip_space(at);
                }
                match text[at..].chars().next() {
                    Some(',') => at += 1,
                    Some('}') => return (paths, at + 1),
                    _ => return (paths, at),
                }
            }
        }
        let name = identifier(&text[at..]);
        if name.is_empty() || name == "self" {
            return (vec![prefix], at + name.len());
        }
        at += name.len();
        prefix.push(name);
        match text[at..].strip_prefix("::") {
            Some(_) => at += 2,
            None => return (vec![prefix], at),
        }
    }
}

/// The modules a file at `module` names, resolved from the crate root: its `crate::` paths and
/// its `super::` ones (`super` of `games/model/level.rs` and of `games/model/ladder/mod.rs` alike
/// is `games::model`; inside an inline module of the file, the file itself).
fn named_paths(module: &[String], path: &Path) -> Vec<Vec<String>> {
    let mut joined = String::new();
    let mut inline_module_starts = Vec::new();
    for (_, line) in code_lines(path) {
        if is_inline_module(&line) {
            inline_module_starts.push(joined.len());
        }
        joined.push_str(&line);
        joined.push('\n');
    }
    let mut named = Vec::new();
    for prefix in ["crate::", "super::"] {
        for (at, _) in joined.match_indices(prefix) {
            // `alphachess_crate::`, `$crate::` or the second `super` of `super::super::`.
            let before = joined[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || "_:$".contains(c)) {
                continue;
            }
            let inline_depth = inline_module_starts
                .iter()
                .filter(|start| **start < at)
                .count();
            let (paths, _) = use_tree(&joined[at + prefix.len()..]);
            for tail in paths {
                let mut base: Vec<String> = Vec::new();
                if prefix == "super::" {
                    base.extend_from_slice(module);
                    base.extend((0..inline_depth).map(|_| "{inline}".to_owned()));
                    base.pop();
                }
                let mut tail = tail.into_iter().peekable();
                while tail.peek().is_some_and(|name| name == "super") {
                    tail.next();
                    base.pop();
                }
                base.extend(tail);
                named.push(base);
            }
        }
    }
    named
}

/// Whether a line opens an inline module (`mod tests {`, `pub(crate) mod unix {`).
fn is_inline_module(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(at) = words.iter().position(|word| *word == "mod") else {
        return false;
    };
    let before_ok = words[..at]
        .iter()
        .all(|word| word.starts_with("pub") || word.starts_with("#["));
    before_ok && words.get(at + 2) == Some(&"{")
}

/// The import graph of every folder of the crate rooted at `root` (its `src/`), keyed by the
/// folder's path (`""` for the root, `"analysis"`, `"games/model"`); `skip` names top-level
/// folders that are other crates (`bin`).
pub fn folder_graphs(root: &Path, skip: &[&str]) -> BTreeMap<String, Graph> {
    let files: Vec<PathBuf> = rust_files(root)
        .into_iter()
        .filter(|file| {
            let relative = file.strip_prefix(root).expect("under the root");
            let first = relative.components().next();
            let first = first.map(|part| part.as_os_str().to_string_lossy().into_owned());
            !first.is_some_and(|first| {
                skip.contains(&first.as_str()) && relative.components().count() > 1
            })
        })
        .collect();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|file| module_path(root, file)).collect();
    let mut graphs: BTreeMap<String, Graph> = BTreeMap::new();
    for file in &files {
        let module = module_path(root, file);
        if !module.is_empty() {
            let folder = module[..module.len() - 1].join("/");
            let graph = graphs.entry(folder).or_default();
            graph.entry(module[module.len() - 1].clone()).or_default();
        }
        for target in named_paths(&module, file) {
            let shared = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if shared == module.len() || shared == target.len() {
                continue;
            }
            let folder = &module[..shared];
            let to: Vec<String> = target[..=shared].to_vec();
            if !modules.contains(&to) {
                continue;
            }
            graphs
                .entry(folder.join("/"))
                .or_default()
                .entry(module[shared].clone())
                .or_default()
                .insert(target[shared].clone());
        }
    }
    graphs
}

/// A loop tolerated for now: `from` may import `to` in `folder` although `to` imports `from`
/// (directly or round a longer loop).
#[derive(Debug, Clone, Copy)]
pub struct KnownLoop {
    /// The folder, as in [`folder_graphs`]'s keys (`"uci"`).
    pub folder: &'static str,
    /// The importing file's module name.
    pub from: &'static str,
    /// The imported one.
    pub to: &'static str,
}

/// Every import loop between the files of one folder of the crate at `root`, one per folder, as
/// `folder: a → b → a`; the edges of `known` are taken out first. A known loop that no longer
/// exists is reported too, so the allowance is removed with the loop.
pub fn folder_loops(root: &Path, skip: &[&str], known: &[KnownLoop]) -> Vec<String> {
    let mut graphs = folder_graphs(root, skip);
    let mut found = Vec::new();
    for allowed in known {
        let graph = graphs.get(allowed.folder);
        let closes = graph.is_some_and(|graph| {
            graph
                .get(allowed.from)
                .is_some_and(|targets| targets.contains(allowed.to))
                && find_cycle(graph).is_some()
        });
        if !closes {
            found.push(format!(
                "{}/: the known loop {} → {} is gone: remove it from the allowance",
                shown(allowed.folder),
                allowed.from,
                allowed.to
            ));
        }
        if let Some(targets) = graphs
            .get_mut(allowed.folder)
            .and_then(|graph| graph.get_mut(allowed.from))
        {
            targets.remove(allowed.to);
        }
    }
    for (folder, graph) in &graphs {
        if let Some(cycle) = find_cycle(graph) {
            found.push(format!("{}/: {}", shown(folder), cycle.join(" → ")));
        }
    }
    found
}

/// A folder as the messages name it: `src` for the crate's root.
fn shown(folder: &str) -> &str {
    if folder.is_empty() {
        "src"
    } else {
        folder
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_use_tree_gives_every_path() {
        let (paths, _) = use_tree("a::{b, c::{d, e}, self, f as g,\n  h,\n}::x;");
        let shown: Vec<String> = paths.iter().map(|path| path.join("::")).collect();
        assert_eq!(shown, ["a::b", "a::c::d", "a::c::e", "a", "a::f", "a::h"]);
        let (paths, _) = use_tree("review::run(");
        assert_eq!(paths, [["review", "run"]]);
    }

    #[test]
    fn a_loop_is_found_and_named() {
        let graph: Graph = [
            ("a", vec!["b"]),
            ("b", vec!["c"]),
            ("c", vec!["a"]),
            ("d", vec![]),
        ]
        .into_iter()
        .map(|(from, to)| {
            let to = to.into_iter().map(String::from).collect();
            (from.to_owned(), to)
        })
        .collect();
        assert_eq!(
            find_cycle(&graph).map(|cycle| cycle.join(" → ")),
            Some("a → b → c → a".to_owned())
        );
    }

    #[test]
    fn a_crate_path_names_its_modules_and_another_crate_none() {
        assert_eq!(
            names_after("use crate::{games, uci::EnginePool};", "crate::"),
            ["games", "uci"]
        );
        assert_eq!(
            names_after("alphachess_crate::x and super::state", "crate::"),
            Vec::<String>::new()
        );
    }

    /// A crate in a temporary folder: `(path, text)` per file.
    fn crate_of(files: &[(&str, &str)]) -> PathBuf {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let root = std::env::temp_dir().join(format!(
            "testkit-imports-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
            fs::write(path, text).expect("written");
        }
        root
    }

    #[test]
    fn loops_through_super_crate_paths_and_subfolders_are_found() {
        let root = crate_of(&[
            ("lib.rs", "mod a;\nmod app;\n"),
            ("app.rs", "use crate::a::Error;\n"),
            ("a/mod.rs", "mod b;\nmod c;\nuse b::X;\n"),
            ("a/b.rs", "use super::c::Y;\n"),
            (
                "a/c.rs",
                "use crate::{\n    a::b::X,\n};\nfn f() { crate::app::run() }\n",
            ),
        ]);
        let loops = folder_loops(&root, &[], &[]);
        fs::remove_dir_all(&root).expect("removed");
        assert_eq!(loops, ["src/: a → app → a", "a/: b → c → b"]);
    }

    #[test]
    fn tests_naming_super_and_comments_are_no_imports() {
        let root = crate_of(&[
            ("main.rs", "mod a;\nmod b;\n"),
            ("a.rs", "use crate::b::X; // crate::a is not here\n"),
            ("b.rs", "// use super::a;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::a;\n}\n"),
        ]);
        let loops = folder_loops(&root, &[], &[]);
        fs::remove_dir_all(&root).expect("removed");
        assert_eq!(loops, Vec::<String>::new());
    }

    #[test]
    fn a_known_loop_is_allowed_until_it_is_gone() {
        let root = crate_of(&[
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("a.rs", "use super::b::X;\n"),
            ("b.rs", "use super::a::Y;\n"),
        ]);
        let known = KnownLoop {
            folder: "",
            from: "b",
            to: "a",
        };
        let gone = KnownLoop {
            folder: "",
            from: "c",
            to: "a",
        };
        assert_eq!(folder_loops(&root, &[], &[known]), Vec::<String>::new());
        assert_eq!(folder_loops(&root, &[], &[]), ["src/: a → b → a"]);
        assert_eq!(
            folder_loops(&root, &[], &[known, gone]),
            ["src/: the known loop c → a is gone: remove it from the allowance"]
        );
        fs::remove_dir_all(&root).expect("removed");
    }
}
