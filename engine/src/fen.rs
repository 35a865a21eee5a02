//! FEN: parsing (with validation of the position) and writing.

use std::fmt;
use std::str::FromStr;

use crate::{
    Bitboard, CastlingMode, CastlingRights, CastlingSide, Color, File, Piece, Position, Rank, Role,
    Square,
};

/// The FEN of the standard starting position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The most pieces, king included, a side may have in an accepted position; what a game can
/// reach, and what [`MAX_MOVES`](crate::MAX_MOVES) is derived from.
pub(crate) const MAX_PIECES_PER_SIDE: usize = 16;
/// The most pawns a side may have in an accepted position.
const MAX_PAWNS_PER_SIDE: usize = 8;

/// Why a FEN was refused: either its text is malformed, or it describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The FEN does not have 4 to 6 space-separated fields.
    WrongFieldCount,
    /// The piece placement field is malformed (bad letter, rank too long or short, not 8 ranks).
    InvalidBoard,
    /// The side-to-move field is not "w" or "b".
    InvalidTurn,
    /// The castling field is not "-", letters of "KQkq" (X-FEN) or rook files "A".."H" /
    /// "a".."h" (Shredder-FEN), each right at most once.
    InvalidCastling,
    /// The en-passant field is not "-" or a square name.
    InvalidEnPassant,
    /// The halfmove clock is not a number.
    InvalidHalfmoveClock,
    /// The fullmove number is not a positive number.
    InvalidFullmoveNumber,
    /// A side has no king.
    NoKing,
    /// A side has more than one king.
    TooManyKings,
    /// A pawn stands on the first or last rank.
    PawnOnBackRank,
    /// The side not to move is in check.
    OppositeCheck,
    /// The side to move is in check from more than two pieces, which no single move can give.
    ImpossibleCheck,
    /// A castling right without the king on its back rank and a rook of its side to castle with.
    BadCastlingRights,
    /// Standard castling was asked for a position whose castling rights have the king or a rook
    /// off its standard square: only Chess960 can castle there.
    NeedsChess960,
    /// Castling rights that no start position gives: a right of a king on the a- or h-file
    /// (every start, Chess960's included, has the king between its two rooks).
    ImpossibleCastlingRights,
    /// An en-passant square that no double pawn push can have produced.
    BadEnPassant,
    /// More than 16 pieces or more than 8 pawns on one side.
    TooManyPieces,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenError::WrongFieldCount => "invalid fen: expected 4 to 6 space-separated fields",
            FenError::InvalidBoard => "invalid fen: malformed piece placement",
            FenError::InvalidTurn => "invalid fen: side to move must be w or b",
            FenError::InvalidCastling => {
                "invalid fen: castling must be -, a subset of KQkq or rook files (AHah)"
            }
            FenError::InvalidEnPassant => "invalid fen: en-passant field must be - or a square",
            FenError::InvalidHalfmoveClock => "invalid fen: halfmove clock is not a number",
            FenError::InvalidFullmoveNumber => {
                "invalid fen: fullmove number is not a positive number"
            }
            FenError::NoKing => "impossible position: a side has no king",
            FenError::TooManyKings => "impossible position: a side has more than one king",
            FenError::PawnOnBackRank => "impossible position: pawn on the first or last rank",
            FenError::OppositeCheck => "impossible position: the side not to move is in check",
            FenError::ImpossibleCheck => "impossible position: no legal move can give this check",
            FenError::BadCastlingRights => {
                "impossible position: castling rights without king and rook on their squares"
            }
            FenError::NeedsChess960 => {
                "these castling rights have the king or a rook off its standard square: Chess960 only"
            }
            FenError::ImpossibleCastlingRights => {
                "impossible position: no start position gives these castling rights (a castling king stands between its rooks, on the b- to g-file)"
            }
            FenError::BadEnPassant => {
                "impossible position: en-passant square without a pawn that just moved two squares"
            }
            FenError::TooManyPieces => {
                "impossible position: more than 16 pieces or 8 pawns on one side"
            }
        })
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Parses a FEN (the move counters may be omitted, as in EPD) and checks that the position
    /// is possible.
    ///
    /// ```
    /// use alphachess_engine::{FenError, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K -").expect("valid");
    /// assert_eq!(pos.count_legal_moves(), 15);
    /// assert_eq!(Position::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1"), Err(FenError::NoKing));
    /// ```
    ///
    /// The castling field may be standard (`KQkq`), X-FEN (`K`/`Q` for the outermost rook on
    /// that side, a file letter for an inner one) or Shredder-FEN (`HAha`, rook files). The
    /// position is in Chess960 mode when a right needs it (king off e1/e8 or rook out of its
    /// corner) or when the field names rook files; see [`Position::from_fen_with_mode`] to
    /// choose.
    ///
    /// ```
    /// use alphachess_engine::{CastlingMode, Position};
    /// let pos = Position::from_fen("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1")?;
    /// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    /// assert_eq!(pos.to_shredder_fen(), "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1");
    /// # Ok::<(), alphachess_engine::FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::WrongFieldCount);
        }
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::InvalidTurn),
        };
        parse_castling(&mut pos, fields[2])?;
        pos.ep_square = match fields[3] {
            "-" => None,
            text => Some(text.parse().map_err(|_| FenError::InvalidEnPassant)?),
        };
        if let Some(text) = fields.get(4) {
            pos.halfmove_clock = text.parse().map_err(|_| FenError::InvalidHalfmoveClock)?;
        }
        if let Some(text) = fields.get(5) {
            pos.fullmove_number = text.parse().map_err(|_| FenError::InvalidFullmoveNumber)?;
            if pos.fullmove_number == 0 {
                return Err(FenError::InvalidFullmoveNumber);
            }
        }
        validate(&pos)?;
        if pos.needs_chess960() {
            pos.chess960 = true;
        }
        pos.zobrist = pos.compute_zobrist();
        Ok(pos)
    }

    /// [`Position::from_fen`] in a given castling mode: a Chess960 game starting from the
    /// standard setup (number 518) writes its castling king-takes-rook all the same.
    pub fn from_fen_with_mode(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        Position::from_fen(fen)?.with_castling_mode(mode)
    }

    /// The FEN with Shredder-FEN castling: each right as its rook's file (`HAha`).
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(|pos, color, side, rook| {
            let _ = (pos, color, side);
            rook.file().char()
        })
    }

    /// The FEN with X-FEN castling (`KQkq` for the outermost rooks, a file letter for an inner
    /// one); the same as [`Position::to_fen`] in standard chess.
    pub fn to_xfen(&self) -> String {
        self.fen_with(xfen_letter)
    }

    /// The FEN of this position, with move counters. In Chess960 the castling rights are
    /// written as X-FEN, which is the standard field whenever the rooks are the outermost ones.
    pub fn to_fen(&self) -> String {
        self.to_xfen()
    }

    /// The FEN, writing each castling right with `letter` (given the colour's case later).
    fn fen_with(&self, letter: impl Fn(&Position, Color, CastlingSide, Square) -> char) -> String {
        let mut fen = String::with_capacity(90);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::new(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank != Rank::First {
                fen.push('/');
            }
        }
        let ep = self
            .ep_square
            .map_or_else(|| "-".to_string(), |sq| sq.to_string());
        let mut castling = String::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling_rook(color, side) {
                    let c = letter(self, color, side, rook);
                    castling.push(match color {
                        Color::White => c.to_ascii_uppercase(),
                        Color::Black => c.to_ascii_lowercase(),
                    });
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        fen.push_str(&format!(
            " {} {} {} {} {}",
            self.turn.char(),
            castling,
            ep,
            self.halfmove_clock,
            self.fullmove_number
        ));
        fen
    }
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}

