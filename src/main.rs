//! The `patience` command: parse the command line, run the command, map the result to an exit
//! status (0 yes, 1 no, 2 bad input). Errors are printed as one line `error: ...`.

use patience::{cli, commands};
use std::io::{BufWriter, ErrorKind, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::parse_or_exit();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = commands::run(&cli, &mut out).and_then(|outcome| {
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
