//! Turns a stream of PGN tokens into games, one at a time.

use std::io::{self, BufRead};

use super::budget::AnnotationBudget;
use super::error::{MoveTextError, PgnError, PgnErrorKind};
use super::lexer::{Lexer, Symbol, Token};
use super::variations::TreeBuilder;
use super::{Annotations, Comment, MoveAnnotation, Nag, PgnGame, PgnTree, Tags};
use crate::{CastlingMode, Color, DrawRule, Game, GameResult, GameTree, PlayError, Position, San};

/// The most plies a game may have: more than any legal game under the 75-move rule, so it only
/// stops hostile input from growing a game without bound.
pub const MAX_PLIES: usize = 20_000;
/// The most tags a game may have.
pub const MAX_TAGS: usize = 256;

/// Reads the first game of a PGN text.
///
/// ```
/// let game = alphachess_engine::pgn::read_game("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")?;
/// assert!(game.game.position().is_checkmate());
/// # Ok::<(), alphachess_engine::pgn::PgnError>(())
/// ```
pub fn read_game(text: &str) -> Result<PgnGame, PgnError> {
    Reader::new(text.as_bytes()).next().unwrap_or(Err(PgnError {
        game: 1,
        line: 1,
        kind: PgnErrorKind::NoGame,
    }))
}

/// Reads the first game of a PGN text with its variations, as a move tree.
///
/// The main line is read as [`read_game`] reads it (the same errors, the same result); each
/// variation's moves are checked legal from the position before the move it replaces, and
/// its comments and NAGs are kept (comments before its first move as that move's
/// [starting comments](crate::Node::starting_comments)). A variation with no move before it
/// is skipped. A move that would take the tree past [`MAX_TREE_NODES`](crate::MAX_TREE_NODES)
/// or [`MAX_VARIATION_DEPTH`](crate::MAX_VARIATION_DEPTH) is an error naming it.
///
/// ```
/// let text = "1. e4 e5 (1... c5 { Sicilian } 2. Nf3) 2. Nf3 *";
/// let read = alphachess_engine::pgn::read_tree(text)?;
/// let tree = &read.tree;
/// let e4 = tree.mainline()[0];
/// let c5 = tree.children(e4).expect("e4 is in the tree")[1];
/// assert_eq!(tree.node(c5).expect("c5 is in the tree").comments()[0].as_str(), "Sicilian");
/// # Ok::<(), alphachess_engine::pgn::PgnError>(())
/// ```
pub fn read_tree(text: &str) -> Result<PgnTree, PgnError> {
    let mut reader = Reader::new(text.as_bytes());
    reader.variations = true;
    match reader.read_next() {
        Ok(Some((game, tree))) => Ok(PgnTree {
            tags: game.tags,
            tree: tree.expect("a reader of variations builds the tree"),
            result: game.result,
        }),
        Ok(None) => Err(PgnError {
            game: 1,
            line: 1,
            kind: PgnErrorKind::NoGame,
        }),
        Err(error) => Err(error),
    }
}

/// Reads the games of a PGN stream one by one, holding only the current game in memory.
///
/// A game that cannot be read yields an `Err` and the reader goes on with the next game; an I/O
/// error ends the iteration.
///
/// ```
/// use std::io::BufReader;
/// use alphachess_engine::pgn::Reader;
///
/// let file = "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 d5 *\n";
/// let games: Vec<_> = Reader::new(BufReader::new(file.as_bytes())).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].game.moves().len(), 2);
/// # Ok::<(), alphachess_engine::pgn::PgnError>(())
/// ```
pub struct Reader<R> {
    lexer: Lexer<R>,
    /// A token read past the end of the previous game (the next game's first tag).
    pending: Option<Token>,
    games: usize,
    failed: bool,
    /// Whether to read each game's variations into a tree too.
    variations: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader of the games in `src`.
    pub fn new(src: R) -> Reader<R> {
        Reader {
            lexer: Lexer::new(src),
            pending: None,
            games: 0,
            failed: false,
            variations: false,
        }
    }

    fn next_token(&mut self) -> io::Result<Option<Token>> {
        match self.pending.take() {
            Some(token) => Ok(Some(token)),
            None => self.lexer.next_token(),
        }
    }

    fn io_error(&mut self, error: io::Error) -> PgnError {
        self.failed = true;
        PgnError {
            game: self.games.max(1),
            line: self.lexer.line(),
            kind: PgnErrorKind::Io(error),
        }
    }

