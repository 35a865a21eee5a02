//! The networks the server ships (server/data/maia) are the files their SHA256SUMS names, and
//! every one of them loads.

use std::path::PathBuf;

use alphachess_maia::{Band, Networks};
use sha2::{Digest, Sha256};

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/data/maia")
}

#[test]
fn every_network_matches_its_checksum() {
    let sums = std::fs::read_to_string(folder().join("SHA256SUMS")).expect("SHA256SUMS is shipped");
    let mut checked = Vec::new();
    for line in sums.lines().filter(|l| !l.trim().is_empty()) {
        let (sum, name) = line.split_once("  ").expect("`<sha256>  <file>` lines");
        let bytes = std::fs::read(folder().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let actual: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(actual, sum, "{name} does not match SHA256SUMS");
        checked.push(name.to_string());
    }
    let expected: Vec<String> = Band::ALL.iter().map(|b| b.file_name()).collect();
    assert_eq!(checked, expected, "SHA256SUMS lists the nine networks");
}

#[test]
fn the_folder_carries_its_licence_and_provenance() {
    let copying = std::fs::read_to_string(folder().join("COPYING")).expect("COPYING is shipped");
    assert!(copying.contains("GNU GENERAL PUBLIC LICENSE"));
    let readme = std::fs::read_to_string(folder().join("README.md")).expect("README.md is shipped");
    assert!(
        readme.contains("e464f161c295f4246c2082f7b36d646d9bd14e7c"),
        "the provenance commit"
    );
}

#[test]
fn all_nine_networks_load_from_the_folder() {
    let networks = Networks::load(folder()).expect("the shipped networks load");
    let game = alphachess_engine::Game::default();
    for band in Band::ALL {
        assert_eq!(networks.get(band).policy(&game).len(), 20, "{band}");
    }
}
