//! The board as lines of text: a pure function of a [`GameView`] and a [`Style`].
//!
//! Each square is three characters wide, so that without colours a mark fits around the piece:
//! `[N]` on the squares of the last move, `!K!` on a king in check. With colours the marks are
//! backgrounds instead (ANSI 256-colour escapes, which every current terminal understands).

use alphachess_engine::{Color, FenError, File, Piece, Position, Rank, Role, Square};

use crate::view::GameView;

/// Which characters draw the pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glyphs {
    /// ♔♕♖♗♘♙ for white, ♚♛♜♝♞♟ for black.
    Unicode,
    /// `KQRBNP` for white, `kqrbnp` for black, as in a FEN.
    Ascii,
}

/// How to draw a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub glyphs: Glyphs,
    /// ANSI colours (only when the output is a terminal that wants them).
    pub color: bool,
    /// The side at the bottom of the board.
    pub bottom: Color,
}

/// What a square is marked with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    LastMove,
    Check,
}

const RESET: &str = "\x1b[0m";
const LIGHT: u8 = 180;
const DARK: u8 = 137;
const LIGHT_LAST_MOVE: u8 = 186;
const DARK_LAST_MOVE: u8 = 143;
const CHECK: u8 = 167;
const WHITE_PIECE: u8 = 231;
const BLACK_PIECE: u8 = 16;

/// The board of `view` as lines (no trailing newlines), files labelled above and below and ranks
/// on both sides.
pub fn render(view: &GameView, style: Style) -> Result<Vec<String>, FenError> {
    let position = view.position()?;
    let check = view.check.then(|| position.king_of(position.turn()));
    let last = view.last_move.as_ref().map(|m| [m.from, m.to]);
    Ok(render_position(&position, check, last, style))
}

/// The board of `position` as lines, the king on `check` and the squares of `last` marked (the
/// review's retry shows positions that are not a game's current one).
pub fn render_position(
    position: &Position,
    check: Option<Square>,
    last: Option<[Square; 2]>,
    style: Style,
) -> Vec<String> {
    let mark = |square: Square| {
        if check == Some(square) {
            Mark::Check
        } else if last.is_some_and(|squares| squares.contains(&square)) {
            Mark::LastMove
        } else {
            Mark::None
        }
    };
    let files = files_from_left(style.bottom);
    let labels: String = files.iter().map(|f| format!(" {} ", f.char())).collect();
    let header = format!("  {labels}");
    let mut lines = vec![header.clone()];
    for rank in ranks_from_top(style.bottom) {
        let cells: String = files
            .iter()
            .map(|&file| {
                let square = Square::new(file, rank);
                cell(position.piece_at(square), square, mark(square), style)
            })
            .collect();
        let reset = if style.color { RESET } else { "" };
        lines.push(format!("{r} {cells}{reset} {r}", r = rank.char()));
    }
    lines.push(header);
    lines
}

fn files_from_left(bottom: Color) -> Vec<File> {
    match bottom {
        Color::White => File::ALL.to_vec(),
        Color::Black => File::ALL.iter().rev().copied().collect(),
    }
}

fn ranks_from_top(bottom: Color) -> Vec<Rank> {
    match bottom {
        Color::White => Rank::ALL.iter().rev().copied().collect(),
        Color::Black => Rank::ALL.to_vec(),
    }
}

