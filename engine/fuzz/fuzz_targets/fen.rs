//! cargo-fuzz target: any bytes as FEN; see `check_fen` for the properties checked.
#![no_main]

#[path = "../../tests/fuzz_like/checks.rs"]
#[allow(dead_code)]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_fen(data));
