//! README's walk-through as a test: every `console` block's commands run in order, as a user
//! would type them, in one empty folder, with this build's `patience` first on the PATH; each
//! command's output (standard output and error together) must match what README shows, where
//! `...` on a line of its own stands for lines left out and `[..]` for what differs from
//! machine to machine (timings, the thread count). So the page and the binary cannot drift.

use crate::common::tempdir;
use std::path::Path;
use std::process::Command;

/// The README's commands whose exit status is 1 (a negative answer); every other one exits 0.
const EXIT_1: &[&str] = &[
    "patience solve stonewall --seed 7",
    "patience solve stonewall --pysol 123456",
    "echo \"T2>F1 T1>F1\" | patience check stonewall --deal d.json -",
    "patience play stonewall --seed 1 --knowledge hidden --samples 16 --sample-nodes 1000",
];

/// A command of a console block and the output README shows for it.
struct Example {
    command: String,
    output: String,
    line: usize,
}

/// The commands of README's `console` blocks, in order.
fn examples(readme: &str) -> Vec<Example> {
    let mut all: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in readme.lines().enumerate() {
        if !in_console {
            in_console = line.trim_end() == "```console";
            continue;
        }
        if line.trim_end() == "```" {
            in_console = false;
        } else if let Some(cmd) = line.strip_prefix("$ ") {
            all.push(Example {
                command: cmd.to_string(),
                output: String::new(),
                line: i + 1,
            });
        } else {
            let last = all
                .last_mut()
                .expect("a console block starts with a command");
            last.output.push_str(line);
            last.output.push('\n');
        }
    }
    all
}

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

/// The search path with this build's `patience` first.
fn path_with_patience() -> std::ffi::OsString {
    let bin = Path::new(env!("CARGO_BIN_EXE_patience")).parent().unwrap();
    std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap()
}

/// Runs `command` with `sh` in `dir`, as README's reader would: standard output and error
/// together.
fn shell(command: &str, dir: &Path) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(dir)
        .env("PATH", path_with_patience())
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap()
}

#[test]
fn readmes_console_examples_give_the_output_it_shows() {
    let readme = readme();
    let examples = examples(&readme);
    assert!(examples.len() >= 20, "{} examples", examples.len());
    for cmd in EXIT_1 {
        assert!(
            examples.iter().any(|e| e.command == *cmd),
            "README has no command {cmd}"
        );
    }
    let dir = tempdir();
    for e in &examples {
        let out = shell(&e.command, dir.path());
        let code = out.status.code();
        let want = if EXIT_1.contains(&e.command.as_str()) {
            1
        } else {
            0
        };
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(
            code,
            Some(want),
            "README.md line {}: `{}` exited with {code:?}:\n{text}",
            e.line,
            e.command
        );
        eprintln!("README.md line {}: {}", e.line, e.command);
        snapbox::Assert::new().eq(text, snapbox::Data::text(e.output.clone()));
    }
}

/// The win-rate example's output, its thread count included, holds on a machine of one core
/// as on one of many (`taskset -c 0 cargo test`): run here with one worker thread.
#[test]
fn readmes_winrate_example_holds_on_one_thread() {
    let readme = readme();
    let example = examples(&readme)
        .into_iter()
        .find(|e| {
            e.command
                .starts_with("patience winrate stonewall --deals 20 --max-nodes 100000 --csv")
        })
        .expect("README's first win-rate example");
    let dir = tempdir();
    let out = shell(&format!("{} --threads 1", example.command), dir.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains(", 1 thread\n"), "{text}");
    snapbox::Assert::new().eq(text, snapbox::Data::text(example.output));
}
