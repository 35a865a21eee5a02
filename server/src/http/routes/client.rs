//! The built client: its files, with the SPA fallback to `index.html`, cached as Vite means them
//! to be, and precompressed.
//!
//! Vite names what it puts under `/assets/` by content hash, so those never change: a year,
//! `immutable`. Everything else (`index.html` above all, which names the current assets) is
//! revalidated on every load (`no-cache`, with ETag and Last-Modified). When the build left a
//! `X.br` or `X.gz` beside `X` (`client/scripts/compress.mjs`) and the browser accepts it, that
//! is sent instead with its `Content-Encoding`; nothing is compressed on the fly, so the live
//! event stream (and any response that carries a token) never is.

use std::path::{Path, PathBuf};

use actix_files::{file_extension_to_mime, NamedFile, PathBufWrap};
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::http::error::ApiError;

/// `Cache-Control` of Vite's content-hashed files.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `Cache-Control` of everything else: keep it, but ask first.
pub const REVALIDATE: &str = "no-cache";

/// Where Vite puts its hashed files.
const ASSETS: &str = "assets/";

/// The built client's folder and its `index.html` (app data).
#[derive(Debug, Clone)]
pub struct ClientFiles {
    dir: PathBuf,
    index: PathBuf,
}

impl ClientFiles {
    pub fn new(dir: &Path) -> ClientFiles {
        ClientFiles {
            dir: dir.to_path_buf(),
            index: dir.join("index.html"),
        }
    }

    /// The file for a request path (already split from `/`), or `None` for the SPA fallback.
    fn file(&self, path: &str) -> Option<(PathBuf, String)> {
        let relative = PathBufWrap::parse_path(path, false).ok()?;
        let relative: &Path = relative.as_ref();
        let file = self.dir.join(relative);
        if relative.as_os_str().is_empty() || !file.is_file() {
            return None;
        }
        Some((file, relative.to_string_lossy().into_owned()))
    }
}

/// `GET` (or `HEAD`) of anything outside `/api`.
pub async fn serve(
    request: HttpRequest,
    files: web::Data<ClientFiles>,
) -> Result<HttpResponse, ApiError> {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return Err(ApiError::MethodNotAllowed);
    }
    let path = request.path().trim_start_matches('/');
    let (file, cache) = match files.file(path) {
        Some((file, relative)) if relative.starts_with(ASSETS) => (file, IMMUTABLE),
        Some((file, _)) => (file, REVALIDATE),
        None => (files.index.clone(), REVALIDATE),
    };
    let mut response = open(&request, &file).await?;
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Ok(response)
}

/// `file`, or its precompressed variant the request accepts (with `Vary: Accept-Encoding`
/// whenever a variant exists, so caches keep them apart).
async fn open(request: &HttpRequest, file: &Path) -> Result<HttpResponse, ApiError> {
    let not_found = |_| ApiError::NotFound;
    let extension = file
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    let content_type = file_extension_to_mime(extension);
    let variants = [
        (ContentEncoding::Brotli, "br"),
        (ContentEncoding::Gzip, "gz"),
    ];
    let mut varies = false;
    for (encoding, extension) in variants {
        let mut variant = file.as_os_str().to_owned();
        variant.push(format!(".{extension}"));
        let variant = PathBuf::from(variant);
        if !variant.is_file() {
            continue;
        }
        varies = true;
        if accepts(request, extension) {
            let named = NamedFile::open_async(&variant).await.map_err(not_found)?;
            // Typed as the file it encodes, not as an archive to download.
            let mut response = named
                .set_content_type(content_type)
                .disable_content_disposition()
                .set_content_encoding(encoding)
                .into_response(request);
            vary(&mut response);
            return Ok(response);
        }
    }
    let named = NamedFile::open_async(file).await.map_err(not_found)?;
    let mut response = named
        .prefer_utf8(true)
        .disable_content_disposition()
        .into_response(request);
    if varies {
        vary(&mut response);
    }
    Ok(response)
}

fn vary(response: &mut HttpResponse) {
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
}

/// Whether `Accept-Encoding` lists `coding` (`br`, `gzip` for `gz`) with a weight above zero.
fn accepts(request: &HttpRequest, extension: &str) -> bool {
    let coding = if extension == "gz" { "gzip" } else { extension };
    request
        .headers()
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused = parts.any(|param| {
                param
                    .strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            name.eq_ignore_ascii_case(coding) && !refused
        })
}
