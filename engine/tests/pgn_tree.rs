//! Move trees and PGN with variations: a hand-written study with nested variations round trips
//! through the reader and writer, the tree's operations are checked against the PGN they write,
//! and hostile input meets typed errors (an illegal move in a variation, too deep, too many).

use alphachess_engine::pgn::{self, MoveTextError, Nag, PgnErrorKind, Tags};
use alphachess_engine::{
    Color, GameTree, NodeId, Position, San, SanError, SanPlus, TreeError, MAX_TREE_NODES,
    MAX_VARIATION_DEPTH,
};

const FAMOUS: &str = include_str!("data/famous.pgn");
const OUTCOMES: &str = include_str!("data/outcomes.pgn");

/// A lichess-study-like chapter: a variation at the first move (nested three levels), comments
/// inside variations, a comment starting a variation, NAGs as marks and as `$n`, side lines on
/// Black's moves. Written in the writer's own style, so it must come back byte for byte.
const STUDY: &str = r#"[Event "Italian study"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

{ A study of the Italian. } 1. e4 { Best by test. } (1. d4 d5 2. c4 (2. Nf3 Nf6
(2... c5 3. dxc5) 3. c4) 2... e6) (1. c4 $14) 1... e5 2. Nf3 Nc6 (2... d6 3. d4
(3. Bc4?! Be7) 3... exd4) ({ Also } 2... Nf6 3. Nxe5) 3. Bc4 Bc5 4. c3!? Nf6
(4... d6 $10 { Quiet. }) 5. d4 *
"#;

/// Plays `text` (SAN) from `at`.
fn play(tree: &mut GameTree, at: NodeId, text: &str) -> NodeId {
    let pos = tree.position(at).expect("a live node");
    let san: San = text.parse().expect("san");
    let m = san.to_move(pos).expect("legal");
    tree.play(at, m).expect("playable")
}

/// The movetext of a written game (after the tags' blank line), lines joined with spaces.
fn movetext(written: &str) -> String {
    let (_, moves) = written.split_once("\n\n").expect("tags, then movetext");
    moves.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn san_of(tree: &GameTree, id: NodeId) -> String {
    tree.node(id)
        .and_then(|n| n.san())
        .expect("a move")
        .to_string()
}

/// The games of a PGN file, one text each (split before each game's first tag).
fn game_texts(file: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    let mut in_tags = false;
    for line in file.lines() {
        let is_tag = line.starts_with('[');
        if is_tag && !in_tags {
            games.push(String::new());
        }
        in_tags = is_tag;
        if let Some(game) = games.last_mut() {
            game.push_str(line);
            game.push('\n');
        }
    }
    games
}

#[test]
fn a_study_with_nested_variations_round_trips_byte_for_byte() {
    let read = pgn::read_tree(STUDY).unwrap_or_else(|e| panic!("{e}"));
    let written = pgn::write_tree(&read.tags, &read.tree);
    assert_eq!(written, STUDY);
    let again = pgn::read_tree(&written).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, read);
    assert_eq!(pgn::write_tree(&again.tags, &again.tree), written);
}

#[test]
fn a_study_is_read_into_the_tree_its_text_describes() {
    let tree = pgn::read_tree(STUDY).expect("valid").tree;
    assert_eq!(tree.len(), 27);
    let root = tree.node(tree.root()).expect("root");
    assert_eq!(root.comments()[0].as_str(), "A study of the Italian.");
    let first: Vec<String> = root.children().iter().map(|&c| san_of(&tree, c)).collect();
    assert_eq!(
        first,
        ["e4", "d4", "c4"],
        "a variation at the very first move"
    );
    let c4 = tree.node(root.children()[2]).expect("c4");
    assert_eq!(c4.nags(), [Nag(14)]);

    // Three levels: 1. d4 (level 1), 2. Nf3 (level 2), 2... c5 (level 3).
    let d4 = root.children()[1];
    let d5 = tree.children(d4).expect("d4")[0];
    let nf3 = tree.children(d5).expect("d5")[1];
    let nf6 = tree.children(nf3).expect("nf3")[0];
    let c5 = tree.children(nf3).expect("nf3")[1];
    assert_eq!(san_of(&tree, nf6), "Nf6");
    assert_eq!(san_of(&tree, c5), "c5");
    assert_eq!([d4, nf3, c5].map(|id| tree.nesting(id)), [1, 2, 3]);

    // Side lines on Black's second move, one opened by a comment.
    let main = tree.mainline();
    let main_san: Vec<String> = main.iter().map(|&id| san_of(&tree, id)).collect();
    assert_eq!(
        main_san,
        ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4"]
    );
    let black_second: Vec<String> = tree
        .children(main[2])
        .expect("nf3")
        .iter()
        .map(|&c| san_of(&tree, c))
        .collect();
    assert_eq!(black_second, ["Nc6", "d6", "Nf6"]);
    let also = tree
        .node(tree.children(main[2]).expect("nf3")[2])
        .expect("nf6");
    assert_eq!(also.starting_comments()[0].as_str(), "Also");
    let d6 = tree
        .node(tree.children(main[6]).expect("c3")[1])
        .expect("d6");
    assert_eq!(d6.nags(), [Nag(10)]);
    assert_eq!(d6.comments()[0].as_str(), "Quiet.");
    assert_eq!(tree.node(main[6]).expect("c3").nags(), [Nag::INTERESTING]);
}

