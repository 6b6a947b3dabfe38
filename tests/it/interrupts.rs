//! Runs ended from outside: Ctrl-C, SIGTERM and SIGHUP, a cancelled solve, and a closed or full
//! standard output. Each ends promptly, with its exit status and one summary.

use crate::common::{AT_ONCE, arg, run, stderr_of, stdout_of, tempdir};
use crate::helpers::solving::{solver, start_of};
use patience::games::FortyThieves;
use patience::{Limit, Prune, Verdict};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Starts `patience args` with its output captured, waits `after`, sends it SIGINT (as Ctrl-C
/// does, with the `kill` program), and waits at most `limit` for it to end; then (exit status,
/// stdout, stderr, seconds from the signal to the end).
fn interrupt(args: &[&str], after: Duration, limit: Duration) -> (i32, String, String, f64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running patience");
    std::thread::sleep(after);
    assert!(
        child.try_wait().unwrap().is_none(),
        "{args:?} ended before the signal"
    );
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("running kill");
    assert!(status.success());
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed() > limit {
            let _ = child.kill();
            panic!("{args:?} did not stop within {limit:?} of Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let seconds = t0.elapsed().as_secs_f64();
    let out = child.wait_with_output().unwrap();
    let (o, e) = (stdout_of(&out), stderr_of(&out));
    assert!(!e.contains("panicked"), "{args:?}: {e}");
    (out.status.code().unwrap_or(-1), o, e, seconds)
}

#[test]
fn ctrl_c_stops_a_winrate_of_2_pow_64_seeds_at_once_and_says_interrupted_once() {
    // Before: the pool walked through every seed left to skip it (13.6 s at 10^9 seeds; at
    // 2^64 - 1 it never stopped).
    for deals in ["1000000000", "18446744073709551615"] {
        let (code, out, err, seconds) = interrupt(
            &[
                "winrate",
                "stonewall",
                "--deals",
                deals,
                "-j",
                "2",
                "--max-nodes",
                "2000",
            ],
            Duration::from_millis(1500),
            Duration::from_secs(10),
        );
        assert_eq!(code, 1, "--deals {deals}: {err}");
        assert!(seconds < 10.0);
        let all = format!("{out}{err}");
        assert_eq!(
            all.matches("interrupted").count(),
            1,
            "--deals {deals}: {all}"
        );
        assert!(out.contains("interrupted: "), "{out}");
        assert!(out.contains(&format!("of {deals} deals finished")), "{out}");
    }
}

#[test]
fn ctrl_c_of_solve_says_interrupted_not_stopped_by_the_cancelled() {
    // Forty Thieves seed 0 runs for a minute before a 1 GiB table is full.
    let (code, out, err, _) = interrupt(
        &[
            "solve",
            "forty-thieves",
            "--seed",
            "0",
            "--table-mib",
            "1024",
            "--max-nodes",
            "1000000000000",
        ],
        Duration::from_millis(1500),
        Duration::from_secs(10),
    );
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with("unknown: interrupted (Ctrl-C)\n"), "{out}");
    assert!(!out.contains("cancelled"), "{out}");
}

#[test]
fn sigterm_and_sighup_end_a_winrate_as_ctrl_c_does() {
    // Before: SIGTERM (what Slurm and Kubernetes send) ended the process at once, exit 143,
    // with no summary line.
    for signal in ["-TERM", "-HUP"] {
        let dir = tempdir();
        let csv = dir.path().join("r.csv");
        let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
            .args([
                "winrate",
                "stonewall",
                "--deals",
                "100000000",
                "-j",
                "2",
                "-q",
            ])
            .args(["--max-nodes", "2000", "--csv", arg(&csv)])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let t0 = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if t0.elapsed() > AT_ONCE {
                let _ = child.kill();
                panic!("{signal}: did not stop");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{signal}: {}", stderr_of(&out));
        assert!(text.contains("interrupted: "), "{signal}: {text}");
        // The file resumes.
        let (code, _, err) = run(&[
            "winrate",
            "stonewall",
            "--deals",
            "2",
            "--csv",
            arg(&csv),
            "--resume",
        ]);
        assert_eq!(code, 0, "{signal}: {err}");
    }
}

/// A cancel is seen before each turn of a scan and each restart, not only every 1,024 nodes
/// inside a search: with the exact node cap, short restarts and turns never reach that check,
/// and a cancelled solve (Ctrl-C, Python's KeyboardInterrupt) ran on to its whole budget.
#[test]
fn a_cancelled_solve_stops_before_its_next_turn() {
    let v = FortyThieves;
    let start = start_of::<FortyThieves>(v, 0);
    let cancel = AtomicBool::new(true);
    let sol = solver::<FortyThieves>(v, 1_000_000_000, Prune::default())
        .solve(&start, &cancel)
        .unwrap();
    assert_eq!(sol.verdict, Verdict::Unknown(Limit::Cancelled));
    assert_eq!(sol.stats.nodes, 0, "no node after the cancel");
}

#[cfg(target_os = "linux")]
#[test]
fn winrate_with_stdout_closed_is_an_error() {
    // `>&-`: before, the summary was lost and the exit status 0.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" >&-"])
        .arg(env!("CARGO_BIN_EXE_patience"))
        .args(["winrate", "stonewall", "--deals", "3", "-q"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: standard output is closed"), "{err}");
    // Discarded on purpose it is not an error.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" >/dev/null"])
        .arg(env!("CARGO_BIN_EXE_patience"))
        .args(["winrate", "stonewall", "--deals", "3", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    // A full disk is an error too.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" >/dev/full"])
        .arg(env!("CARGO_BIN_EXE_patience"))
        .args(["winrate", "stonewall", "--deals", "3", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
}
