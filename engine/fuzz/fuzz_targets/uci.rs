//! cargo-fuzz target: any bytes as UCI; see `check_uci` for the properties checked.
#![no_main]

#[path = "../../tests/fuzz_like/checks.rs"]
#[allow(dead_code)]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_uci(data));
