//! Polyglot's keys of what is not a piece: entries 768 to 780 of `Random64`.

/// The castling rights K, Q, k, q.
pub(super) const CASTLING: [u64; 4] = [
    0x31D71DCE64B2C310,
    0xF165B587DF898190,
    0xA57E6339DD2CF3A0,
    0x1EF6E6DBB1961EC9,
];

/// An en-passant capture on file a, b, ... h.
pub(super) const EN_PASSANT: [u64; 8] = [
    0x70CC73D90BC26E24,
    0xE21A6B35DF0C3AD7,
    0x003A93D8B2806962,
    0x1C99DED33CB890A1,
    0xCF3145DE0ADD4289,
    0xD0E4427A5514FB72,
    0x77C621CC9FB3A483,
    0x67A34DAC4356550B,
];

/// White to move.
pub(super) const WHITE_TO_MOVE: u64 = 0xF8D626AAAF278509;