    /// Reads tokens up to the end of the next game: its result token at the top level, the next
    /// game's first tag, or the end of input.
    fn read_next(&mut self) -> Result<Option<(PgnGame, Option<GameTree>)>, PgnError> {
        let mut game = GameBuilder::new(self.games + 1, self.variations);
        let mut token = loop {
            match self.next_token() {
                Err(error) => return Err(self.io_error(error)),
                Ok(None) => return Ok(None),
                // Stray closing parentheses and NAGs between games start nothing.
                Ok(Some(Token::CloseVariation | Token::Nag(_))) => continue,
                // Nor do comments: they open a game without tags, if one follows.
                Ok(Some(Token::Comment(comment))) => game.comment(comment),
                Ok(Some(token)) => break token,
            }
        };
        self.games += 1;
        if matches!(token, Token::Tag { .. }) {
            // Comments before a game's tags follow the previous game: they belong to neither.
            game = GameBuilder::new(self.games, self.variations);
        }
        loop {
            let line = self.lexer.line();
            match token {
                Token::Tag { name, value } if game.in_tags() => game.tag(name, value, line),
                Token::Tag { .. } => {
                    self.pending = Some(token);
                    break;
                }
                Token::Result(result) if game.depth == 0 => {
                    game.start_moves(line);
                    game.result_token = Some(result);
                    break;
                }
                Token::Result(_) => {}
                Token::OpenVariation => {
                    game.start_moves(line);
                    game.depth = game.depth.saturating_add(1);
                    game.with_tree(TreeBuilder::open_variation);
                }
                Token::CloseVariation => {
                    game.depth = game.depth.saturating_sub(1);
                    game.with_tree(TreeBuilder::close_variation);
                }
                Token::MoveNumber => game.start_moves(line),
                Token::Symbol(symbol) => {
                    game.start_moves(line);
                    if game.depth == 0 {
                        game.play(&symbol, line);
                    }
                    game.play_in_tree(&symbol, line);
                }
                Token::Comment(comment) => {
                    game.with_tree(|tree| tree.comment(comment.clone()));
                    game.comment(comment);
                }
                Token::Nag(nag) => {
                    game.with_tree(|tree| tree.nag(nag));
                    game.nag(nag);
                }
            }
            token = match self.next_token() {
                Err(error) => return Err(self.io_error(error)),
                Ok(None) => break,
                Ok(Some(token)) => token,
            };
        }
        let line = self.lexer.line();
        game.finish(line).map(Some)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        self.read_next()
            .map(|read| read.map(|(game, _)| game))
            .transpose()
    }
}

/// One game being read: its tags, then its moves; the first error stops the moves but not the
/// reading, so that the next game starts in the right place.
struct GameBuilder {
    number: usize,
    tags: Tags,
    /// `None` while the tags are being read.
    game: Option<Game>,
    depth: u32,
    result_token: Option<GameResult>,
    error: Option<PgnError>,
    annotations: Annotations,
    /// What the annotations kept so far count against [`super::MAX_ANNOTATION_BYTES`].
    budget: AnnotationBudget,
    /// Whether to build the tree.
    variations: bool,
    /// The tree with the variations, once the moves start (if asked for).
    tree: Option<TreeBuilder>,
}

impl GameBuilder {
    fn new(number: usize, variations: bool) -> GameBuilder {
        GameBuilder {
            number,
            tags: Tags::new(),
            game: None,
            depth: 0,
            result_token: None,
            error: None,
            annotations: Annotations::new(),
            budget: AnnotationBudget::default(),
            variations,
            tree: None,
        }
    }

    /// Applies `f` to the tree, if one is being built and nothing has gone wrong.
    fn with_tree(&mut self, f: impl FnOnce(&mut TreeBuilder)) {
        if self.error.is_none() {
            if let Some(tree) = self.tree.as_mut() {
                f(tree);
            }
        }
    }

    /// Plays a move of any line in the tree, if one is being built.
    fn play_in_tree(&mut self, symbol: &Symbol, line: u64) {
        let Some(tree) = self.tree.as_mut() else {
            return;
        };
        if self.error.is_some() {
            return;
        }
        if let Err(kind) = tree.play(symbol) {
            self.fail(line, kind);
        }
    }

    /// The moves played so far.
    fn ply(&self) -> usize {
        self.game.as_ref().map_or(0, Game::ply)
    }

    /// Keeps a main-line comment: before the first move, or after the last move played.
    fn comment(&mut self, comment: Comment) {
        if self.depth > 0 || !self.budget.spend_comment(&comment) {
            return;
        }
        match self.ply() {
            0 => self.annotations.before.push(comment),
            ply => self.annotations.of_move_mut(ply - 1).comments.push(comment),
        }
    }

    /// Keeps a main-line NAG for the last move played (one before any move annotates nothing).
    fn nag(&mut self, nag: Nag) {
        let ply = self.ply();
        if self.depth > 0 || ply == 0 || !self.budget.spend(1) {
            return;
        }
        self.annotations.of_move_mut(ply - 1).nags.push(nag);
    }