#[test]
fn reading_a_game_still_gives_its_main_line_only() {
    let game = pgn::read_game(STUDY).expect("valid");
    let read = pgn::read_tree(STUDY).expect("valid");
    assert_eq!(
        game.game.moves(),
        read.tree.to_game().expect("a game").moves()
    );
    assert_eq!(game.annotations, read.tree.mainline_annotations());
    assert_eq!(game.tags, read.tags);
    assert_eq!(game.result, read.result);
}

#[test]
fn every_fixture_game_round_trips_as_a_tree() {
    let games: Vec<String> = game_texts(FAMOUS)
        .into_iter()
        .chain(game_texts(OUTCOMES))
        .collect();
    assert_eq!(games.len(), 13);
    for (i, text) in games.iter().enumerate() {
        let read = pgn::read_tree(text).unwrap_or_else(|e| panic!("fixture game {}: {e}", i + 1));
        let game = pgn::read_game(text).expect("the main line reads");
        assert_eq!(
            read.tree.to_game().expect("a game").moves(),
            game.game.moves(),
            "game {}",
            i + 1
        );
        assert_eq!(
            read.tree.mainline_annotations(),
            game.annotations,
            "game {}",
            i + 1
        );
        assert_eq!(read.result, game.result, "game {}", i + 1);
        let written = pgn::write_tree(&read.tags, &read.tree);
        let again =
            pgn::read_tree(&written).unwrap_or_else(|e| panic!("game {}: {e}\n{written}", i + 1));
        assert_eq!(again, read, "game {} changed through\n{written}", i + 1);
        assert_eq!(
            pgn::write_tree(&again.tags, &again.tree),
            written,
            "game {}",
            i + 1
        );
        if read.tree.len() == game.game.ply() {
            // Without variations, the tree is written exactly as the annotated game is.
            assert_eq!(
                written,
                pgn::write_annotated(&game.tags, &game.game, &game.annotations)
            );
        }
    }
}

#[test]
fn the_opera_games_variations_are_kept_with_their_comments() {
    let opera = &game_texts(FAMOUS)[0];
    let tree = pgn::read_tree(opera).expect("valid").tree;
    let written = movetext(&pgn::write_tree(&Tags::new(), &tree));
    assert!(
        written.contains(
            "3. d4 Bg4? { This is a weak move already. } (3... exd4 4. Qxd4 Nc6 5. Bb5) 4. dxe5"
        ),
        "{written}"
    );
    assert!(
        written.contains(
            "8. Nc3 ({ Also good is } 8. Qxb7 Qb4+ (8... Nc6??) 9. Qxb4 Bxb4+ 10. c3) 8... c6"
        ),
        "{written}"
    );
}

#[test]
fn playing_a_move_already_in_the_tree_reuses_its_node() {
    let mut tree = GameTree::new(Position::startpos());
    let e4 = play(&mut tree, GameTree::new(Position::startpos()).root(), "e4");
    let e5 = play(&mut tree, e4, "e5");
    let c5 = play(&mut tree, e4, "c5");
    assert_eq!(play(&mut tree, e4, "e5"), e5);
    assert_eq!(play(&mut tree, e4, "c5"), c5);
    assert_eq!(
        play(&mut tree, GameTree::new(Position::startpos()).root(), "e4"),
        e4
    );
    assert_eq!(tree.len(), 3);
    assert_eq!(tree.children(e4), Some(&[e5, c5][..]));
    let path = tree.path(c5).expect("live");
    assert_eq!(path.len(), 2);
    assert_eq!(tree.find(&path), Some(c5));
    assert_eq!(tree.find(&[]), Some(tree.root()));
    assert_eq!(tree.find(&path[1..]), None, "c5 is not a first move");
    assert_eq!(tree.parent(c5), Some(e4));
    assert_eq!(
        movetext(&pgn::write_tree(&Tags::new(), &tree)),
        "1. e4 e5 (1... c5) *"
    );
}