/// Fills the board from the piece placement field, rank 8 first.
fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::InvalidBoard);
    }
    for (text, rank) in ranks.iter().zip(Rank::ALL.into_iter().rev()) {
        let mut file = 0;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip;
            } else {
                let piece = Piece::from_char(c).ok_or(FenError::InvalidBoard)?;
                let square = File::new(file).ok_or(FenError::InvalidBoard)?;
                pos.toggle(piece.color, piece.role, Square::new(square, rank));
                file += 1;
            }
            if file > 8 {
                return Err(FenError::InvalidBoard);
            }
        }
        if file != 8 {
            return Err(FenError::InvalidBoard);
        }
    }
    Ok(())
}

/// The X-FEN letter of a right: `K`/`Q` when its rook is the outermost of its colour on that
/// side of the king, else the rook's file.
fn xfen_letter(pos: &Position, color: Color, side: CastlingSide, rook: Square) -> char {
    match outermost_rook(pos, color, side) {
        Some(outer) if outer == rook => match side {
            CastlingSide::KingSide => 'K',
            CastlingSide::QueenSide => 'Q',
        },
        _ => rook.file().char(),
    }
}

/// The rook of `color` on its back rank farthest from its king towards `side`.
fn outermost_rook(pos: &Position, color: Color, side: CastlingSide) -> Option<Square> {
    let king = pos.king_of(color);
    let back = color.fold_wb(Rank::First, Rank::Eighth);
    if king.rank() != back {
        return None;
    }
    let rooks = pos.by_piece(Piece {
        color,
        role: Role::Rook,
    }) & Bitboard::from_rank(back);
    let files: Vec<File> = match side {
        CastlingSide::KingSide => File::ALL.into_iter().rev().collect(),
        CastlingSide::QueenSide => File::ALL.into_iter().collect(),
    };
    files
        .into_iter()
        .take_while(|&file| file != king.file())
        .map(|file| Square::new(file, back))
        .find(|&square| rooks.contains(square))
}