/// One square, three characters wide (plus escapes when coloured).
fn cell(piece: Option<Piece>, square: Square, mark: Mark, style: Style) -> String {
    if style.color {
        let background = match (mark, square.is_light()) {
            (Mark::Check, _) => CHECK,
            (Mark::LastMove, true) => LIGHT_LAST_MOVE,
            (Mark::LastMove, false) => DARK_LAST_MOVE,
            (Mark::None, true) => LIGHT,
            (Mark::None, false) => DARK,
        };
        let (foreground, glyph) = match piece {
            // Solid glyphs for both sides, told apart by their colour: white's outline glyphs,
            // drawn in white on the tan squares, were hairlines that hardly showed.
            // Letters keep their case (white's capitals), so colour is never the only sign.
            Some(piece) => (
                piece.color.fold_wb(WHITE_PIECE, BLACK_PIECE),
                match style.glyphs {
                    Glyphs::Unicode => glyph(
                        Piece {
                            color: Color::Black,
                            role: piece.role,
                        },
                        style.glyphs,
                    ),
                    Glyphs::Ascii => glyph(piece, style.glyphs),
                },
            ),
            None => (BLACK_PIECE, ' '),
        };
        format!("\x1b[48;5;{background};38;5;{foreground}m {glyph} ")
    } else {
        let glyph = piece.map_or_else(|| empty(style.glyphs), |p| glyph(p, style.glyphs));
        match mark {
            Mark::None => format!(" {glyph} "),
            Mark::LastMove => format!("[{glyph}]"),
            Mark::Check => format!("!{glyph}!"),
        }
    }
}

fn empty(glyphs: Glyphs) -> char {
    match glyphs {
        Glyphs::Unicode => '·',
        Glyphs::Ascii => '.',
    }
}

