//! The legal move generator against a slow reference: generate pseudo-legal moves naively, make
//! each, and keep those that leave the king safe. Every generated move must be legal and every
//! legal move generated, in the suite positions and along many random games.

mod common;

use alphachess_engine::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks,
};
use alphachess_engine::{Bitboard, CastlingSide, Move, Position, Rank, Role, Square, MAX_MOVES};

/// Pseudo-legal moves of the pawn on `from`.
fn pawn_moves(pos: &Position, from: Square, out: &mut Vec<Move>) {
    let us = pos.turn();
    let up: i32 = us.fold_wb(8, -8);
    let last = us.fold_wb(Rank::Eighth, Rank::First);
    let start = us.fold_wb(Rank::Second, Rank::Seventh);
    let occupied = pos.occupied();
    let mut targets = pawn_attacks(us, from) & pos.by_color(!us);
    if let Some(one) = from.offset(up).filter(|&sq| !occupied.contains(sq)) {
        targets = targets.with(one);
        if let Some(two) = one
            .offset(up)
            .filter(|&sq| from.rank() == start && !occupied.contains(sq))
        {
            targets = targets.with(two);
        }
    }
    for to in targets {
        if to.rank() == last {
            out.extend(
                [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                    .map(|r| Move::promote(from, to, r)),
            );
        } else {
            out.push(Move::normal(from, to));
        }
    }
    if let Some(ep) = pos
        .ep_square()
        .filter(|&ep| pawn_attacks(us, from).contains(ep))
    {
        out.push(Move::en_passant(from, ep));
    }
}

/// Castling moves whose squares are empty and not attacked (the king may not be in check).
fn castling_moves(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn();
    for side in CastlingSide::ALL {
        let (king_from, king_to) = (side.king_from(us), side.king_to(us));
        let path = between(king_from, king_to).with(king_to).with(king_from);
        let clear = (between(king_from, side.rook_from(us)) & pos.occupied()).is_empty();
        let safe = path
            .into_iter()
            .all(|sq| pos.attackers_to(sq, !us, pos.occupied()).is_empty());
        if pos.castling_rights().has(us, side) && clear && safe {
            out.push(Move::castle(king_from, king_to));
        }
    }
}

/// The reference: pseudo-legal moves filtered by making them and looking at the king.
fn reference_moves(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let ours = pos.by_color(us);
    let occupied = pos.occupied();
    let mut pseudo = Vec::new();
    for from in ours {
        let targets = match pos.role_at(from).expect("own piece") {
            Role::Pawn => {
                pawn_moves(pos, from, &mut pseudo);
                Bitboard::EMPTY
            }
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            Role::King => king_attacks(from),
        };
        pseudo.extend(
            (targets & !ours)
                .into_iter()
                .map(|to| Move::normal(from, to)),
        );
    }
    castling_moves(pos, &mut pseudo);
    pseudo.retain(|&m| {
        let mut after = pos.clone();
        after.play_unchecked(m);
        after
            .attackers_to(after.king_of(us), !us, after.occupied())
            .is_empty()
    });
    pseudo.sort();
    pseudo
}

/// Compares the generator with the reference in one position.
fn check(pos: &Position, context: &str) {
    let mut generated: Vec<Move> = pos.legal_moves().to_vec();
    generated.sort();
    let expected = reference_moves(pos);
    assert!(expected.len() <= MAX_MOVES, "{context}: {pos}");
    assert_eq!(generated, expected, "{context}: {pos}");
    assert_eq!(pos.count_legal_moves(), expected.len(), "{context}: {pos}");
    for m in &expected {
        assert!(pos.is_legal(*m), "{context}: {m} in {pos}");
    }
    let mut by_square = 0;
    for sq in Square::ALL {
        let from_sq = pos.legal_moves_from(sq);
        assert!(from_sq.iter().all(|m| m.from() == sq));
        by_square += from_sq.len();
    }
    assert_eq!(by_square, expected.len(), "{context}: {pos}");
}

#[test]
fn generated_moves_equal_the_reference_in_every_suite_position() {
    for (index, line) in include_str!("data/perft-suite.epd").lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fen = line.split(';').next().unwrap_or_default();
        let pos = Position::from_fen(fen).expect("valid");
        check(&pos, &format!("perft-suite.epd line {}", index + 1));
    }
}

#[test]
fn generated_moves_equal_the_reference_along_many_random_games() {
    let mut rng = common::Rng::new(0xC0FFEE);
    for game in 0..120 {
        let start = Position::from_fen(common::STARTS[game % 6]).expect("valid");
        check(&start, "start");
        common::random_game(&start, 150, &mut rng, |_, m, after| {
            check(after, &format!("game {game} after {m}"));
        });
    }
}