/// Parses "-", X-FEN (`KQkq` and file letters) or Shredder-FEN (`HAha`) against the board:
/// `K`/`Q` name the outermost rook on that side of the king, a file letter the rook on that
/// file. Each right at most once; a right without its king on the back rank or its rook is
/// [`FenError::BadCastlingRights`]. File letters put the position in Chess960 mode.
fn parse_castling(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    // The kings are needed to decide the sides; a FEN without them fails validation anyway.
    if (pos.by_role[Role::King] & pos.by_color[Color::White]).is_empty()
        || (pos.by_role[Role::King] & pos.by_color[Color::Black]).is_empty()
    {
        return Err(FenError::NoKing);
    }
    // Syntax first, so that "KK" or "KX" is malformed whatever the board holds.
    let letters: Vec<char> = text.chars().collect();
    let valid = |c: &char| matches!(c.to_ascii_uppercase(), 'K' | 'Q' | 'A'..='H');
    if !letters.iter().all(valid) || (1..letters.len()).any(|i| letters[..i].contains(&letters[i]))
    {
        return Err(FenError::InvalidCastling);
    }
    let mut rights = CastlingRights::NONE;
    let mut rooks = crate::castling_rooks::STANDARD_ROOKS;
    for c in letters {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let (side, rook) = match c.to_ascii_uppercase() {
            'K' => (
                CastlingSide::KingSide,
                outermost_rook(pos, color, CastlingSide::KingSide),
            ),
            'Q' => (
                CastlingSide::QueenSide,
                outermost_rook(pos, color, CastlingSide::QueenSide),
            ),
            letter @ 'A'..='H' => {
                pos.chess960 = true;
                let file = File::new(u32::from(letter) - u32::from('A'))
                    .ok_or(FenError::InvalidCastling)?;
                let king = pos.king_of(color);
                let square = Square::new(file, color.fold_wb(Rank::First, Rank::Eighth));
                let side = if file > king.file() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                (side, Some(square))
            }
            _ => return Err(FenError::InvalidCastling),
        };
        if rights.has(color, side) {
            return Err(FenError::InvalidCastling);
        }
        let rook = rook.ok_or(FenError::BadCastlingRights)?;
        rights = rights.with(color, side);
        rooks[CastlingRights::index(color, side)] = rook;
    }
    pos.set_castling(rights, rooks);
    Ok(())
}