fn glyph(piece: Piece, glyphs: Glyphs) -> char {
    match glyphs {
        Glyphs::Ascii => piece.char(),
        Glyphs::Unicode => {
            let (white, black) = match piece.role {
                Role::King => ('♔', '♚'),
                Role::Queen => ('♕', '♛'),
                Role::Rook => ('♖', '♜'),
                Role::Bishop => ('♗', '♝'),
                Role::Knight => ('♘', '♞'),
                Role::Pawn => ('♙', '♟'),
            };
            piece.color.fold_wb(white, black)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{LastMove, Status};

    fn view(fen: &str, last_move: Option<(&str, &str)>, check: bool) -> GameView {
        GameView {
            version: 0,
            id: "test".into(),
            fen: fen.into(),
            initial_fen: fen.into(),
            player_color: Color::White,
            turn: Color::White,
            ply: 0,
            level: 8,
            status: Status::Ongoing,
            result: "*".into(),
            reason: None,
            winner: None,
            check,
            last_move: last_move.map(|(from, to)| LastMove {
                san: String::new(),
                from: from.parse().expect("a square"),
                to: to.parse().expect("a square"),
            }),
            moves: Vec::new(),
            legal_moves: Vec::new(),
            engine_thinking: false,
            can_take_back: false,
            players: None,
            rated: false,
        }
    }

    const START_FEN_FOR_TEST: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn plain(glyphs: Glyphs, bottom: Color) -> Style {
        Style {
            glyphs,
            color: false,
            bottom,
        }
    }

    const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

    #[test]
    fn the_board_in_unicode_shows_white_at_the_bottom_and_marks_the_last_move() {
        let lines = render(
            &view(AFTER_E4, Some(("e2", "e4")), false),
            plain(Glyphs::Unicode, Color::White),
        )
        .expect("a board");
        let expected = [
            "   a  b  c  d  e  f  g  h ",
            "8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8",
            "7  ♟  ♟  ♟  ♟  ♟  ♟  ♟  ♟  7",
            "6  ·  ·  ·  ·  ·  ·  ·  ·  6",
            "5  ·  ·  ·  ·  ·  ·  ·  ·  5",
            "4  ·  ·  ·  · [♙] ·  ·  ·  4",
            "3  ·  ·  ·  ·  ·  ·  ·  ·  3",
            "2  ♙  ♙  ♙  ♙ [·] ♙  ♙  ♙  2",
            "1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1",
            "   a  b  c  d  e  f  g  h ",
        ];
        assert_eq!(lines, expected);
    }

    #[test]
    fn the_board_in_ascii_flipped_for_black_shows_rank_one_on_top() {
        let lines = render(
            &view(AFTER_E4, Some(("e2", "e4")), false),
            plain(Glyphs::Ascii, Color::Black),
        )
        .expect("a board");
        let expected = [
            "   h  g  f  e  d  c  b  a ",
            "1  R  N  B  K  Q  B  N  R  1",
            "2  P  P  P [.] P  P  P  P  2",
            "3  .  .  .  .  .  .  .  .  3",
            "4  .  .  . [P] .  .  .  .  4",
            "5  .  .  .  .  .  .  .  .  5",
            "6  .  .  .  .  .  .  .  .  6",
            "7  p  p  p  p  p  p  p  p  7",
            "8  r  n  b  k  q  b  n  r  8",
            "   h  g  f  e  d  c  b  a ",
        ];
        assert_eq!(lines, expected);
    }

    #[test]
    fn a_king_in_check_is_marked_apart_from_the_last_move() {
        // Fool's mate: the queen's move to h4 gives check (mate) to the white king on e1.
        let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let lines = render(
            &view(fen, Some(("d8", "h4")), true),
            plain(Glyphs::Ascii, Color::White),
        )
        .expect("a board");
        let expected = [
            "   a  b  c  d  e  f  g  h ",
            "8  r  n  b [.] k  b  n  r  8",
            "7  p  p  p  p  .  p  p  p  7",
            "6  .  .  .  .  .  .  .  .  6",
            "5  .  .  .  .  p  .  .  .  5",
            "4  .  .  .  .  .  .  P [q] 4",
            "3  .  .  .  .  .  P  .  .  3",
            "2  P  P  P  P  P  .  .  P  2",
            "1  R  N  B  Q !K! B  N  R  1",
            "   a  b  c  d  e  f  g  h ",
        ];
        assert_eq!(lines, expected);
    }

    #[test]
    fn colours_paint_squares_and_marks_as_backgrounds() {
        let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let style = Style {
            glyphs: Glyphs::Unicode,
            color: true,
            bottom: Color::White,
        };
        let lines = render(&view(fen, Some(("d8", "h4")), true), style).expect("a board");
        // a1 is dark with a white rook; e1 holds the checked king; h4 the queen that moved.
        assert!(lines[8].starts_with("1 \x1b[48;5;137;38;5;231m ♜ "));
        assert!(lines[8].contains("\x1b[48;5;167;38;5;231m ♚ "));
        assert!(lines[8].ends_with("\x1b[0m 1"));
        assert!(lines[5].ends_with("\x1b[48;5;143;38;5;16m ♛ \x1b[0m 4"));
        assert!(
            lines[1].contains("\x1b[48;5;143;38;5;16m   "),
            "d8 (dark) emptied"
        );
    }

    #[test]
    fn colour_mode_draws_both_sides_solid_so_white_shows_on_light_squares() {
        let style = Style {
            glyphs: Glyphs::Unicode,
            color: true,
            bottom: Color::White,
        };
        let lines = render(&view(START_FEN_FOR_TEST, None, false), style).expect("a board");
        for outline in ['♔', '♕', '♖', '♗', '♘', '♙'] {
            assert!(
                lines.iter().all(|line| !line.contains(outline)),
                "{outline} drawn"
            );
        }
        // White's pieces in white (231), black's in black (16), the same solid glyph.
        assert!(lines[7].contains("38;5;231m ♟ "));
        assert!(lines[2].contains("38;5;16m ♟ "));
        let ascii = Style {
            glyphs: Glyphs::Ascii,
            ..style
        };
        let lines = render(&view(START_FEN_FOR_TEST, None, false), ascii).expect("a board");
        assert!(
            lines[7].contains("38;5;231m P "),
            "ASCII keeps white's capitals"
        );
    }

    #[test]
    fn a_position_the_engine_cannot_read_is_an_error_not_a_panic() {
        let style = plain(Glyphs::Ascii, Color::White);
        assert!(render(&view("not a fen", None, false), style).is_err());
    }
}
