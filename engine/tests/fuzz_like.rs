//! A few seconds of fuzzing in every `./build.sh test`: random byte strings, and real PGN/SAN/FEN
//! text with random mutations, through the same checks as the cargo-fuzz targets (no panic; what
//! reads writes back to text that reads the same). Inputs that once broke a parser are replayed.

#[path = "fuzz_like/checks.rs"]
mod checks;

use checks::{check_fen, check_pgn, check_san, check_uci};

const FAMOUS: &str = include_str!("data/famous.pgn");
const OUTCOMES: &str = include_str!("data/outcomes.pgn");

/// Inputs found by `cargo fuzz`, kept so the bugs they showed stay fixed.
const PGN_REGRESSIONS: &[&[u8]] = &[
    // A tag name made of invalid UTF-8 grew past the name limit once decoded, so the written
    // game lost the tag when read again.
    b"[White \"?\"]\n[\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\
      \xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\
      \xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\
      \xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xffResult \"0-1\"]\n\n\
      1. f3 e5 2. e4 Qh4# 0-1\n",
];

/// A small deterministic pseudo-random generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n
    }

    /// `len` bytes, mostly drawn from `alphabet`, sometimes any byte at all.
    fn bytes(&mut self, len: usize, alphabet: &[u8]) -> Vec<u8> {
        (0..len)
            .map(|_| match self.below(8) {
                0 => self.next() as u8,
                _ => alphabet[self.below(alphabet.len())],
            })
            .collect()
    }

    /// `text` with a few random bytes changed, inserted, deleted or copied from elsewhere.
    fn mutate(&mut self, text: &[u8], alphabet: &[u8]) -> Vec<u8> {
        let mut out = text.to_vec();
        for _ in 0..1 + self.below(4) {
            let at = self.below(out.len() + 1);
            match self.below(4) {
                0 if at < out.len() => out[at] = alphabet[self.below(alphabet.len())],
                1 => out.insert(at, alphabet[self.below(alphabet.len())]),
                2 if at < out.len() => {
                    out.remove(at);
                }
                _ => {
                    let from = self.below(out.len() + 1);
                    let len = self.below(16).min(out.len() - from);
                    let piece = out[from..from + len].to_vec();
                    out.splice(at..at, piece);
                }
            }
        }
        out
    }
}

const PGN_ALPHABET: &[u8] = b"[]\"\\{}();%$!?*.-/+#=:0123456789 \n\r\tabcdefghxKQRBNPO SetUpFEN";
const SAN_ALPHABET: &[u8] = b"abcdefgh12345678xKQRBNPO0-=+#!?: ";
const FEN_ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefghABCDEFGH0123456789";

#[test]
fn inputs_that_once_broke_a_parser_are_handled() {
    for input in PGN_REGRESSIONS {
        check_pgn(input);
    }
}

#[test]
fn random_bytes_never_break_the_pgn_reader() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let games: Vec<&str> = FAMOUS
        .split("\n[Event ")
        .chain(OUTCOMES.split("\n[Event "))
        .collect();
    for _ in 0..3_000 {
        let len = rng.below(400);
        check_pgn(&rng.bytes(len, PGN_ALPHABET));
        let game = games[rng.below(games.len())].as_bytes();
        check_pgn(&rng.mutate(game, PGN_ALPHABET));
    }
}

#[test]
fn random_bytes_never_break_the_san_reader() {
    let mut rng = Rng(0x0fed_cba9_8765_4321);
    let seeds: [&[u8]; 8] = [
        b"Nf3", b"Qh4xe1+", b"exd6", b"e8=Q#", b"O-O-O", b"g1f3", b"N1f3!?", b"e7e8q",
    ];
    for _ in 0..20_000 {
        let len = rng.below(12);
        check_san(&rng.bytes(len, SAN_ALPHABET));
        let seed = seeds[rng.below(seeds.len())];
        check_san(&rng.mutate(seed, SAN_ALPHABET));
    }
}

#[test]
fn random_bytes_never_break_the_uci_reader() {
    let mut rng = Rng(0x5555_aaaa_5555_aaab);
    for _ in 0..20_000 {
        let len = rng.below(7);
        check_uci(&rng.bytes(len, SAN_ALPHABET));
        check_uci(&rng.mutate(b"e7e8q", SAN_ALPHABET));
    }
}

#[test]
fn random_bytes_never_break_the_fen_reader() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let seeds: [&[u8]; 6] = [
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        b"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        b"rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
        b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        b"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
        b"2r1kr2/8/8/8/8/8/8/R3KR1R w FAfc - 0 1",
    ];
    for _ in 0..5_000 {
        let len = rng.below(80);
        check_fen(&rng.bytes(len, FEN_ALPHABET));
        let seed = seeds[rng.below(seeds.len())];
        check_fen(&rng.mutate(seed, FEN_ALPHABET));
    }
}

/// A FEN with each side's king and up to 15 more pieces, mostly queens and rooks, on random
/// squares (pawns off the back ranks): the crowded positions that come closest to
/// [`alphachess_engine::MAX_MOVES`].
fn crowded_fen(rng: &mut Rng) -> String {
    let mut board = [b'1'; 64];
    let mut place = |rng: &mut Rng, piece: u8| loop {
        let square = rng.below(64);
        let back_rank = !(8..56).contains(&square);
        if board[square] == b'1' && !(piece.eq_ignore_ascii_case(&b'p') && back_rank) {
            board[square] = piece;
            return;
        }
    };
    for king in [b'K', b'k'] {
        place(rng, king);
    }
    for side in [0u8, 32] {
        for _ in 0..rng.below(16) {
            let piece = b"QQQQRRBNP"[rng.below(9)] | side;
            place(rng, piece);
        }
    }
    let ranks: Vec<String> = board
        .chunks(8)
        .rev()
        .map(|rank| String::from_utf8_lossy(rank).into_owned())
        .collect();
    let turn = if rng.below(2) == 0 { "w" } else { "b" };
    format!("{} {turn} - - 0 1", ranks.join("/"))
}

#[test]
fn crowded_random_boards_never_overflow_the_move_list() {
    let mut rng = Rng(0x7777_0000_1234_5679);
    for _ in 0..5_000 {
        check_fen(crowded_fen(&mut rng).as_bytes());
    }
}
