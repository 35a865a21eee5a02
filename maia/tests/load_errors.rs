//! A missing, corrupt or foreign weight file is a typed error that names the file, never a panic.

use std::io::Write;
use std::path::Path;

use alphachess_maia::{LoadError, LoadErrorKind, Network, Networks};
use flate2::write::GzEncoder;
use flate2::Compression;
use sha2::{Digest, Sha256};

const REAL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../server/data/maia/maia-1100.pb.gz"
);

/// A scratch folder for one test's files, removed when the test ends.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("alphachess-maia-{name}-"))
        .tempdir()
        .expect("temp dir")
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
    encoder.write_all(bytes).expect("in memory");
    encoder.finish().expect("in memory")
}

fn unpacked_real() -> Vec<u8> {
    use std::io::Read;
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(REAL).expect("shipped"))
        .read_to_end(&mut bytes)
        .expect("gzip");
    bytes
}

fn load(dir: &Path, name: &str, bytes: &[u8]) -> LoadError {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write");
    let error = Network::load(&path)
        .err()
        .expect("the file must be refused");
    assert_eq!(error.path, path);
    assert!(error.to_string().contains(name), "{error}");
    error
}

#[test]
fn a_missing_file_is_named() {
    let error = Network::load("/nonexistent/maia-1100.pb.gz")
        .err()
        .expect("missing");
    assert!(matches!(error.kind, LoadErrorKind::Read(_)));
    assert_eq!(
        error.to_string(),
        "cannot load the Maia network /nonexistent/maia-1100.pb.gz: cannot read it as a gzip file"
    );
}

#[test]
fn a_file_that_is_not_gzip_is_refused() {
    let error = load(scratch("plain").path(), "plain.pb.gz", &unpacked_real());
    assert!(matches!(error.kind, LoadErrorKind::Read(_)), "{error}");
}

#[test]
fn a_truncated_file_is_refused() {
    let whole = std::fs::read(REAL).expect("shipped");
    let error = load(
        scratch("truncated").path(),
        "truncated.pb.gz",
        &whole[..whole.len() / 2],
    );
    assert!(matches!(error.kind, LoadErrorKind::Read(_)), "{error}");
}

#[test]
fn gzip_of_garbage_is_not_a_network() {
    let error = load(
        scratch("garbage").path(),
        "garbage.pb.gz",
        &gzip(&[0xff; 64]),
    );
    assert!(matches!(error.kind, LoadErrorKind::Decode(_)), "{error}");
}

#[test]
fn an_empty_message_has_no_lc0_magic() {
    let error = load(scratch("empty").path(), "empty.pb.gz", &gzip(&[]));
    assert!(
        matches!(
            error.kind,
            LoadErrorKind::Unsupported { field: "magic", .. }
        ),
        "{error}"
    );
}

#[test]
fn a_network_cut_short_misses_layers_or_fails_to_decode() {
    let bytes = unpacked_real();
    let error = load(
        scratch("short").path(),
        "short.pb.gz",
        &gzip(&bytes[..bytes.len() - 1000]),
    );
    assert!(
        matches!(
            error.kind,
            LoadErrorKind::Decode(_) | LoadErrorKind::MissingLayer(_) | LoadErrorKind::Shape { .. }
        ),
        "{error}"
    );
}

#[test]
fn a_folder_missing_one_band_names_that_file() {
    let folder = scratch("bands");
    let dir = folder.path();
    // SHA256SUMS vouches for one network under all nine names, so only the gap is refused.
    let digest = Sha256::digest(std::fs::read(REAL).expect("shipped"));
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    let mut sums = String::new();
    for rating in [1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900] {
        sums.push_str(&format!("{hex}  maia-{rating}.pb.gz\n"));
        if rating != 1500 {
            std::fs::copy(REAL, dir.join(format!("maia-{rating}.pb.gz"))).expect("copy");
        }
    }
    std::fs::write(dir.join("SHA256SUMS"), sums).expect("write");
    let error = Networks::load(dir).err().expect("maia-1500 is missing");
    assert_eq!(error.path, dir.join("maia-1500.pb.gz"));
    assert_eq!(error.band, Some(alphachess_maia::Band::R1500));
    assert!(matches!(error.kind, LoadErrorKind::Read(_)), "{error}");
}

#[test]
fn another_input_format_is_unsupported_and_named() {
    // pblczero.Net { magic: 0x1c0, format { weights_encoding: LINEAR16,
    //   network_format { input: INPUT_112_WITH_CASTLING_PLANE } } }, encoded by hand.
    let message = [
        0x0d, 0xc0, 0x01, 0x00, 0x00, 0x22, 0x06, 0x08, 0x01, 0x12, 0x02, 0x08, 0x02,
    ];
    let error = load(scratch("format").path(), "format.pb.gz", &gzip(&message));
    assert!(
        matches!(
            error.kind,
            LoadErrorKind::Unsupported {
                field: "network_format.input",
                found: 2,
                ..
            }
        ),
        "{error}"
    );
    assert!(error
        .to_string()
        .ends_with("network_format.input is 2, but only INPUT_CLASSICAL_112_PLANE is supported"));
}

#[test]
fn a_file_that_unpacks_to_far_more_than_a_network_is_refused_unread() {
    let error = load(
        scratch("bomb").path(),
        "bomb.pb.gz",
        &gzip(&vec![0; 17 << 20]),
    );
    assert!(
        matches!(error.kind, LoadErrorKind::TooLarge { .. }),
        "{error}"
    );
}
