//! Attack tables: king, knight and pawn lookups, slider lookups for rooks and bishops, and the
//! squares between and through two aligned squares.
//!
//! Slider tables are indexed by PEXT (BMI2's parallel bit extract of the relevant blockers) when
//! the build targets a CPU that has it, as `.cargo/config.toml`'s `target-cpu=native` does here:
//! one 3-cycle instruction instead of a multiply and a shift, and no magic number to load
//! (perft +4 %, README "Speed"). Other builds use fancy magic bitboards. Both share the table
//! layout (per square, `2^bits` entries at the same offset); only the order within differs.
//!
//! Every table is computed by `const fn` at compile time into a `static`, so a lookup is a load:
//! nothing is built at run time and nothing is checked per call.

use crate::{Bitboard, Color, Square};

/// The knight's jumps as (file, rank) steps.
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The king's steps.
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// Rook directions.
const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions.
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square `(file + df, rank + dr)` as a bit, or 0 off the board.
const fn step_bit(square: usize, df: i32, dr: i32) -> u64 {
    let file = (square % 8) as i32 + df;
    let rank = (square / 8) as i32 + dr;
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        1 << (rank * 8 + file)
    } else {
        0
    }
}

/// A table of single-step attacks for a leaper with these steps.
const fn leaper_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        let mut i = 0;
        while i < steps.len() {
            table[square] |= step_bit(square, steps[i].0, steps[i].1);
            i += 1;
        }
        square += 1;
    }
    table
}

/// Slider attacks by walking each ray until a blocker (the blocker itself is attacked).
/// With `inner_only`, the last square of each ray is left out: that is the relevant-occupancy mask.
const fn ray_walk(square: usize, occupied: u64, dirs: &[(i32, i32)], inner_only: bool) -> u64 {
    let mut attacks = 0;
    let mut d = 0;
    while d < dirs.len() {
        let (df, dr) = dirs[d];
        let mut file = (square % 8) as i32 + df;
        let mut rank = (square / 8) as i32 + dr;
        while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            let next_on_board = file + df >= 0 && file + df < 8 && rank + dr >= 0 && rank + dr < 8;
            if inner_only && !next_on_board {
                break;
            }
            let bit = 1u64 << (rank * 8 + file);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            file += df;
            rank += dr;
        }
        d += 1;
    }
    attacks
}

/// One square's magic: index = offset + ((occupied & mask) * magic) >> shift, or with PEXT
/// offset + pext(occupied, mask) (then `magic` and `shift` go unused).
#[derive(Copy, Clone)]
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "bmi2"),
    allow(dead_code, reason = "PEXT needs only the mask and offset")
)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// Rook and bishop entries share one table: rooks first.
const ROOK_TABLE_LEN: usize = 102_400;
/// Bishop entries, after the rook entries.
const BISHOP_TABLE_LEN: usize = 5_248;
/// Length of the shared slider table.
const SLIDER_TABLE_LEN: usize = ROOK_TABLE_LEN + BISHOP_TABLE_LEN;

/// Per-square magics for one slider, with table offsets starting at `base`.
const fn magics(dirs: &[(i32, i32); 4], numbers: &[u64; 64], base: usize) -> [Magic; 64] {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = base;
    let mut square = 0;
    while square < 64 {
        let mask = ray_walk(square, 0, dirs, true);
        let bits = mask.count_ones();
        out[square] = Magic {
            mask,
            magic: numbers[square],
            shift: 64 - bits,
            offset: offset as u32,
        };
        offset += 1 << bits;
        square += 1;
    }
    out
}

/// Where `subset`, the `nth` subset of `m.mask` in increasing order, sits in the shared table.
/// On BMI2 builds that is its PEXT index, which for subsets in increasing order is just `nth`.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
const fn table_index(m: &Magic, _subset: u64, nth: usize) -> usize {
    m.offset as usize + nth
}

/// Where `subset`, the `nth` subset of `m.mask` in increasing order, sits in the shared table:
/// its magic index.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
const fn table_index(m: &Magic, subset: u64, _nth: usize) -> usize {
    m.offset as usize + (subset.wrapping_mul(m.magic) >> m.shift) as usize
}

