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

/// Every shell command README shows (in its `console` and `sh` blocks and in its text), each
/// line continued with `\` joined to the next.
fn readme_commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut prose = String::new();
    let mut fence: Option<bool> = None; // Some(true) in a console or sh block
    let mut pending = String::new();
    for line in readme.lines() {
        let t = line.trim_end();
        if let Some(lang) = t.strip_prefix("```") {
            fence = match fence {
                None => Some(lang == "console" || lang == "sh"),
                Some(_) => None,
            };
            continue;
        }
        match fence {
            None => {
                prose.push_str(t);
                prose.push(' ');
            }
            Some(false) => {}
            Some(true) => {
                let t = t.strip_prefix("$ ").unwrap_or(t);
                if let Some(head) = t.strip_suffix('\\') {
                    pending.push_str(head);
                    continue;
                }
                pending.push_str(t);
                commands.push(std::mem::take(&mut pending));
            }
        }
    }
    // Commands in the text: `patience ...` between backticks.
    for (i, span) in prose.split('`').enumerate() {
        if i % 2 == 1 && span.starts_with("patience ") {
            commands.push(span.to_string());
        }
    }
    commands
}

/// The files a command of README writes (after `>`, `--csv`, `--out`, `--html`, `--json FILE`,
/// `--screenshot=`) and those it reads (the other words that name a file by its extension).
fn files_of(command: &str) -> (Vec<String>, Vec<String>) {
    let code = command.split(" #").next().unwrap_or(command);
    let words: Vec<&str> = code.split_whitespace().collect();
    let is_file = |w: &str| {
        [".csv", ".json", ".toml", ".txt", ".html", ".svg", ".png"]
            .iter()
            .any(|e| w.ends_with(e))
    };
    let (mut written, mut read) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < words.len() {
        let w = words[i].trim_matches('"');
        let next = words.get(i + 1).map(|n| n.trim_matches('"'));
        if let Some(f) = w.strip_prefix("--screenshot=") {
            written.push(f.to_string());
        } else if matches!(w, ">" | "--csv" | "--out" | "--html" | "--json")
            && let Some(f) = next.filter(|f| is_file(f))
        {
            written.push(f.to_string());
            i += 1;
        } else if is_file(w) && !w.starts_with('-') {
            read.push(w.to_string());
        }
        i += 1;
    }
    (written, read)
}

/// README's commands run in an empty folder: each reads only files that an earlier command
/// made, and writes only into the folder (no `docs/img/`, which an empty folder lacks).
#[test]
fn readmes_commands_read_files_made_before_and_write_in_the_folder() {
    let readme = readme();
    let commands = readme_commands(&readme);
    assert!(commands.len() >= 30, "{} commands", commands.len());
    let mut made: Vec<String> = Vec::new();
    let mut checked = 0;
    for command in &commands {
        let (written, read) = files_of(command);
        for f in &read {
            assert!(
                made.contains(f),
                "README: `{command}` reads {f}, which no command before it makes"
            );
            checked += 1;
        }
        for f in written {
            assert!(
                !f.contains('/'),
                "README: `{command}` writes {f}, outside the folder"
            );
            made.push(f);
        }
    }
    assert!(checked >= 20, "{checked} files read");
}
