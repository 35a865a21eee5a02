//! FEN: parsing (with validation of the position) and writing.

use std::fmt;
use std::str::FromStr;

use crate::{
    Bitboard, CastlingRights, CastlingSide, Color, File, Piece, Position, Rank, Role, Square,
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
    /// The castling field is not "-" or a subset of "KQkq".
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
    /// A castling right without the king and rook on their starting squares.
    BadCastlingRights,
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
            FenError::InvalidCastling => "invalid fen: castling must be - or a subset of KQkq",
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
        pos.castling = parse_castling(fields[2])?;
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
        pos.zobrist = pos.compute_zobrist();
        Ok(pos)
    }

    /// The FEN of this position, with move counters.
    pub fn to_fen(&self) -> String {
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
        fen.push_str(&format!(
            " {} {} {} {} {}",
            self.turn.char(),
            self.castling,
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

/// Parses "-" or a subset of "KQkq" (each letter at most once).
fn parse_castling(text: &str) -> Result<CastlingRights, FenError> {
    if text == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    for c in text.chars() {
        let (color, side) = match c {
            'K' => (Color::White, CastlingSide::KingSide),
            'Q' => (Color::White, CastlingSide::QueenSide),
            'k' => (Color::Black, CastlingSide::KingSide),
            'q' => (Color::Black, CastlingSide::QueenSide),
            _ => return Err(FenError::InvalidCastling),
        };
        if rights.has(color, side) {
            return Err(FenError::InvalidCastling);
        }
        rights = rights.with(color, side);
    }
    Ok(rights)
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

/// Each castling right needs the king and that rook on their starting squares.
fn validate_castling(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if !pos.castling.has(color, side) {
                continue;
            }
            let king = Piece {
                color,
                role: Role::King,
            };
            let rook = Piece {
                color,
                role: Role::Rook,
            };
            if pos.piece_at(side.king_from(color)) != Some(king)
                || pos.piece_at(side.rook_from(color)) != Some(rook)
            {
                return Err(FenError::BadCastlingRights);
            }
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
