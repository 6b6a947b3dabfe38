//! Allocations that are allowed to fail. The transposition table asks for more memory with
//! `try_reserve`, and a refusal is its bound (a search then ends `unknown (memory)`); every
//! other allocation that fails ends the program. A program that installs its own global
//! allocator asks [`is_fallible`] to tell the two apart.

use std::cell::Cell;

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
