//! The result file's format moved to [`crate::io::results`]; this path is kept for callers of
//! [`HEADER`] that still name it.

pub use crate::io::results::HEADER;
