//! How large a request body may be: the edge reads no more (`startup` configures every body
//! reader with it) and answers `413 payload_too_large` naming it (`error`). A module of its own
//! because both need it and `error` may not import `startup`, which imports `error`.

/// The largest request body: an annotated PGN fits, nothing much larger does.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