/// Fills the shared table by enumerating every subset of every relevant mask.
const fn slider_table() -> [u64; SLIDER_TABLE_LEN] {
    let mut table = [0; SLIDER_TABLE_LEN];
    let mut slider = 0;
    while slider < 2 {
        let (dirs, entries) = if slider == 0 {
            (&ROOK_DIRS, &ROOK_MAGICS)
        } else {
            (&BISHOP_DIRS, &BISHOP_MAGICS)
        };
        let mut square = 0;
        while square < 64 {
            let m = entries[square];
            // The carry-rippler trick walks the subsets of the mask in increasing order.
            let mut subset: u64 = 0;
            let mut nth = 0;
            loop {
                table[table_index(&m, subset, nth)] = ray_walk(square, subset, dirs, false);
                nth += 1;
                subset = subset.wrapping_sub(m.mask) & m.mask;
                if subset == 0 {
                    break;
                }
            }
            square += 1;
        }
        slider += 1;
    }
    table
}

/// The squares strictly between two aligned squares, and the whole line through them.
const fn between_and_line() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = KING_STEPS[d];
            let full = ray_walk(from, 0, &[(df, dr), (-df, -dr)], false) | 1 << from;
            let mut file = (from % 8) as i32 + df;
            let mut rank = (from / 8) as i32 + dr;
            let mut passed = 0u64;
            while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                let to = (rank * 8 + file) as usize;
                between[from][to] = passed;
                line[from][to] = full;
                passed |= 1 << to;
                file += df;
                rank += dr;
            }
            d += 1;
        }
        from += 1;
    }
    (between, line)
}

static KNIGHT_ATTACKS: [u64; 64] = leaper_table(&KNIGHT_STEPS);
static KING_ATTACKS: [u64; 64] = leaper_table(&KING_STEPS);
static PAWN_ATTACKS: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];
const ROOK_MAGICS: [Magic; 64] = magics(&ROOK_DIRS, &ROOK_NUMBERS, 0);
const BISHOP_MAGICS: [Magic; 64] = magics(&BISHOP_DIRS, &BISHOP_NUMBERS, ROOK_TABLE_LEN);
static ROOK_MAGIC_TABLE: [Magic; 64] = ROOK_MAGICS;
static BISHOP_MAGIC_TABLE: [Magic; 64] = BISHOP_MAGICS;
#[allow(long_running_const_eval)]
static SLIDER_ATTACKS: [u64; SLIDER_TABLE_LEN] = slider_table();
static BETWEEN_AND_LINE: ([[u64; 64]; 64], [[u64; 64]; 64]) = between_and_line();

/// The squares a knight on `square` attacks.
#[inline]
pub fn knight_attacks(square: Square) -> Bitboard {
    Bitboard(KNIGHT_ATTACKS[square as usize])
}

/// The squares a king on `square` attacks.
#[inline]
pub fn king_attacks(square: Square) -> Bitboard {
    Bitboard(KING_ATTACKS[square as usize])
}

/// The squares a pawn of `color` on `square` attacks (diagonally forward).
#[inline]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKS[color as usize][square as usize])
}

/// Looks up one slider's attacks in the shared table, indexed by PEXT.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    // SAFETY: `_pext_u64` only requires the CPU to have BMI2, and this function is compiled only
    // when the build targets BMI2 (the cfg above), as every other instruction of the crate then
    // may. `tests/attacks.rs` checks every square and blocker subset against a ray walk.
    let extracted = unsafe { std::arch::x86_64::_pext_u64(occupied.0, m.mask) };
    let index = m.offset as usize + extracted as usize;
    Bitboard(SLIDER_ATTACKS[index])
}

/// Looks up one slider's attacks in the shared table, indexed by magic multiplication.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let index =
        m.offset as usize + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(SLIDER_ATTACKS[index])
}

/// The squares a rook on `square` attacks when `occupied` is occupied (blockers are attacked).
#[inline]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGIC_TABLE[square as usize], occupied)
}

/// The squares a bishop on `square` attacks when `occupied` is occupied (blockers are attacked).
#[inline]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGIC_TABLE[square as usize], occupied)
}

