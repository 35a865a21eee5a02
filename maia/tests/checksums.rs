//! `Networks::load` trusts only the files its folder's `SHA256SUMS` vouches for: a damaged
//! network, or one copied under another band's name, is refused by file and band.

use std::path::{Path, PathBuf};

use alphachess_maia::{Band, LoadError, LoadErrorKind, Networks};

fn shipped() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/data/maia")
}

/// A copy of the shipped folder, removed when the test ends.
fn copy_of_the_folder() -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix("alphachess-maia-sums-")
        .tempdir()
        .expect("temp dir");
    for entry in std::fs::read_dir(shipped()).expect("the shipped folder") {
        let path = entry.expect("an entry").path();
        std::fs::copy(&path, dir.path().join(path.file_name().expect("a name"))).expect("copy");
    }
    dir
}

/// Rewrites the folder's `SHA256SUMS` as `edit` makes it from the shipped text.
fn rewrite_sums(dir: &Path, edit: impl FnOnce(&str) -> String) {
    let list = dir.join("SHA256SUMS");
    let text = std::fs::read_to_string(&list).expect("read");
    std::fs::write(&list, edit(&text)).expect("write");
}

fn refused(dir: &Path) -> LoadError {
    Networks::load(dir)
        .err()
        .expect("the folder must be refused")
}

#[test]
fn a_flipped_byte_is_refused_naming_the_file_and_its_band() {
    let dir = copy_of_the_folder();
    let file = dir.path().join("maia-1500.pb.gz");
    let mut bytes = std::fs::read(&file).expect("read");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x01;
    std::fs::write(&file, bytes).expect("write");
    let error = refused(dir.path());
    assert_eq!(error.path, file);
    assert_eq!(error.band, Some(Band::R1500));
    assert!(
        matches!(error.kind, LoadErrorKind::Mismatch { copy_of: None, .. }),
        "{error}"
    );
    let message = error.to_string();
    let expected = "35ab6f20421d59e1df3b17c5a5016947af4c6761368ef84044a9a9c7619a9a00";
    assert!(
        message.starts_with(&format!(
            "cannot load the Maia network {} (band 1500): it does not match SHA256SUMS: expected {expected}, found ",
            file.display()
        )),
        "{message}"
    );
}

#[test]
fn a_network_copied_under_another_bands_name_is_refused_and_named_for_what_it_is() {
    let dir = copy_of_the_folder();
    std::fs::copy(
        dir.path().join("maia-1100.pb.gz"),
        dir.path().join("maia-1900.pb.gz"),
    )
    .expect("copy");
    let error = refused(dir.path());
    assert_eq!(error.band, Some(Band::R1900));
    assert!(
        matches!(&error.kind, LoadErrorKind::Mismatch { copy_of: Some(name), .. } if name == "maia-1100.pb.gz"),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .ends_with("(the digest SHA256SUMS lists for maia-1100.pb.gz)"),
        "{error}"
    );
}

#[test]
fn without_sha256sums_nothing_loads() {
    let dir = copy_of_the_folder();
    std::fs::remove_file(dir.path().join("SHA256SUMS")).expect("remove");
    let error = refused(dir.path());
    assert_eq!(error.band, Some(Band::R1100), "said of the first file");
    assert!(
        matches!(&error.kind, LoadErrorKind::Checksums { list, .. } if *list == dir.path().join("SHA256SUMS")),
        "{error}"
    );
}

#[test]
fn a_file_sha256sums_does_not_list_is_refused() {
    let dir = copy_of_the_folder();
    rewrite_sums(dir.path(), |text| {
        text.lines()
            .filter(|line| !line.ends_with("maia-1300.pb.gz"))
            .map(|line| format!("{line}\n"))
            .collect()
    });
    let error = refused(dir.path());
    assert_eq!(error.band, Some(Band::R1300));
    assert!(matches!(error.kind, LoadErrorKind::NotListed), "{error}");
    assert!(
        error
            .to_string()
            .ends_with("(band 1300): SHA256SUMS lists no digest for it"),
        "{error}"
    );
}

#[test]
fn a_malformed_sha256sums_line_is_refused_not_skipped() {
    let dir = copy_of_the_folder();
    rewrite_sums(dir.path(), |text| format!("{text}not a checksum line\n"));
    let error = refused(dir.path());
    assert!(
        matches!(error.kind, LoadErrorKind::ChecksumsLine { line: 10 }),
        "{error}"
    );
}

#[test]
fn the_shipped_folder_passes_its_own_checksums() {
    Networks::load(shipped()).expect("the shipped folder loads");
}