    fn in_tags(&self) -> bool {
        self.game.is_none()
    }

    fn fail(&mut self, line: u64, kind: PgnErrorKind) {
        if self.error.is_none() {
            self.error = Some(PgnError {
                game: self.number,
                line,
                kind,
            });
        }
    }

    fn tag(&mut self, name: String, value: String, line: u64) {
        if self.tags.len() >= MAX_TAGS && self.tags.get(&name).is_none() {
            self.fail(line, PgnErrorKind::TooManyTags);
        } else {
            self.tags.set(name, value);
        }
    }

    /// Ends the tags: sets up the start position from `FEN` (with or without `SetUp`).
    ///
    /// The game follows [`DrawRule::ByClaim`]: over the board, threefold repetition and the
    /// fifty-move rule only end a game when a player claims them, and real games play on past them.
    fn start_moves(&mut self, line: u64) {
        if self.game.is_some() {
            return;
        }
        let mode = if self.tags.get("Variant").is_some_and(is_chess960_variant) {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let start = match self.tags.get("FEN") {
            None => Ok(Position::startpos()),
            Some(fen) => Position::from_fen(fen).map_err(|error| PgnErrorKind::InvalidFen {
                fen: fen.to_owned(),
                error,
            }),
        };
        let start = start.map(|pos| match mode {
            CastlingMode::Chess960 => pos
                .with_castling_mode(CastlingMode::Chess960)
                .expect("any position can be read as Chess960"),
            CastlingMode::Standard => pos,
        });
        let start = start.unwrap_or_else(|kind| {
            self.fail(line, kind);
            Position::startpos()
        });
        if self.variations {
            let mut tree = GameTree::new(start.clone());
            let root = tree.annotation_mut(tree.root()).expect("the root is live");
            root.comments = self.annotations.before.clone();
            self.tree = Some(TreeBuilder::new(tree));
        }
        self.game = Some(Game::new(start).with_draw_rule(DrawRule::ByClaim));
    }

    fn play(&mut self, symbol: &Symbol, line: u64) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if self.error.is_some() {
            return;
        }
        let pos = game.position();
        let (move_number, color) = (pos.fullmove_number(), pos.turn());
        let played = if game.ply() >= MAX_PLIES {
            Err(MoveTextError::TooLong)
        } else {
            play_symbol(game, symbol)
        };
        if let Err(error) = played {
            self.fail(
                line,
                PgnErrorKind::Move {
                    move_number,
                    color,
                    text: symbol.text(),
                    error,
                },
            );
        }
    }

    fn finish(mut self, line: u64) -> Result<(PgnGame, Option<GameTree>), PgnError> {
        self.start_moves(line);
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut game = self.game.expect("start_moves sets the game up");
        if game.outcome().is_none() {
            let stated = self
                .result_token
                .or_else(|| self.tags.get("Result").and_then(|r| r.parse().ok()));
            match stated {
                Some(GameResult::WhiteWins) => game.resign(Color::Black),
                Some(GameResult::BlackWins) => game.resign(Color::White),
                // A draw where one could be claimed was claimed; any other was agreed.
                Some(GameResult::Draw) => {
                    if game.claim_draw().is_err() {
                        game.agree_draw();
                    }
                }
                Some(GameResult::Ongoing) | None => {}
            }
        }
        let result = game.result();
        let tags = self.tags.canonical(game.initial_position(), result);
        let mut annotations = self.annotations;
        annotations
            .moves
            .resize_with(game.ply(), MoveAnnotation::default);
        let game = PgnGame {
            tags,
            game,
            result,
            annotations,
        };
        Ok((game, self.tree.map(|tree| tree.tree)))
    }
}

/// Parses `symbol` as SAN and plays it.
fn play_symbol(game: &mut Game, symbol: &Symbol) -> Result<(), MoveTextError> {
    let bytes = symbol
        .bytes()
        .ok_or(MoveTextError::Syntax(crate::ParseSanError))?;
    let san = San::from_ascii(bytes).map_err(MoveTextError::Syntax)?;
    let m = san.to_move(game.position()).map_err(|error| {
        // After checkmate or stalemate no move is legal: say why rather than "illegal".
        if game.outcome().is_some() {
            MoveTextError::Play(PlayError::GameOver)
        } else {
            MoveTextError::Illegal(error)
        }
    })?;
    game.play(m).map_err(MoveTextError::Play)
}

/// Whether a `Variant` tag names Chess960, in the spellings seen in the wild ("Chess960",
/// "chess 960", "Fischerandom", "Fischer Random", "960").
fn is_chess960_variant(name: &str) -> bool {
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    matches!(
        name.as_str(),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc"
    )
}
