//! Reading and writing the project's file formats (`docs/formats.md`), every one through serde:
//! deal files, move lists, the result CSV ([`results`]) and the JSON the commands print
//! ([`json`]). This layer, and only this layer, reads and writes files; the engine never does.
//! It knows the types it formats (deals, batch records and summaries, the planner's budget,
//! solve results); none of them knows it.

pub mod catalogue;
pub mod compare;
pub mod dealfile;
pub mod json;
pub mod movelist;
pub mod results;

use std::fmt;
use std::io::Read;
use std::path::PathBuf;

pub use crate::memory::{MAX_INPUT_BYTES, read_bounded, too_large};

/// A file of the project's formats that could not be read or written, or is not in its format.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The system or a parser refused: `what` names the file and what was being done.
    #[error("{what}")]
    Failed {
        what: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The file is readable but not in the format (the message names the file and the line).
    #[error("{0}")]
    Format(String),
}

/// `with_context` for results whose error is to become a [`FileError::Failed`].
pub(crate) trait Context<T> {
    fn with_context<F: FnOnce() -> String>(self, what: F) -> Result<T, FileError>;
}

impl<T, E: std::error::Error + Send + Sync + 'static> Context<T> for Result<T, E> {
    fn with_context<F: FnOnce() -> String>(self, what: F) -> Result<T, FileError> {
        self.map_err(|e| FileError::Failed {
            what: what(),
            source: Box::new(e),
        })
    }
}

/// Returns a [`FileError::Format`] with the formatted message.
macro_rules! format_error {
    ($($t:tt)*) => {
        return Err($crate::io::FileError::Format(format!($($t)*)))
    };
}
pub(crate) use format_error;

/// The most bytes read from a result file (4 GiB): its rows hold solutions, a few kilobytes
/// each, and all of them are held in memory.
pub const MAX_RESULT_BYTES: u64 = 4 << 30;

/// The longest line of a result file (64 MiB): the longest solution is far shorter.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// The bytes of a result file read from `r`: refused past [`MAX_RESULT_BYTES`], or as soon as
/// one line passes [`MAX_LINE_BYTES`] (a device such as /dev/zero, never a result file), so
/// that memory grows only with the rows actually read.
pub fn read_lines_bounded(mut r: impl Read) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let mut line_start = 0;
    loop {
        let n = match r.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        crate::memory::fallible(|| bytes.try_reserve(n))
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::OutOfMemory))?;
        bytes.extend_from_slice(&chunk[..n]);
        if let Some(i) = chunk[..n].iter().rposition(|&b| b == b'\n') {
            line_start = bytes.len() - n + i + 1;
        }
        if bytes.len() - line_start > MAX_LINE_BYTES {
            return Err(std::io::Error::other(format!(
                "a line of it is longer than {} MiB, far more than a result row",
                MAX_LINE_BYTES >> 20
            )));
        }
        if bytes.len() as u64 > MAX_RESULT_BYTES {
            return Err(too_large(MAX_RESULT_BYTES, "a result file"));
        }
    }
}

/// Where a command reads a file from: a path, or standard input (written `-`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    Path(PathBuf),
}

impl Input {
    /// `-` is standard input; anything else is a path, taken as given (any bytes, UTF-8 or not).
    pub fn from_arg(arg: impl AsRef<std::ffi::OsStr>) -> Input {
        let arg = arg.as_ref();
        if arg == "-" {
            Input::Stdin
        } else {
            Input::Path(PathBuf::from(arg))
        }
    }

    pub fn is_stdin(&self) -> bool {
        matches!(self, Input::Stdin)
    }

    /// The whole text of the input, without the UTF-8 byte-order mark that some editors
    /// (Windows Notepad) put first. (Line ends `\r\n` need nothing: JSON and the move-list
    /// reader take `\r` as white space.) The error names the file (or standard input).
    ///
    /// At most [`MAX_INPUT_BYTES`] are read: a deal file or a move list is a few kilobytes, and
    /// a path such as /dev/zero would otherwise be read until memory runs out.
    pub fn read_to_string(&self) -> Result<String, ReadError> {
        let (limit, what) = (MAX_INPUT_BYTES as u64, "a deal file or a move list");
        let read = match self {
            Input::Stdin => read_bounded(std::io::stdin().lock(), limit, what),
            Input::Path(p) => std::fs::File::open(p).and_then(|f| read_bounded(f, limit, what)),
        };
        let result = read.and_then(|bytes| {
            String::from_utf8(bytes).map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "stream did not contain valid UTF-8",
                )
            })
        });
        result
            .map(|s| match s.strip_prefix('\u{feff}') {
                Some(rest) => rest.to_string(),
                None => s,
            })
            .map_err(|e| ReadError {
                input: self.to_string(),
                why: e.to_string(),
            })
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Stdin => write!(f, "standard input"),
            Input::Path(p) => write!(f, "{}", p.display()),
        }
    }
}

/// A file (or standard input) that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {input}: {why}")]
pub struct ReadError {
    pub input: String,
    pub why: String,
}

/// A short description of a JSON value, for error messages.
pub(crate) fn describe(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {s:?}"),
        Value::Array(_) => "a list".to_string(),
        Value::Object(_) => "an object".to_string(),
    }
}