/// Rejects positions that can't arise in a game (or that the move generator can't handle).
fn validate(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let pieces = pos.by_color[color];
        if pieces.count() > MAX_PIECES_PER_SIDE
            || (pieces & pos.by_role[Role::Pawn]).count() > MAX_PAWNS_PER_SIDE
        {
            return Err(FenError::TooManyPieces);
        }
        match (pieces & pos.by_role[Role::King]).count() {
            0 => return Err(FenError::NoKing),
            1 => {}
            _ => return Err(FenError::TooManyKings),
        }
    }
    if (pos.by_role[Role::Pawn] & Bitboard::BACKRANKS).any() {
        return Err(FenError::PawnOnBackRank);
    }
    validate_castling(pos)?;
    validate_en_passant(pos)?;
    let them = !pos.turn;
    let their_king = pos.king_of(them);
    if pos.attackers_to(their_king, pos.turn, pos.occupied()).any() {
        return Err(FenError::OppositeCheck);
    }
    let checkers = pos.checkers();
    if checkers.count() > 2 {
        return Err(FenError::ImpossibleCheck);
    }
    Ok(())
}

/// Each castling right needs its king on the back rank and its rook there on that side of it.
fn validate_castling(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let back = color.fold_wb(Rank::First, Rank::Eighth);
        let king = pos.king_of(color);
        for side in CastlingSide::ALL {
            let Some(rook) = pos.castling_rook(color, side) else {
                continue;
            };
            let rook_piece = Piece {
                color,
                role: Role::Rook,
            };
            let on_its_side = match side {
                CastlingSide::KingSide => rook.file() > king.file(),
                CastlingSide::QueenSide => rook.file() < king.file(),
            };
            if king.rank() != back || pos.piece_at(rook) != Some(rook_piece) || !on_its_side {
                return Err(FenError::BadCastlingRights);
            }
        }
    }
    validate_castling_start(pos)
}

/// At every start position, Chess960's included, the king stands between its two rooks, so a
/// king on the a- or h-file has no right to castle on either side: one of them has no rook
/// file beyond the king, and a king that moved has lost its rights.
fn validate_castling_start(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let castles = CastlingSide::ALL
            .iter()
            .any(|&side| pos.castling_rook(color, side).is_some());
        let file = pos.king_of(color).file();
        if castles && (file == File::A || file == File::H) {
            return Err(FenError::ImpossibleCastlingRights);
        }
    }
    Ok(())
}

/// An en-passant square must be on the side not to move's third rank, empty, with the square it
/// was jumped from empty and the pawn that jumped in front of it.
fn validate_en_passant(pos: &Position) -> Result<(), FenError> {
    let Some(ep) = pos.ep_square else {
        return Ok(());
    };
    let expected_rank = pos.turn.fold_wb(Rank::Sixth, Rank::Third);
    if ep.rank() != expected_rank {
        return Err(FenError::BadEnPassant);
    }
    let forward: i32 = pos.turn.fold_wb(8, -8);
    let (Some(pushed_to), Some(pushed_from)) = (ep.offset(-forward), ep.offset(forward)) else {
        return Err(FenError::BadEnPassant);
    };
    let pawn = Piece {
        color: !pos.turn,
        role: Role::Pawn,
    };
    let occupied = pos.occupied();
    if occupied.contains(ep)
        || occupied.contains(pushed_from)
        || pos.piece_at(pushed_to) != Some(pawn)
    {
        return Err(FenError::BadEnPassant);
    }
    Ok(())
}
