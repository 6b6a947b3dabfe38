//! Bad input to the newer commands (issue 69): outputs that are inputs, rows counted twice,
//! threads that cannot start, clap's misleading tips, a file given twice, `winrate --pysol`'s
//! first game. Each case asserts the exit status and the message.

use std::process::Command;

#[test]
fn threads_that_cannot_start_end_with_a_message_not_a_panic() {
    // Before: exit 101, "failed to spawn thread" (the progress bar's ticker, or the thread that
    // fed the pool its deals), in some of the runs near these limits.
    for (run, limit) in [145_000, 150_000, 155_000, 160_000, 165_000, 170_000]
        .iter()
        .cycle()
        .take(12)
        .enumerate()
    {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {limit} && exec \"$0\" winrate stonewall --deals 20 -j 2 --max-nodes 3000000 -q",
            ))
            .arg(env!("CARGO_BIN_EXE_patience"))
            .env_remove("RUST_BACKTRACE")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        assert_ne!(code, Some(101), "run {run}, ulimit -v {limit}: {err}");
        assert!(
            matches!(code, Some(0..=2)),
            "run {run}, ulimit -v {limit}: {code:?} {err}"
        );
        assert!(
            !err.contains("panicked"),
            "run {run}, ulimit -v {limit}: {err}"
        );
        if code == Some(2) {
            assert!(
                err.starts_with("error: ") && err.lines().count() == 1,
                "run {run}, ulimit -v {limit}: {err}"
            );
        }
    }
}