#[test]
fn moves_of_other_positions_are_not_legal() {
    let pos = Position::startpos();
    assert!(!pos.is_legal(Move::normal(Square::E2, Square::E5)));
    assert!(!pos.is_legal(Move::normal(Square::E7, Square::E5)));
    assert!(!pos.is_legal(Move::castle(Square::E1, Square::G1)));
    assert!(!pos.is_legal(Move::en_passant(Square::E2, Square::D3)));
    assert!(!pos.is_legal(Move::promote(Square::E2, Square::E3, Role::Queen)));
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_not_generated() {
    let pos = Position::from_fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 2").expect("valid");
    assert!(!pos.legal_moves().iter().any(|m| m.is_en_passant()));
    assert_eq!(pos.legal_ep_square(), None);
    let free = Position::from_fen("8/8/8/1Pp4r/K7/8/8/7k w - c6 0 2").expect("valid");
    assert!(free.legal_moves().iter().any(|m| m.is_en_passant()));
}

#[test]
fn in_double_check_only_the_king_moves() {
    let pos = Position::from_fen("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1").expect("valid");
    assert_eq!(pos.checkers().count(), 2);
    assert!(pos.legal_moves().iter().all(|m| m.from() == Square::E1));
}

#[test]
fn castling_out_of_or_through_check_is_not_generated() {
    let through = Position::from_fen("4kr2/8/8/8/8/8/8/4K2R w K - 0 1").expect("valid");
    assert!(!through.legal_moves().iter().any(|m| m.is_castle()));
    let out_of = Position::from_fen("4k3/4r3/8/8/8/8/8/4K2R w K - 0 1").expect("valid");
    assert!(!out_of.legal_moves().iter().any(|m| m.is_castle()));
    let rook_attacked = Position::from_fen("4k2r/8/8/8/8/8/8/4K2R w K - 0 1").expect("valid");
    assert!(rook_attacked.legal_moves().iter().any(|m| m.is_castle()));
}

#[test]
fn a_pawn_on_the_seventh_rank_promotes_to_all_four_pieces() {
    let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    let promotions: Vec<Role> = pos
        .legal_moves()
        .iter()
        .filter_map(|m| m.promotion())
        .collect();
    assert_eq!(promotions.len(), 4);
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        assert!(promotions.contains(&role), "{role:?}");
    }
}

#[test]
fn max_moves_is_fifteen_pieces_of_the_widest_reach_plus_the_king() {
    let widest = |attacks: fn(Square) -> Bitboard| {
        Square::ALL
            .into_iter()
            .map(|sq| attacks(sq).count())
            .max()
            .expect("64 squares")
    };
    let queen = widest(|sq| queen_attacks(sq, Bitboard::EMPTY));
    assert_eq!(queen, 27);
    assert_eq!(widest(|sq| rook_attacks(sq, Bitboard::EMPTY)), 14);
    assert_eq!(widest(|sq| bishop_attacks(sq, Bitboard::EMPTY)), 13);
    assert_eq!(widest(knight_attacks), 8);
    // A pawn: at most three destinations (push, two captures), times four promotions.
    assert!(3 * Role::PROMOTIONS.len() <= queen);
    let king_steps = widest(king_attacks);
    assert_eq!(king_steps, 8);
    assert_eq!(MAX_MOVES, 15 * queen + king_steps + CastlingSide::ALL.len());
    assert_eq!(MAX_MOVES, 415);
}

#[test]
fn the_most_moves_a_real_game_can_reach_are_all_generated() {
    let fen = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    let pos = Position::from_fen(fen).expect("valid");
    assert_eq!(pos.count_legal_moves(), 218);
    assert_eq!(pos.legal_moves().len(), 218);
    check(&pos, "218 moves");
}

/// The most moves found for a position FEN validation accepts: fifteen queens, the black king
/// tucked in a corner behind its own pawns and bishop (found by simulated annealing over piece
/// placements, scored by `count_legal_moves`).
const FIFTEEN_QUEENS: &str = "K1Q4Q/Q4Q2/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Qpp/2QQ1Qbk w - - 0 1";

#[test]
fn fifteen_queens_fit_in_a_move_list() {
    let pos = Position::from_fen(FIFTEEN_QUEENS).expect("valid");
    assert_eq!(pos.count_legal_moves(), 241);
    assert_eq!(pos.legal_moves().len(), 241);
    check(&pos, "fifteen queens");
    let mirrored = Position::from_fen(&mirror(FIFTEEN_QUEENS)).expect("valid");
    assert_eq!(mirrored.legal_moves().len(), 241);
}

/// The same position with colours swapped and the board flipped, black to move.
fn mirror(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let board: Vec<String> = fields
        .next()
        .expect("board")
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    format!("{} b - - 0 1", board.join("/"))
}
