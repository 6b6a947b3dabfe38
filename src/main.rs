//! The `patience` command: parse the command line, run the command, map the result to an exit
//! status (0 yes, 1 no, 2 bad input). Errors are printed as one line `error: ...`.

mod cli;
mod commands;

use std::io::{BufWriter, ErrorKind, Write};
use std::process::ExitCode;

/// The system allocator, but an allocation that fails (out of memory, or past `ulimit -v`)
/// ends the program with one line and exit status 2 instead of an abort with a backtrace;
/// except where the library asks for memory that it may be refused
/// ([`patience::fallible`]: the table's growth, which then stops at its bound).
struct Allocator;

// SAFETY: every call is passed on to the system allocator unchanged; only a null result is
// looked at, before it is returned.
#[allow(unsafe_code)]
unsafe impl std::alloc::GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        checked(unsafe { std::alloc::System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: as above.
        checked(
            unsafe { std::alloc::System.alloc_zeroed(layout) },
            layout.size(),
        )
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: as above.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        // SAFETY: as above.
        checked(
            unsafe { std::alloc::System.realloc(ptr, layout, size) },
            size,
        )
    }
}

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

/// `ptr`, or (when it is null and the allocation may not fail) the end of the program with
/// one line. Nothing here allocates: the line is formatted on the stack.
fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    if !ptr.is_null() || patience::is_fallible() {
        return ptr;
    }
    let mut line = [0u8; 256];
    let mut cursor = std::io::Cursor::new(&mut line[..]);
    let _ = writeln!(
        cursor,
        "error: out of memory (an allocation of {size} bytes failed): lower --table-mib or --threads; a --csv file keeps every finished row, and --resume continues it"
    );
    let n = cursor.position() as usize;
    let _ = std::io::stderr().write_all(&line[..n]);
    std::process::exit(2)
}

fn main() -> ExitCode {
    let cli = cli::parse_or_exit();
    if stdout_was_closed() {
        // Every command's answer is on standard output: run with it closed (`>&-`), a
        // `winrate` would work for hours and lose its summary, and exit 0. (Rust's runtime
        // puts /dev/null in the place of a closed standard output, so writes would "succeed".)
        eprintln!(
            "error: standard output is closed, so the output would be lost: redirect it to a file, or to /dev/null to discard it"
        );
        return ExitCode::from(2);
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result =
        commands::run(&cli, &mut patience::games::Games::new(), &mut out).and_then(|outcome| {
            out.flush()?;
            Ok(outcome)
        });
    match result {
        Ok(outcome) => ExitCode::from(outcome.exit_code()),
        // A reader that stops early (`patience deal ... | head`) is not an error.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let message = format!("{e:#}").replace(['\n', '\r'], " ");
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == ErrorKind::BrokenPipe)
    })
}

/// Whether file descriptor 1 was closed when the process started. Rust's runtime opens
/// /dev/null on a closed standard descriptor before `main`, so this is recorded earlier, by a
/// function the loader runs before the runtime starts (Linux; elsewhere it says `false`).
fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        closed_at_start::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

#[cfg(target_os = "linux")]
mod closed_at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    /// Runs before `main` and before Rust's runtime replaces closed descriptors: fd 1 is open
    /// exactly when /proc/self/fd/1 exists. (Without /proc nothing is recorded.)
    extern "C" fn record() {
        if std::path::Path::new("/proc/self/fd").is_dir()
            && std::fs::symlink_metadata("/proc/self/fd/1").is_err()
        {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }

    // SAFETY: a function pointer in `.init_array` is called once by the loader before `main`,
    // with no arguments; `record` only reads the file system and stores an atomic.
    #[used]
    #[allow(unsafe_code)]
    #[unsafe(link_section = ".init_array")]
    static RECORD: extern "C" fn() = record;
}