#[test]
fn a_move_that_is_not_legal_at_the_node_is_refused() {
    let mut tree = GameTree::new(Position::startpos());
    let e4 = play(&mut tree, GameTree::new(Position::startpos()).root(), "e4");
    let e2e4 = tree.node(e4).and_then(|n| n.m()).expect("a move");
    assert!(matches!(tree.play(e4, e2e4), Err(TreeError::Illegal(_))));
    assert_eq!(tree.len(), 1);
}

/// The study's opening with a few side lines, as the operations below start from.
fn sicilian_tree() -> (GameTree, [NodeId; 4]) {
    let read = pgn::read_tree("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) (1... e6) 2. Nf3 *")
        .expect("valid");
    let tree = read.tree;
    let e4 = tree.mainline()[0];
    let c5 = tree.children(e4).expect("e4")[1];
    let nc3 = tree.children(c5).expect("c5")[1];
    let nc6 = tree.children(nc3).expect("nc3")[0];
    (tree, [e4, c5, nc3, nc6])
}

#[test]
fn promoting_a_variation_raises_it_one_branching() {
    let (mut tree, [_, _, _, nc6]) = sicilian_tree();
    tree.promote(nc6).expect("live");
    assert_eq!(
        movetext(&pgn::write_tree(&Tags::new(), &tree)),
        "1. e4 e5 (1... c5 2. Nc3 (2. Nf3 d6) 2... Nc6) (1... e6) 2. Nf3 *"
    );
    tree.promote(nc6).expect("live");
    assert_eq!(
        movetext(&pgn::write_tree(&Tags::new(), &tree)),
        "1. e4 c5 (1... e5 2. Nf3) (1... e6) 2. Nc3 (2. Nf3 d6) 2... Nc6 *"
    );
    tree.promote(nc6)
        .expect("already the main line: nothing changes");
    assert_eq!(tree.nesting(nc6), 0);
}

#[test]
fn making_a_line_the_main_line_promotes_it_at_every_branching() {
    let (mut tree, [_, c5, nc3, nc6]) = sicilian_tree();
    tree.make_mainline(nc6).expect("live");
    assert_eq!(tree.mainline()[1..], [c5, nc3, nc6]);
    assert_eq!(
        movetext(&pgn::write_tree(&Tags::new(), &tree)),
        "1. e4 c5 (1... e5 2. Nf3) (1... e6) 2. Nc3 (2. Nf3 d6) 2... Nc6 *"
    );
    assert_eq!(tree.promote(tree.root()), Err(TreeError::Root));
}

#[test]
fn deleting_a_node_removes_its_line_and_forgets_its_ids() {
    let (mut tree, [e4, c5, nc3, nc6]) = sicilian_tree();
    let before = tree.len();
    tree.delete(nc3).expect("live");
    assert_eq!(tree.len(), before - 2);
    assert_eq!(
        movetext(&pgn::write_tree(&Tags::new(), &tree)),
        "1. e4 e5 (1... c5 2. Nf3 d6) (1... e6) 2. Nf3 *"
    );
    assert_eq!(tree.node(nc6).map(|_| ()), None);
    assert_eq!(tree.delete(nc3), Err(TreeError::UnknownNode));
    // A slot freed by the delete is reused; the old id still names nothing.
    let new = play(&mut tree, c5, "Nc3");
    assert_ne!(new, nc3);
    assert_eq!(tree.position(nc3), None);
    tree.delete(tree.children(e4).expect("e4")[0])
        .expect("live");
    assert_eq!(
        movetext(&pgn::write_tree(&Tags::new(), &tree)),
        "1. e4 c5 (1... e6) 2. Nf3 (2. Nc3) 2... d6 *"
    );
    assert_eq!(tree.delete(tree.root()), Err(TreeError::Root));
}