/// The squares a queen on `square` attacks when `occupied` is occupied.
#[inline]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_AND_LINE.0[a as usize][b as usize])
}

/// The whole line (edge to edge) through `a` and `b` if they are aligned, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_AND_LINE.1[a as usize][b as usize])
}

/// Whether `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

/// Magic multipliers, found by a sparse random search (all give collision-free tables).
const ROOK_NUMBERS: [u64; 64] = [
    0x0080008040002018,
    0x0040100040002001,
    0x09000d0010200040,
    0x8080080010008004,
    0xa280080002340080,
    0x2500050024000208,
    0x0280010000800200,
    0x1100144380220100,
    0xa92080048c204002,
    0x0802804003200080,
    0x0108802000100089,
    0x8060800800801002,
    0xa002000822000410,
    0x950a001002000824,
    0x1202000408010200,
    0x02950008408a0100,
    0x40a0a18000814000,
    0x0080848020004011,
    0x0800828010002000,
    0x0500420010200a00,
    0x0008818004000802,
    0x0000808004000200,
    0x0000040001020810,
    0x0081120000442081,
    0x0522400180002090,
    0x2800200040401000,
    0x402004a180100481,
    0x0880420200200810,
    0x000a040080800800,
    0x080a000404001020,
    0x0000010400820810,
    0x4000d08200004c09,
    0x0100804000800020,
    0xcc01028026004200,
    0x0081002001004010,
    0x0000800800801000,
    0x0009800401802800,
    0x0002000902000410,
    0x0000180144001022,
    0x00008100c6002884,
    0x1200800040008024,
    0x2000200050044000,
    0x0090882200420010,
    0x6a1810200a020040,
    0x0480040008008080,
    0x0206001108160014,
    0xc010040200010100,
    0x000001018046000c,
    0x00b0400880042080,
    0x0040002010080220,
    0x0020004228110100,
    0x0150000804004140,
    0x0028008004000980,
    0x0801000804000300,
    0x2c80210208900400,
    0x0000040130408200,
    0x4001409100258001,
    0x0005004002883021,
    0x019041e003001019,
    0x8000200900041001,
    0x4021001002040801,
    0x0011000400080201,
    0x1600010210408804,
    0x2010810084003042,
];
/// Magic multipliers, found by a sparse random search (all give collision-free tables).
const BISHOP_NUMBERS: [u64; 64] = [
    0x0032482800818200,
    0x0819022820450000,
    0x4242108204880008,
    0x8044404080410224,
    0x1407104000080100,
    0x1b01100210004000,
    0x0b0c0888841010c1,
    0x08a0108201104020,
    0x00003888654c0410,
    0x0010220202520a00,
    0x4003048400820001,
    0x1007022082000002,
    0x3c22040420040a18,
    0x3440508820080030,
    0x1204208090082100,
    0x0000930501012000,
    0x0010842002d00100,
    0x0202000404484208,
    0x0008000100410602,
    0x0088000404200800,
    0xa004100202020232,
    0x0004200100a01002,
    0x0201000208020200,
    0x2022010022020200,
    0x80100410100410b0,
    0x3010704848011100,
    0x2000380010048320,
    0x8068080000202120,
    0x0001010080104000,
    0x4808004120806000,
    0x5000821000823008,
    0x0004010000504224,
    0x0088044010040808,
    0x0812022000032814,
    0xa000280800110202,
    0x2882200802010105,
    0x0508082400024100,
    0x8001010200030800,
    0x4001260e00019820,
    0x0c02040308507180,
    0x0880884441009000,
    0x20a84202a0011000,
    0x00010410820c1000,
    0x4000002018000108,
    0x0080091124004a00,
    0x0409010302010700,
    0x0088128802040040,
    0x1801010408801100,
    0x0184010190110800,
    0x0000404208210000,
    0x0000120908880000,
    0x9006180020884020,
    0x900000400488410a,
    0x0410218401020100,
    0x0004d00428008100,
    0x0002021404008400,
    0x0911410150222026,
    0x0300202088041040,
    0x0100a06124122800,
    0x001c042000420200,
    0x0004018208030400,
    0x0044040405080200,
    0x040820200402b680,
    0x0204200411020410,
];
