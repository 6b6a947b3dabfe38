//! Allocations that are allowed to fail, and inputs read to a bound. The transposition table
//! asks for more memory with `try_reserve`, and a refusal is its bound (a search then ends
//! `unknown (memory)`); every other allocation that fails ends the program. A program that
//! installs its own global allocator asks [`is_fallible`] to tell the two apart. A file read
//! whole (a deal file, a move list, a rules file) is read to a bound ([`read_bounded`]), so
//! that a device or a huge file is refused before it fills the memory.

use std::cell::Cell;
use std::io::Read;

thread_local! {
    static FALLIBLE: Cell<u32> = const { Cell::new(0) };
}

/// Runs `f`, during which a failed allocation on this thread is reported to its caller (by
/// `try_reserve`) rather than ending the program.
pub fn fallible<T>(f: impl FnOnce() -> T) -> T {
    FALLIBLE.with(|c| c.set(c.get() + 1));
    let result = f();
    FALLIBLE.with(|c| c.set(c.get() - 1));
    result
}

/// Whether the current thread is inside [`fallible`].
pub fn is_fallible() -> bool {
    FALLIBLE.try_with(|c| c.get() > 0).unwrap_or(false)
}

/// The most bytes read from a deal file, a move list or a rules file (64 MiB).
pub const MAX_INPUT_BYTES: usize = 64 << 20;

/// The refusal of an input past its bound: `what` says what the input should have been.
pub fn too_large(limit: u64, what: &str) -> std::io::Error {
    std::io::Error::other(format!(
        "it is larger than {} MiB, far more than {what}",
        limit >> 20
    ))
}

/// At most `limit` bytes of `r`, and an error (that of [`too_large`]) when it has more.
pub fn read_bounded(r: impl Read, limit: u64, what: &str) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let n = r.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if n as u64 > limit {
        return Err(too_large(limit, what));
    }
    Ok(bytes)
}
