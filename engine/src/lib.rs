//! Chess rules for AlphaChess.