#[test]
fn an_illegal_move_in_a_variation_is_an_error_naming_it() {
    // 2. e5 would be legal after 1... d5, but it replaces 2. Nf3 after 1... e5, where e5 is taken.
    let error = pgn::read_tree("1. e4 e5 (1... d5) 2. Nf3 (2. e5) *").expect_err("illegal");
    match &error.kind {
        PgnErrorKind::Move {
            move_number: 2,
            color: Color::White,
            text,
            error: MoveTextError::Illegal(SanError::Illegal { .. } | SanError::Ambiguous { .. }),
        } if text == "e5" => {}
        other => panic!("unexpected {other:?}"),
    }
    assert!(error.to_string().contains("move 2. e5"), "{error}");
    // The main-line reader skips variations, so the same text reads as a game.
    assert!(pgn::read_game("1. e4 e5 (1... d5) 2. Nf3 (2. e5) *").is_ok());

    let error = pgn::read_tree("1. e4 e5 2. Nf3 (2. Nc3 Nc6 (2... Nxe4?)) *").expect_err("illegal");
    assert!(error.to_string().contains("move 2... Nxe4:"), "{error}");
}

#[test]
fn a_variation_that_repeats_the_main_move_merges_into_it() {
    let read =
        pgn::read_tree("1. e4 { a } ({ b } 1. e4 e5 { c }) (1. d4) 1... c5 *").expect("valid");
    let text = pgn::write_tree(&read.tags, &read.tree);
    assert_eq!(
        movetext(&text),
        "{ b } 1. e4 { a } (1. d4) 1... c5 (1... e5 { c }) *"
    );
    assert_eq!(pgn::read_tree(&text).expect("valid"), read);
}

#[test]
fn a_variation_with_no_move_before_it_is_skipped() {
    let read = pgn::read_tree("(1. d4 d5) 1. e4 ( ) e5 *").expect("valid");
    assert_eq!(read.tree.len(), 2);
    assert_eq!(
        movetext(&pgn::write_tree(&read.tags, &read.tree)),
        "1. e4 e5 *"
    );
}

/// A tree whose deepest line is `depth` side lines deep, every branching's main continuation
/// a single move, and the id of the deepest node.
fn nested_tree(depth: usize) -> (GameTree, NodeId) {
    let mut tree = GameTree::new(Position::startpos());
    let mut at = tree.root();
    let first = tree.position(at).expect("root").legal_moves()[0];
    at = tree.play(at, first).expect("legal");
    for _ in 0..depth {
        let parent = tree.parent(at).expect("a move");
        let side = tree.position(parent).expect("live").legal_moves()[1];
        let branch = tree.play(parent, side).expect("within bounds");
        let next = tree.position(branch).expect("live").legal_moves()[0];
        at = tree.play(branch, next).expect("within bounds");
    }
    (tree, at)
}

#[test]
fn side_lines_nested_too_deeply_are_a_typed_error() {
    let (mut tree, deepest) = nested_tree(MAX_VARIATION_DEPTH);
    assert_eq!(tree.nesting(deepest), MAX_VARIATION_DEPTH);
    let parent = tree.parent(deepest).expect("a move");
    let side = tree.position(parent).expect("live").legal_moves()[1];
    assert_eq!(tree.play(parent, side), Err(TreeError::TooDeep));
    let next = tree.position(deepest).expect("live").legal_moves()[0];
    tree.play(deepest, next)
        .expect("a main continuation nests no deeper");

    // Written and read back at the bound, it is the same tree.
    let text = pgn::write_tree(&Tags::new(), &tree);
    assert_eq!(pgn::read_tree(&text).expect("within bounds").tree, tree);

    // One level more in the text is an error naming the move.
    let pos = tree.position(parent).expect("live");
    let alt = SanPlus::from_move(pos, side).to_string();
    let number = match pos.turn() {
        Color::White => format!("{}.", pos.fullmove_number()),
        Color::Black => format!("{}...", pos.fullmove_number()),
    };
    let deepest_san = san_of(&tree, deepest);
    let next_san = san_of(&tree, tree.children(deepest).expect("live")[0]);
    let flat = text.replace('\n', " ");
    let at = flat
        .rfind(&format!(" {deepest_san} {next_san}"))
        .expect("the deepest move is written last, with its continuation")
        + 1
        + deepest_san.len();
    let deeper = format!("{} ({number} {alt}){}", &flat[..at], &flat[at..]);
    let error = pgn::read_tree(&deeper).expect_err("too deep");
    assert!(
        matches!(
            error.kind,
            PgnErrorKind::Move {
                error: MoveTextError::Tree(TreeError::TooDeep),
                ..
            }
        ),
        "{error}"
    );
    assert!(
        error.to_string().contains(&format!("{number} {alt}")),
        "{error}"
    );
}

#[test]
fn a_tree_holds_at_most_max_tree_nodes_moves() {
    let mut tree = GameTree::new(Position::startpos());
    let mut frontier = vec![tree.root()];
    'fill: loop {
        let mut next = Vec::new();
        for &at in &frontier {
            for m in tree.position(at).expect("live").legal_moves() {
                if tree.len() == MAX_TREE_NODES {
                    break 'fill;
                }
                next.push(tree.play(at, m).expect("within bounds"));
            }
        }
        frontier = next;
    }
    let at = *frontier.last().expect("moves");
    let m = tree.position(at).expect("live").legal_moves()[0];
    assert_eq!(tree.play(at, m), Err(TreeError::TooManyNodes));
    let at_move = tree.node(at).and_then(|n| n.m()).expect("a move");
    let at_parent = tree.parent(at).expect("a move");
    // A move already in the tree is still found.
    let e4 = tree.children(tree.root()).expect("root")[0];
    let m = tree.node(e4).and_then(|n| n.m()).expect("a move");
    assert_eq!(tree.play(tree.root(), m), Ok(e4));
    // After a delete there is room again.
    tree.delete(at).expect("live");
    assert_eq!(tree.len(), MAX_TREE_NODES - 1);
    assert!(tree.play(at_parent, at_move).is_ok());
}

#[test]
fn a_game_becomes_the_main_line_of_a_tree_and_back() {
    let read = pgn::read_game(&game_texts(FAMOUS)[0]).expect("valid");
    let tree = GameTree::from_game(&read.game, &read.annotations).expect("within bounds");
    assert_eq!(tree.len(), read.game.ply());
    assert_eq!(tree.to_game().expect("a game").moves(), read.game.moves());
    assert_eq!(tree.mainline_annotations(), read.annotations);
    assert_eq!(
        pgn::write_tree(&read.tags, &tree),
        pgn::write_annotated(&read.tags, &read.game, &read.annotations)
    );
}

/// A small deterministic generator (xorshift), so a failure names a seed to replay.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random tree: moves played from random nodes, some lines promoted or deleted, then NAGs,
/// comments and (on side lines, the only place PGN can say them) starting comments.
fn random_tree(rng: &mut Rng) -> GameTree {
    let mut tree = GameTree::new(Position::startpos());
    let mut ids = vec![tree.root()];
    for _ in 0..80 {
        let at = ids[rng.below(ids.len())];
        let Some(pos) = tree.position(at) else {
            continue;
        };
        match rng.below(10) {
            0 if at != tree.root() => tree.promote(at).expect("shallow trees stay in bounds"),
            1 if at != tree.root() && rng.below(3) == 0 => tree.delete(at).expect("live"),
            _ => {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    continue;
                }
                let m = moves[rng.below(moves.len())];
                ids.push(tree.play(at, m).expect("legal and in bounds"));
            }
        }
    }
    let root = tree.root();
    let words = ["good", "[%eval 0.35]", "a longer comment that wraps", "!?"];
    for &id in &ids {
        let Some(node) = tree.node(id) else {
            continue;
        };
        let is_side_line = node
            .parent()
            .is_some_and(|p| tree.children(p).expect("live")[0] != id);
        let annotation = tree.annotation_mut(id).expect("live");
        if id != root && rng.below(4) == 0 {
            annotation.nags.push(Nag(rng.below(20) as u8));
        }
        if rng.below(4) == 0 {
            annotation
                .comments
                .push(words[rng.below(words.len())].parse().expect("a comment"));
        }
        if is_side_line && rng.below(4) == 0 {
            let starting = tree.starting_comments_mut(id).expect("live");
            starting.push(words[rng.below(words.len())].parse().expect("a comment"));
        }
    }
    tree
}

#[test]
fn random_trees_write_and_read_back_unchanged() {
    for seed in 1..=200u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let tree = random_tree(&mut rng);
        let written = pgn::write_tree(&Tags::new(), &tree);
        let read =
            pgn::read_tree(&written).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{written}"));
        assert_eq!(read.tree, tree, "seed {seed}:\n{written}");
        assert_eq!(
            pgn::write_tree(&read.tags, &read.tree),
            written,
            "seed {seed}"
        );
    }
}
